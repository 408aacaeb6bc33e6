/// The text of a statement file: UTF-8 (with or without a byte-order mark), else Windows-1251, the
/// two encodings Russian banks export in.
///
/// Cyrillic written in Windows-1251 is practically never valid UTF-8, so a file that decodes as
/// UTF-8 is taken as UTF-8.
enum StatementText {
    /// The text and the encoding it was read in.
    static func decodeNaming(_ bytes: [UInt8]) -> (text: String, encoding: StatementEncoding) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return (text, .utf8) }
        return (Windows1251.decode(body), .windows1251)
    }
}
