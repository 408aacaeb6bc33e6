import Foundation
import GRDB
public import ReceiptCore

/// What to look for: words in item names and shops, and filters.
public struct SearchQuery: Sendable, Equatable {
    /// Words that must each begin a word of an item name or of the shop; empty to search by filters alone.
    public var text: String
    /// What the receipts must also satisfy.
    public var filters: SearchFilters
    /// How many results to skip: `limit` times the page number.
    public var offset: Int
    /// How many results a page holds.
    public var limit: Int

    /// A query for the first 50 results unless told otherwise.
    public init(text: String, filters: SearchFilters = SearchFilters(), offset: Int = 0, limit: Int = 50) {
        self.text = text
        self.filters = filters
        self.offset = offset
        self.limit = limit
    }
}

/// The filters a search can combine with its text; remembered for `--last-filters`.
public struct SearchFilters: Codable, Sendable, Equatable {
    /// A category some line of the receipt counts in (for a receipt without lines, its shop's).
    public var category: Category?
    /// Words that must begin words of the shop's name.
    public var shop: String?
    /// The first month to search, by the shops' local dates.
    public var from: Month?
    /// The last month to search.
    public var to: Month?
    /// The smallest total to find, signed as spending: a refund's total is negative, so a negative
    /// bound finds refunds.
    public var minimum: Money?
    /// The largest total to find, signed as spending.
    public var maximum: Money?

    /// Filters from any of their parts; none by default.
    public init(
        category: Category? = nil, shop: String? = nil, from: Month? = nil, to: Month? = nil, minimum: Money? = nil,
        maximum: Money? = nil
    ) {
        self.category = category
        self.shop = shop
        self.from = from
        self.to = to
        self.minimum = minimum
        self.maximum = maximum
    }

    /// True when no filter is set.
    public var isEmpty: Bool { self == SearchFilters() }
}

/// A receipt found, with the item names that matched the words.
public struct SearchHit: Sendable, Equatable {
    /// The receipt as a list shows it.
    public let receipt: ListedReceipt
    /// The receipt's distinct item names holding a word that begins with one of the query's words.
    public let matchingItems: [String]
}

extension ReceiptDatabase {
    /// A receipt's total as the buyer spent it: negative for money received back (operations 2 and 3).
    private static let signedTotal = "(CASE WHEN r.operation IN (1, 4) THEN r.total ELSE -r.total END)"

    /// Receipts whose item names or shop contain every word (as a word beginning), newest first,
    /// within the filters.
    public func search(_ query: SearchQuery) throws(StoreError) -> [SearchHit] {
        do {
            try updateSearchIndex()
        } catch .readOnly, .diskFull, .busy {
            // A file that cannot be written to now is searched as far as it was indexed.
        }
        return try read { db in
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if let match = SearchText.matchQuery(query.text) {
                conditions.append("r.id IN (SELECT rowid FROM receipt_search WHERE receipt_search MATCH ?)")
                arguments.append(match)
            }
            if let shop = query.filters.shop, let match = SearchText.matchQuery(shop) {
                conditions.append("r.id IN (SELECT rowid FROM receipt_search WHERE receipt_search MATCH ?)")
                arguments.append("shop : (\(match))")
            }
            if let category = query.filters.category {
                // A line counts in it; a receipt without lines (a pending one) counts in its shop's.
                conditions.append(
                    """
                    (EXISTS (SELECT 1 FROM items i WHERE i.receipt_id = r.id AND i.category = ?)
                        OR (NOT EXISTS (SELECT 1 FROM items i WHERE i.receipt_id = r.id)
                            AND \(ShopEvidence.receiptSQL) = ?))
                    """)
                arguments += [category.rawValue, category.rawValue]
            }
            if let from = query.filters.from {
                conditions.append("r.month >= ?")
                arguments.append(from.description)
            }
            if let to = query.filters.to {
                conditions.append("r.month <= ?")
                arguments.append(to.description)
            }
            if let minimum = query.filters.minimum {
                conditions.append("\(Self.signedTotal) >= ?")
                arguments.append(minimum.kopecks)
            }
            if let maximum = query.filters.maximum {
                conditions.append("\(Self.signedTotal) <= ?")
                arguments.append(maximum.kopecks)
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let rows = try Row.fetchAll(
                db,
                sql: """
                    \(ListedReceipt.select)
                    \(filter)
                    ORDER BY r.date_time DESC, r.id DESC LIMIT ? OFFSET ?
                    """,
                arguments: StatementArguments(arguments + [query.limit, query.offset]))
            let words = SearchText.words(query.text)
            return try rows.map { row in
                let listed = try ListedReceipt(row: row)
                let names = try String.fetchAll(
                    db, sql: "SELECT name FROM items WHERE receipt_id = ? ORDER BY position", arguments: [listed.id])
                var seen: Set<String> = []
                let matching =
                    words.isEmpty
                    ? []
                    : names.filter { seen.insert($0).inserted }.filter { name in
                        let nameWords = SearchText.words(name)
                        return words.contains { word in nameWords.contains { $0.hasPrefix(word) } }
                    }
                return SearchHit(receipt: listed, matchingItems: matching)
            }
        }
    }

    // MARK: History

    /// Remembers a search text with its filters; only the last five distinct texts are kept.
    public func remember(search text: String, filters: SearchFilters) throws(StoreError) {
        let folded = SearchText.fold(text).trimmingCharacters(in: .whitespaces)
        guard !folded.isEmpty else { return }
        let encoded = String(decoding: (try? JSONEncoder().encode(filters)) ?? Data("{}".utf8), as: UTF8.self)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO search_history (folded, text, filters, used_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (folded) DO UPDATE SET text = excluded.text, filters = excluded.filters, used_at = excluded.used_at
                    """,
                arguments: [folded, text, encoded, Date().timeIntervalSince1970])
            try db.execute(
                sql:
                    "DELETE FROM search_history WHERE folded NOT IN (SELECT folded FROM search_history ORDER BY used_at DESC LIMIT 5)"
            )
        }
    }

    /// The remembered texts, newest first; with a prefix, those containing it, ignoring case.
    public func searchHistory(containing part: String? = nil) throws(StoreError) -> [String] {
        try read { db in
            let texts = try String.fetchAll(db, sql: "SELECT text FROM search_history ORDER BY used_at DESC")
            guard let part, !part.isEmpty else { return texts }
            let folded = SearchText.fold(part)
            return texts.filter { SearchText.fold($0).contains(folded) }
        }
    }

    /// Forgets every remembered search (`history --clear`).
    public func clearSearchHistory() throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM search_history") }
    }

    /// The filters of the most recent search, if any.
    public func lastSearchFilters() throws(StoreError) -> SearchFilters? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT filters FROM search_history ORDER BY used_at DESC LIMIT 1")
                .flatMap { try? JSONDecoder().decode(SearchFilters.self, from: Data($0.utf8)) }
        }
    }
}
