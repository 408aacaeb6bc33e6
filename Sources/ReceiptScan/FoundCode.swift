import ReceiptCore

/// A QR code read from a photo: its text as zbar decoded it and, when the text is a fiscal
/// receipt's payload, the code it parses to.
public struct FoundCode: Sendable, Equatable {
    public let text: String
    /// Nil for a QR code that is not a fiscal payload (a web address, say).
    public let fiscal: FiscalCode?

    public init(text: String) {
        self.text = text
        fiscal = try? FiscalCode(parsing: text)
    }
}
