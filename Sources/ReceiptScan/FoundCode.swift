public import ReceiptCore

/// A QR code read from a photo: its text as zbar decoded it and, when the text is a fiscal
/// receipt's payload, the code it parses to.
public struct FoundCode: Sendable, Equatable {
    /// The code's text exactly as zbar decoded it.
    public let text: String
    /// Nil for a QR code that is not a fiscal payload (a web address, say).
    public let fiscal: FiscalCode?

    /// A found code; its text is parsed as a fiscal payload at once.
    public init(text: String) {
        self.text = text
        fiscal = try? FiscalCode(parsing: text)
    }
}
