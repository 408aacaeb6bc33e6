import Foundation

extension JSONReader {
    /// The key of an object member as it stands in the input, matched against literals in a `switch`
    /// without making a `String` of it.
    public struct Key: CustomStringConvertible {
        enum Storage {
            /// The key's bytes in the input, which hold no escape.
            case bytes(UnsafeBufferPointer<UInt8>)
            /// A key written with escapes, unescaped.
            case text(String)
        }

        let storage: Storage

        /// Whether the key is exactly `pattern`: what `case "name":` asks.
        public static func ~= (pattern: StaticString, key: Key) -> Bool {
            let count = pattern.utf8CodeUnitCount
            switch key.storage {
            case .bytes(let bytes):
                guard bytes.count == count else { return false }
                for index in 0..<count where bytes[index] != pattern.utf8Start[index] { return false }
                return true
            case .text(let text):
                return text.utf8.elementsEqual(UnsafeBufferPointer(start: pattern.utf8Start, count: count))
            }
        }

        /// The key as text, unescaped: for error messages.
        public var description: String {
            switch storage {
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .text(let text): text
            }
        }
    }

    /// A string, its escapes resolved.
    public mutating func readString() throws(JSONReadError) -> String {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw JSONReadError(.wrongType(found: try kindAhead(), expected: .string), at: offset)
        }
        let start = offset + 1
        guard let end = try plainStringEnd(from: start) else { return try readEscapedString(from: start) }
        offset = end + 1
        return try text(start..<end)
    }

    mutating func readKey() throws(JSONReadError) -> Key {
        let start = offset + 1
        guard let end = try plainStringEnd(from: start) else {
            return Key(storage: .text(try readEscapedString(from: start)))
        }
        offset = end + 1
        let key = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if key.contains(where: { $0 >= 0x80 }) { _ = try text(start..<end) }
        return Key(storage: .bytes(key))
    }

    /// Where the string that starts at `start` ends, when no escape comes before its closing quote.
    private func plainStringEnd(from start: Int) throws(JSONReadError) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index }
            if byte == UInt8(ascii: "\\") { return nil }
            if byte < 0x20 { throw JSONReadError(.controlCharacter, at: index) }
            index += 1
        }
        throw JSONReadError(.unexpectedEnd, at: bytes.count)
    }

    private func text(_ range: Range<Int>) throws(JSONReadError) -> String {
        try Self.text(UnsafeBufferPointer(rebasing: bytes[range]), at: range.lowerBound)
    }

    /// The string of UTF-8 bytes that must be valid. `String(decoding:)` is the standard library's
    /// fast path (`String(validating:)` is not specialised for it); it mends invalid bytes, and a
    /// mended string can never equal its input byte for byte.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONReadError) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { made in
            guard made.count == bytes.count else { return false }
            guard let madeStart = made.baseAddress, let start = bytes.baseAddress else { return true }
            return memcmp(madeStart, start, bytes.count) == 0
        }
        guard same else { throw JSONReadError(.invalidUTF8, at: offset) }
        return text
    }

    private mutating func readEscapedString(from start: Int) throws(JSONReadError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var index = start
        while true {
            guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                offset = index + 1
                return try scratch.withUnsafeBufferPointer { buffer throws(JSONReadError) in
                    try Self.text(buffer, at: start)
                }
            case UInt8(ascii: "\\"):
                index = try unescape(at: index)
            case 0..<0x20:
                throw JSONReadError(.controlCharacter, at: index)
            default:
                scratch.append(byte)
                index += 1
            }
        }
    }

    /// Appends the character of the escape at `index` to `scratch`; returns the index after it.
    private mutating func unescape(at index: Int) throws(JSONReadError) -> Int {
        guard index + 1 < bytes.count else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
        let simple: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): return try unescapeUnicode(at: index)
        default: throw JSONReadError(.invalidEscape, at: index)
        }
        scratch.append(simple)
        return index + 2
    }

    /// `\uXXXX`, or a surrogate pair of two.
    private mutating func unescapeUnicode(at index: Int) throws(JSONReadError) -> Int {
        let unit = try hexUnit(at: index + 2)
        var scalarValue = UInt32(unit)
        var next = index + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u")
            else {
                if next + 1 >= bytes.count { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
                throw JSONReadError(.loneSurrogate, at: index)
            }
            let low = try hexUnit(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONReadError(.loneSurrogate, at: index) }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw JSONReadError(.loneSurrogate, at: index)
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw JSONReadError(.loneSurrogate, at: index) }
        scratch.append(contentsOf: String(scalar).utf8)
        return next
    }

    /// The four hex digits at `index`.
    private func hexUnit(at index: Int) throws(JSONReadError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
        var unit: UInt16 = 0
        for position in index..<index + 4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONReadError(.invalidEscape, at: index - 2)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }
}
