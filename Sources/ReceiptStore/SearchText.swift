/// Text as search compares it: lower case, `ё` as `е`, words of letters and digits.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        String(text.lowercased().map { $0 == "ё" ? "е" : $0 })
    }

    /// The folded words of a text.
    public static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// An FTS5 query where every word must begin some word of the document: `"молок"* AND "3"*`.
    static func matchQuery(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " AND ")
    }
}
