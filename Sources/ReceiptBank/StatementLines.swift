public import Foundation

extension BankStatement {
    /// The longest line a statement may have, in bytes: 64 KiB. A real row is under 2 KB; a longer
    /// line is no bank's, and reading it would hold several times its size in memory.
    public static let maximumLineLength = 65_536

    /// The largest OFX file, in bytes: 16 MiB. OFX (XML above all) may come as one line, so its
    /// lines are not bounded, the whole file is: a decade of a card's operations is a few MB.
    public static let maximumOFXSize = 16 * 1_048_576

    /// The bytes of a statement file read from `handle` a piece at a time, refused at the first line
    /// longer than ``maximumLineLength`` (``StatementError/lineTooLong(line:limit:)``) without
    /// reading the rest of that line or of the file.
    public static func bytes(from handle: FileHandle) throws -> [UInt8] {
        var bytes = StatementBytes()
        while let chunk = try handle.read(upToCount: maximumLineLength), !chunk.isEmpty {
            try bytes.append(chunk)
        }
        return bytes.bytes
    }
}

/// A statement file's bytes gathered as they arrive (read from a file, or uploaded to the web app),
/// refused at the first line past ``BankStatement/maximumLineLength`` or, for OFX, past
/// ``BankStatement/maximumOFXSize``, before the rest arrives. ``BankStatement/read(_:)`` reads them.
public struct StatementBytes: Sendable {
    /// The bytes so far.
    public private(set) var bytes: [UInt8] = []
    private var lines = StatementLines()

    /// No bytes yet.
    public init() {}

    /// Adds the next piece of the file, or says which line is too long (or that an OFX file is too
    /// large); nothing of a refused piece is kept.
    public mutating func append(_ piece: some Collection<UInt8>) throws(StatementError) {
        try lines.scan(piece)
        bytes.append(contentsOf: piece)
    }
}

/// Counts a statement's lines as its bytes pass, and stops at the first one past
/// ``BankStatement/maximumLineLength``: the bound holds before any text is decoded. An OFX file
/// (told by `OFXHEADER` or `<OFX` in its first 2 KiB) is bounded as a whole instead, at
/// ``BankStatement/maximumOFXSize``.
struct StatementLines {
    /// The line the next byte belongs to, from 1.
    private(set) var line = 1
    /// The bytes of the current line so far.
    private var length = 0
    /// The bytes so far.
    private var total = 0
    /// Whether the file is OFX; nil until its first bytes are seen.
    private var isOFX: Bool?

    /// Passes `bytes` on, or says which line is too long (or that an OFX file is too large).
    mutating func scan(_ bytes: some Collection<UInt8>) throws(StatementError) {
        if isOFX == nil {
            let start = String(decoding: bytes.prefix(2_048), as: UTF8.self)
            isOFX = start.contains("OFXHEADER") || start.contains("<OFX")
        }
        total += bytes.count
        if isOFX == true {
            guard total <= BankStatement.maximumOFXSize else { throw .tooLarge(limit: BankStatement.maximumOFXSize) }
            return
        }
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
