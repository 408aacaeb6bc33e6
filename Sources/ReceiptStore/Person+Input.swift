public import ReceiptCore

// What a person's name, card and weight may be, read the same way from the command line and from
// the web app's forms.
extension Person {
    /// The card's last four digits from `*4556` or `4556`; nil when it is not that.
    public static func cardDigits(_ text: String) -> String? {
        let digits = text.hasPrefix("*") ? String(text.dropFirst()) : text
        return digits.count == 4 && digits.allSatisfy { ("0"..."9").contains($0) } ? digits : nil
    }

    /// Whether `name` (trimmed) can name a person: 1 to 64 characters.
    public static func accepts(name: String) -> Bool {
        let trimmed = name.trimmingWhitespace()
        return !trimmed.isEmpty && trimmed.count <= 64
    }
}

extension Household.Weight {
    /// A weight is a whole number in this range.
    public static let allowed: ClosedRange<Int64> = 1...1_000_000
}
