import ReceiptCore

extension SearchText {
    /// An FTS5 query where every word must begin some word of the document: `"молок"* AND "3"*`.
    static func matchQuery(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " AND ")
    }
}
