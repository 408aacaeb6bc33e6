import Foundation
import ReceiptCore
import ReceiptStore

/// A search as the page asks it: the words and the filters `receipts search` has, read from the
/// request's query, each wrong value named in the page's language.
struct SearchRequest {
    let text: String
    let filters: SearchFilters
    let offset: Int

    /// Reads `q`, `category`, `shop`, `from`, `to`, `min`, `max` (roubles) and `offset`; throws the
    /// first wrong one's explanation.
    init(_ query: [String: String], words: WebWords) throws(SearchRequestError) {
        func value(_ key: String) -> String? {
            query[key].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        text = value("q") ?? ""
        var filters = SearchFilters()
        if let category = value("category") {
            guard let found = Category(lookingUp: category) else { throw .init(words.unknownCategory(category)) }
            filters.category = found
        }
        filters.shop = value("shop")
        for key in ["from", "to"] {
            guard let month = value(key) else { continue }
            guard let parsed = Month(month) else { throw .init(words.badMonth(month)) }
            if key == "from" { filters.from = parsed } else { filters.to = parsed }
        }
        for key in ["min", "max"] {
            guard let amount = value(key) else { continue }
            guard let parsed = try? Money(roubles: amount.replacingOccurrences(of: ",", with: ".")) else {
                throw .init(words.badAmount(amount))
            }
            if key == "min" { filters.minimum = parsed } else { filters.maximum = parsed }
        }
        if let low = filters.minimum, let high = filters.maximum, low > high { throw .init(words.minimumAboveMaximum) }
        if let first = filters.from, let last = filters.to, first > last { throw .init(words.fromAfterTo) }
        guard let offset = Int(value("offset") ?? "0"), offset >= 0 else { throw .init(words.badOffset) }
        guard !text.isEmpty || !filters.isEmpty else { throw .init(words.searchNeedsSomething) }
        self.filters = filters
        self.offset = offset
    }
}

/// What is wrong with a search, said for the page.
struct SearchRequestError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A page of search results: each receipt with the lines that matched, texts written for the page.
struct SearchPage: Encodable {
    struct Result: Encodable {
        let id: Int64
        let shop: String?
        let dateText: String
        let totalText: String
        let matching: [String]
        let pending: Bool

        /// A receipt found, its texts in `language`.
        init(_ hit: SearchHit, language: Language) {
            id = hit.receipt.id
            shop = hit.receipt.shop
            dateText = hit.receipt.dateTime.formatted(in: language)
            totalText = hit.receipt.spending.formatted(in: language)
            matching = hit.matchingItems
            pending = hit.receipt.status == .pending
        }
    }

    let results: [Result]
    @NullWhenAbsent var next: Int?
    let summary: String

    static let size = 50

    init(_ hits: [SearchHit], offset: Int, words: WebWords) {
        results = hits.map { Result($0, language: words.language) }
        next = hits.count == Self.size ? offset + Self.size : nil
        summary = hits.isEmpty && offset == 0 ? words.nothingFound : ""
    }
}

/// The filters of the last search, as the form's fields show them.
struct SearchMemory: Encodable {
    let texts: [String]
    let filters: [String: String]

    init(texts: [String], filters: SearchFilters?) {
        self.texts = texts
        var fields: [String: String] = [:]
        if let filters {
            fields["category"] = filters.category?.rawValue
            fields["shop"] = filters.shop
            fields["from"] = filters.from?.description
            fields["to"] = filters.to?.description
            fields["min"] = filters.minimum?.decimalString
            fields["max"] = filters.maximum?.decimalString
        }
        self.filters = fields
    }
}
