public import Foundation

extension BankStatement {
    /// The longest line a statement may have, in bytes: 64 KiB. A real row is under 2 KB; a longer
    /// line is no bank's, and reading it would hold several times its size in memory.
    public static let maximumLineLength = 65_536

    /// The bytes of a statement file read from `handle` a piece at a time, refused at the first line
    /// longer than ``maximumLineLength`` (``StatementError/lineTooLong(line:limit:)``) without
    /// reading the rest of that line or of the file.
    public static func bytes(from handle: FileHandle) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var lines = StatementLines()
        while let chunk = try handle.read(upToCount: maximumLineLength), !chunk.isEmpty {
            try lines.scan(chunk)
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}

/// Counts a statement's lines as its bytes pass, and stops at the first one past
/// ``BankStatement/maximumLineLength``: the bound holds before any text is decoded.
struct StatementLines {
    /// The line the next byte belongs to, from 1.
    private(set) var line = 1
    /// The bytes of the current line so far.
    private var length = 0

    /// Passes `bytes` on, or says which line is too long.
    mutating func scan(_ bytes: some Sequence<UInt8>) throws(StatementError) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                length = 0
            } else {
                length += 1
                if length > BankStatement.maximumLineLength {
                    throw .lineTooLong(line: line, limit: BankStatement.maximumLineLength)
                }
            }
        }
    }
}
