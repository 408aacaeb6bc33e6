/// Text as search compares it: lower case, `ё` as `е`, words of letters and digits.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        // Scalar by scalar, with Latin and Cyrillic capitals lowered by their code points: String's
        // lowercased() and Character comparisons normalise first, which made folding a large part of
        // an import's time. A decomposed ё (е and a combining diaeresis) folds to е as well.
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let lower: Unicode.Scalar
            switch value {
            case 0x41...0x5A, 0x410...0x42F: lower = Unicode.Scalar(value + 32) ?? scalar
            case 0x401, 0x451: lower = "е"
            case 0x400...0x40F: lower = Unicode.Scalar(value + 80) ?? scalar
            case 0x308 where previous == "е": continue
            case 0..<0x80: lower = scalar
            default:
                guard scalar.properties.changesWhenLowercased else {
                    lower = scalar
                    break
                }
                folded.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                previous = scalar
                continue
            }
            folded.unicodeScalars.append(lower)
            previous = lower
        }
        return folded
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
