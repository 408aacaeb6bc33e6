public import ReceiptCore

/// A QR code read from a photo: its text as the engine decoded it, which engine that was, and, when
/// the text is a fiscal receipt's payload, the code it parses to.
public struct FoundCode: Sendable, Equatable {
    /// The library that decoded a code.
    public enum Engine: String, Sendable, Codable, CaseIterable {
        /// libzbar: the first engine, asked first.
        case zbar
        /// zxing-cpp: asked where zbar found no fiscal payload.
        case zxing = "zxing-cpp"
    }

    /// The code's text exactly as the engine decoded it.
    public let text: String
    /// Nil for a QR code that is not a fiscal payload (a web address, say).
    public let fiscal: FiscalCode?
    /// The engine that decoded it.
    public let engine: Engine

    /// A found code; its text is parsed as a fiscal payload at once.
    public init(text: String, engine: Engine) {
        self.text = text
        self.engine = engine
        fiscal = try? FiscalCode(parsing: text)
    }
}
