import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// A search as the page asks it: the words and the filters `receipts search` has, read from the
/// request's query, each wrong value named in the page's language.
struct SearchRequest {
    let text: String
    let filters: SearchFilters
    let offset: Int

    /// Reads `q`, `category`, `shop`, `from`, `to`, `min`, `max` (roubles) and `offset`; throws the
    /// first wrong one's explanation.
    init(_ asked: RequestValues) throws(WebError) {
        let words = asked.words
        text = asked.text("q") ?? ""
        var filters = SearchFilters()
        if let category = asked.text("category") {
            guard let found = Category(lookingUp: category) else {
                throw .badRequest(words.unknownCategory(category), field: "category")
            }
            filters.category = found
        }
        filters.shop = asked.text("shop")
        (filters.from, filters.to) = try asked.monthRange()
        for key in ["min", "max"] {
            guard let amount = asked.text(key) else { continue }
            guard let parsed = try? Money(roubles: amount.replacingOccurrences(of: ",", with: ".")) else {
                throw .badRequest(words.badAmount(amount), field: key)
            }
            if key == "min" { filters.minimum = parsed } else { filters.maximum = parsed }
        }
        if let low = filters.minimum, let high = filters.maximum, low > high {
            throw .badRequest(words.minimumAboveMaximum, field: "min")
        }
        guard let offset = Int(asked.text("offset") ?? "0"), offset >= 0 else {
            throw .badRequest(words.badOffset, field: "offset")
        }
        guard !text.isEmpty || !filters.isEmpty else { throw .badRequest(words.searchNeedsSomething) }
        self.filters = filters
        self.offset = offset
    }
}

/// A page of search results: each receipt with the lines that matched, texts written for the page.
struct SearchView: Encodable {
    struct Result: Encodable {
        let id: Int64
        let shop: String?
        let dateText: String
        let totalText: String
        let matching: [String]
        let pending: Bool
        /// What it counts when that is not its total (``ReceiptStore/ListedReceipt/countedNote(in:)``); null otherwise.
        @NullWhenAbsent var countedText: String?

        /// A receipt found, its texts in `language`.
        init(_ hit: SearchHit, language: Language) {
            id = hit.receipt.id
            shop = hit.receipt.shop
            dateText = hit.receipt.dateTime.formatted(in: language)
            totalText = hit.receipt.spending.formatted(in: language)
            matching = hit.matchingItems
            pending = hit.receipt.status == .pending
            countedText = hit.receipt.countedNote(in: language)
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
struct SearchMemoryView: Encodable {
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
