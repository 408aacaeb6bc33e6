/// Reads the values of a response (RFC 3501 9: atoms, numbers, quoted strings with their `\"` and
/// `\\` escapes, literals, parenthesised lists, NIL) from where a line's words end, across the
/// literals that `IMAPResponseReader` took out of the line.
struct IMAPTokens {
    private let parts: [IMAPResponsePart]
    private var part = 0
    private var offset: Int
    /// How deep lists may nest: a server's answer never needs more, and a hostile one gets no recursion.
    private static let maximumDepth = 64

    /// Tokens from byte `offset` of the response's first line.
    init(parts: [IMAPResponsePart], offset: Int) {
        self.parts = parts
        self.offset = offset
    }

    /// Whether every byte of the response has been read.
    var isAtEnd: Bool { part == parts.count - 1 && offset == currentLine.count }

    private var currentLine: [UInt8] {
        guard part < parts.count, case .text(let line) = parts[part] else { return [] }
        return line
    }

    /// The next value.
    mutating func value(depth: Int = 0) throws(IMAPError) -> IMAPValue {
        guard depth < Self.maximumDepth else { throw .protocolViolation("lists nested too deep") }
        let line = currentLine
        guard offset < line.count else { return try literal() }
        switch line[offset] {
        case UInt8(ascii: "("):
            offset += 1
            var values: [IMAPValue] = []
            while true {
                let line = currentLine
                if offset < line.count, line[offset] == UInt8(ascii: ")") {
                    offset += 1
                    return .list(values)
                }
                if !values.isEmpty {
                    guard offset < line.count, line[offset] == 32 else {
                        throw .protocolViolation("a list that does not end")
                    }
                    offset += 1
                }
                values.append(try value(depth: depth + 1))
            }
        case UInt8(ascii: "\""):
            return .string(try quoted(line))
        default:
            let word = try atom(line)
            return word.uppercased() == "NIL" ? .none : .atom(word)
        }
    }

    /// The literal that ends the current piece of line; the next piece follows it.
    private mutating func literal() throws(IMAPError) -> IMAPValue {
        guard part + 2 < parts.count, case .literal(let bytes) = parts[part + 1] else {
            throw .protocolViolation("a value missing at the end of a line")
        }
        part += 2
        offset = 0
        return .string(bytes)
    }

    private mutating func quoted(_ line: [UInt8]) throws(IMAPError) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = offset + 1
        while index < line.count {
            let byte = line[index]
            switch byte {
            case UInt8(ascii: "\""):
                offset = index + 1
                return bytes
            case UInt8(ascii: "\\"):
                guard index + 1 < line.count, [UInt8(ascii: "\""), UInt8(ascii: "\\")].contains(line[index + 1]) else {
                    throw .protocolViolation("a quoted string with a bad escape")
                }
                bytes.append(line[index + 1])
                index += 2
            default:
                bytes.append(byte)
                index += 1
            }
        }
        throw .protocolViolation("a quoted string that does not end")
    }

    /// An atom; a body section's brackets (`BODY[HEADER.FIELDS (MESSAGE-ID)]<0>`) are part of it.
    private mutating func atom(_ line: [UInt8]) throws(IMAPError) -> String {
        let begin = offset
        var index = offset
        var brackets = 0
        scan: while index < line.count {
            switch line[index] {
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"):
                guard brackets > 0 else { break scan }
                brackets -= 1
            case 32, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""), UInt8(ascii: "{"):
                if brackets == 0 { break scan }
            case 0..<32, 127: throw .protocolViolation("a control character in an atom")
            default: break
            }
            index += 1
        }
        guard brackets == 0 else { throw .protocolViolation("a [ without its ]") }
        guard index > begin else {
            throw .protocolViolation("a value expected, found \(IMAPResponse.shown(Array(line[index...])))")
        }
        offset = index
        return String(decoding: line[begin..<index], as: UTF8.self)
    }
}
