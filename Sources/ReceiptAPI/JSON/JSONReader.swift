public import Foundation

/// A strict pull reader of JSON text in UTF-8: the wire types read themselves from it key by key,
/// without the boxing and key matching of `JSONDecoder`.
///
/// A reader exists only inside ``read(_:from:)``, over bytes that live as long as it does. It
/// accepts RFC 8259 JSON and nothing more: no byte order mark, no trailing commas, no comments, no
/// raw control characters in strings, no leading zeros, and nothing after the value.
public struct JSONReader {
    /// How deeply arrays and objects may nest, as in `JSONDecoder`.
    public static let depthLimit = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// The byte the reader looks at next.
    public internal(set) var offset = 0
    var depth = 0
    /// Whether the container just opened has yet to see its first member: the next one needs no comma.
    var atFirstMember = false
    /// Reused for strings with escapes.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads one value of `type` that must make up the whole of `bytes`, whitespace aside.
    public static func read<Value: JSONReadable>(
        _ type: Value.Type = Value.self, from bytes: some ContiguousBytes
    ) throws(JSONReadError) -> Value {
        let result: Result<Value, JSONReadError> = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw.assumingMemoryBound(to: UInt8.self))
            do throws(JSONReadError) {
                return .success(try reader.readDocument(Value.self))
            } catch {
                return .failure(error.located(in: reader.bytes))
            }
        }
        return try result.get()
    }

    private mutating func readDocument<Value: JSONReadable>(_ type: Value.Type) throws(JSONReadError) -> Value {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONReadError(.byteOrderMark, at: 0)
        }
        let value = try Value(reading: &self)
        skipWhitespace()
        guard offset == bytes.count else { throw JSONReadError(.trailingData, at: offset) }
        return value
    }

    // MARK: Objects and arrays

    /// Opens an object; read its members with ``nextKey()`` until it returns nil.
    public mutating func beginObject() throws(JSONReadError) {
        try open(UInt8(ascii: "{"), expected: .object)
    }

    /// The key of the object's next member, positioned at its value (which must then be read or
    /// skipped); nil after the closing brace, which it consumes.
    public mutating func nextKey() throws(JSONReadError) -> Key? {
        guard try nextMember(closing: UInt8(ascii: "}")) else { return nil }
        guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
        guard bytes[offset] == UInt8(ascii: "\"") else {
            throw JSONReadError(.unexpected(found: Self.describe(bytes[offset]), expected: .key), at: offset)
        }
        let key = try readKey()
        skipWhitespace()
        try expect(UInt8(ascii: ":"), .colon)
        return key
    }

    /// Opens an array; read its elements while ``nextElement()`` returns true.
    public mutating func beginArray() throws(JSONReadError) {
        try open(UInt8(ascii: "["), expected: .array)
    }

    /// Whether the array has another element, positioned at it; after the closing bracket, which it
    /// consumes, false.
    public mutating func nextElement() throws(JSONReadError) -> Bool {
        try nextMember(closing: UInt8(ascii: "]"))
    }

    private mutating func open(_ bracket: UInt8, expected: JSONReadError.Token) throws(JSONReadError) {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
        guard bytes[offset] == bracket else {
            throw JSONReadError(.wrongType(found: try kindAhead(), expected: expected), at: offset)
        }
        guard depth < Self.depthLimit else { throw JSONReadError(.tooDeep, at: offset) }
        depth += 1
        offset += 1
        atFirstMember = true
    }

    /// Steps over the comma before a member, or the closing bracket after the last.
    private mutating func nextMember(closing: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
        let byte = bytes[offset]
        if atFirstMember {
            atFirstMember = false
            if byte == closing {
                offset += 1
                depth -= 1
                return false
            }
        } else if byte == closing {
            offset += 1
            depth -= 1
            return false
        } else {
            guard byte == UInt8(ascii: ",") else {
                let expected: JSONReadError.Token = closing == UInt8(ascii: "}") ? .commaOrBrace : .commaOrBracket
                throw JSONReadError(.unexpected(found: Self.describe(byte), expected: expected), at: offset)
            }
            offset += 1
            skipWhitespace()
            guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
            if bytes[offset] == closing { throw JSONReadError(.trailingComma, at: offset - 1) }
        }
        return true
    }

    // MARK: Literals

    /// `true` or `false`.
    public mutating func readBool() throws(JSONReadError) -> Bool {
        skipWhitespace()
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw JSONReadError(.wrongType(found: try kindAhead(), expected: .bool), at: offset)
    }

    /// Consumes a `null` if one comes next, and says whether it did.
    public mutating func readNull() throws(JSONReadError) -> Bool {
        skipWhitespace()
        return try literal("null")
    }

    /// Steps over the next value whatever it is, checking it as strictly as if it were read.
    public mutating func skipValue() throws(JSONReadError) {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue() }
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
        default:
            for word: StaticString in ["true", "false", "null"] where try literal(word) { return }
            throw JSONReadError(.unexpected(found: Self.describe(bytes[offset]), expected: .value), at: offset)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONReadError) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset < bytes.count, bytes[offset] == word.utf8Start[0] else { return false }
        for index in 1..<count {
            guard offset + index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
            guard bytes[offset + index] == word.utf8Start[index] else {
                throw JSONReadError(.invalidLiteral, at: offset)
            }
        }
        offset += count
        return true
    }

    // MARK: Bytes

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): offset += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ token: JSONReadError.Token) throws(JSONReadError) {
        guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
        guard bytes[offset] == byte else {
            throw JSONReadError(.unexpected(found: Self.describe(bytes[offset]), expected: token), at: offset)
        }
        offset += 1
    }

    /// What kind of value starts at the next byte, for the message when it is not the one wanted.
    func kindAhead() throws(JSONReadError) -> JSONReadError.Token {
        guard offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw JSONReadError(.unexpected(found: Self.describe(bytes[offset]), expected: .value), at: offset)
        }
    }

    /// A byte as a message shows it: the character when printable ASCII, else its hex value.
    static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)
    }
}
