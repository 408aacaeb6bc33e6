/// Cuts the bytes a server sends into whole responses (RFC 3501 2.2.2): a line ending in CRLF, or
/// a line ending in a literal's length `{n}`, then `n` bytes as they are, then more of the line.
/// Bytes arrive in pieces of any size; a response is handed out only once all of it has come, so a
/// literal split across reads is whole. Nothing is scanned twice: a long literal costs its copy.
struct IMAPResponseReader {
    /// The longest line between literals, and the largest literal, taken from a server: past them the
    /// answer is a protocol violation, not a reason to hold the machine's memory.
    static let maximumLine = 1 << 20
    /// The largest literal: a letter with its attachments, far past what mail services accept.
    static let maximumLiteral = 512 << 20

    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var parts: [IMAPResponsePart] = []
    private var pendingLiteral: Int?

    /// Adds bytes that came from the server.
    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole response, its lines and literals in order; nil until all of it has come.
    mutating func next() throws(IMAPError) -> [IMAPResponsePart]? {
        while true {
            if let length = pendingLiteral {
                guard buffer.count - start >= length else { return nil }
                parts.append(.literal(Array(buffer[start..<start + length])))
                start += length
                scanned = start
                pendingLiteral = nil
                compact()
                continue
            }
            guard let lineEnd = findLineEnd() else {
                guard buffer.count - start <= Self.maximumLine else {
                    throw .protocolViolation("a line longer than \(Self.maximumLine) bytes")
                }
                return nil
            }
            var line = Array(buffer[start..<lineEnd])
            start = lineEnd + 2
            scanned = start
            if let (length, marker) = try Self.literalLength(endingLine: line) {
                line.removeLast(marker)
                parts.append(.text(line))
                pendingLiteral = length
                continue
            }
            parts.append(.text(line))
            let whole = parts
            parts = []
            compact()
            return whole
        }
    }

    /// Whether bytes of an unfinished response are held.
    var isInsideResponse: Bool { !parts.isEmpty || pendingLiteral != nil || buffer.count > start }

    private mutating func findLineEnd() -> Int? {
        var index = max(scanned, start)
        while index + 1 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 { return index }
            index += 1
        }
        scanned = max(start, buffer.count - 1)
        return nil
    }

    private mutating func compact() {
        guard start > 1 << 16, start * 2 > buffer.count else { return }
        buffer.removeFirst(start)
        scanned -= start
        start = 0
    }

    /// The length of the literal announced at the end of `line` (`{12}`, or `{12+}` from a client),
    /// and how many bytes the announcement takes.
    private static func literalLength(endingLine line: [UInt8]) throws(IMAPError) -> (Int, Int)? {
        guard line.last == UInt8(ascii: "}"), let open = line.lastIndex(of: UInt8(ascii: "{")) else { return nil }
        var digits = line[(open + 1)..<(line.count - 1)]
        if digits.last == UInt8(ascii: "+") { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ (48...57).contains($0) }) else {
            // `{` and `}` in a line of text, not a literal (a quoted string or a server's words).
            return nil
        }
        let length = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        guard length <= maximumLiteral else {
            throw .protocolViolation("a literal of \(length) bytes, more than \(maximumLiteral)")
        }
        return (length, line.count - open)
    }
}

/// A piece of one response: a line (or the part of it between literals) without its CRLF, or the
/// bytes of a literal.
enum IMAPResponsePart: Equatable, Sendable {
    /// Text of the line, the literal's `{n}` taken off.
    case text([UInt8])
    /// A literal's bytes.
    case literal([UInt8])
}
