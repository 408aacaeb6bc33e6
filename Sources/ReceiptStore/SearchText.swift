/// Text as search compares it: lower case, `ё` as `е`, words of letters and digits.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        // Scalar by scalar: comparing Characters normalises each one, which made this a quarter of
        // an import's time. A decomposed ё (е and a combining diaeresis) folds to е as well.
        var folded = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "\u{0308}", previous == "е" { continue }
            let kept: Unicode.Scalar = scalar == "ё" ? "е" : scalar
            folded.append(kept)
            previous = kept
        }
        return String(folded)
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
