import ReceiptCore

/// Text matching for place names: a query word matching the beginning of any word of the name,
/// words folded as every search of the tool folds them (``words(_:)``).
public enum PlaceText {
    /// The words of a name or a query as `SearchText.words` folds them (lower case, `ё` as `е`,
    /// Latin letters without diacritics: `cafe` finds «Café» here as among receipts).
    public static func words(_ text: String) -> [String] {
        SearchText.words(text)
    }

    /// True when every query word begins some word of the name. An empty query matches everything.
    ///
    /// Both sides come folded from ``words(_:)``, so their UTF-8 bytes are compared: String's own
    /// prefix test compares Characters, normalising each one.
    public static func matches(query: [String], name: [String]) -> Bool {
        query.allSatisfy { wanted in name.contains { $0.utf8.starts(with: wanted.utf8) } }
    }
}
