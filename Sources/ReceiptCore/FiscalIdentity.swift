/// What identifies a fiscal receipt: fiscal drive number, fiscal document number, fiscal sign.
///
/// The same receipt reached from the server, from a file or from a photo has the same identity and
/// is one receipt.
public struct FiscalIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The fiscal drive number (ФН): exactly 16 digits, leading zeros kept.
    public let fn: String
    /// The fiscal document number (ФД), counted by the drive from 1.
    public let i: Int64
    /// The fiscal sign (ФП or ФПД), a positive number the drive signs the document with.
    public let fp: Int64

    /// An identity checked field by field, with errors that name the field.
    public init(fn: String, i: Int64, fp: Int64) throws(FiscalCodeError) {
        guard fn.utf8.count == 16, fn.utf8.allSatisfy(ASCII.isDigit) else {
            throw .invalid(.fn, value: fn, reason: .notSixteenDigits)
        }
        guard i > 0 else { throw .invalid(.i, value: String(i), reason: .notPositive) }
        guard fp > 0 else { throw .invalid(.fp, value: String(fp), reason: .notPositive) }
        self.fn = fn
        self.i = i
        self.fp = fp
    }

    /// `fn/i/fp`, as the command line shows and accepts a receipt's identity.
    public var description: String { "\(fn)/\(i)/\(fp)" }
}
