import GRDB
public import ReceiptCore

/// One line of a sale, as unit prices count it: what was bought, when and where.
public struct Purchase: Sendable, Equatable {
    /// The line: its printed name, price, quantity and unit of measure.
    public let item: Item
    /// When, by the shop's clock.
    public let dateTime: LocalDateTime
    /// The shop as lists show it (the place's name, else the receipt's retail place or seller).
    public let shop: String?
    /// The line's category as the database keeps it (rules, choices, the shop's); nil when unknown.
    public let category: Category?

    /// A purchase.
    public init(item: Item, dateTime: LocalDateTime, shop: String?, category: Category? = nil) {
        self.item = item
        self.dateTime = dateTime
        self.shop = shop
        self.category = category
    }
}

extension ReceiptDatabase {
    /// The lines of sales (refunds and pending receipts have no prices to compare) whose names hold
    /// every word of `text`, each as the beginning of a word (as `receipts search` matches them);
    /// every line when `text` is nil. From `first` through `last` (nil: no bound), oldest first.
    public func purchases(matching text: String?, from first: Month? = nil, through last: Month? = nil)
        throws(StoreError) -> [Purchase]
    {
        let words = SearchText.words(text ?? "")
        var conditions = ["r.operation = 1", "r.status = 'complete'"]
        var arguments: [any DatabaseValueConvertible] = []
        if let text {
            guard let match = SearchText.matchQuery(text) else { return [] }
            do {
                try updateSearchIndex()
            } catch .readOnly, .diskFull, .busy {
                // A file that cannot be written to now is searched as far as it was indexed.
            }
            conditions.append("r.id IN (SELECT rowid FROM receipt_search WHERE receipt_search MATCH ?)")
            arguments.append(match)
        }
        return try read { db in
            var conditions = conditions
            var arguments = arguments
            if let first {
                conditions.append("r.month >= ?")
                arguments.append(first.description)
            }
            if let last {
                conditions.append("r.month <= ?")
                arguments.append(last.description)
            }
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT i.name, i.price, i.quantity, i.sum, i.unit, i.category, r.id, r.date_time,
                        COALESCE(p.name, r.retail_place, r.seller) AS shop
                    FROM receipts r JOIN items i ON i.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id
                    WHERE \(conditions.joined(separator: " AND "))
                    ORDER BY r.date_time, r.id, i.position
                    """,
                arguments: StatementArguments(arguments))
            var purchases: [Purchase] = []
            while let row = try rows.next() {
                let name: String = row["name"]
                let nameWords = SearchText.words(name)
                guard words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) else { continue }
                let dateTime = try Self.dateTime(of: row)
                let item = Item(
                    name: name, price: Money(kopecks: row["price"]), quantity: row["quantity"],
                    sum: Money(kopecks: row["sum"]), unit: row["unit"])
                let category = (row["category"] as String?).flatMap(Category.init(rawValue:))
                purchases.append(Purchase(item: item, dateTime: dateTime, shop: row["shop"], category: category))
            }
            return purchases
        }
    }
}

/// What one receipt spent in one category: its lines there, summed.
public struct ReceiptCategoryAmount: Sendable, Equatable {
    /// The receipt's id, what `receipts show` takes.
    public let receiptID: Int64
    /// When, by the shop's clock.
    public let dateTime: LocalDateTime
    /// The shop as lists show it.
    public let shop: String?
    /// The lines' category.
    public let category: Category
    /// The lines' sum.
    public let amount: Money

    /// An amount.
    public init(receiptID: Int64, dateTime: LocalDateTime, shop: String?, category: Category, amount: Money) {
        self.receiptID = receiptID
        self.dateTime = dateTime
        self.shop = shop
        self.category = category
        self.amount = amount
    }
}

extension ReceiptDatabase {
    /// What each sale (complete receipts, refunds left out) spent in each category of its lines,
    /// from `first` through `last`.
    public func categoryAmounts(from first: Month, through last: Month) throws(StoreError) -> [ReceiptCategoryAmount] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.id, r.date_time, COALESCE(p.name, r.retail_place, r.seller) AS shop,
                        COALESCE(i.category, 'uncategorized') AS category, SUM(i.sum) AS amount
                    FROM receipts r JOIN items i ON i.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id
                    WHERE r.operation = 1 AND r.status = 'complete' AND r.month BETWEEN ? AND ?
                    GROUP BY r.id, 4
                    """,
                arguments: [first.description, last.description])
            return try rows.map { row in
                let dateTime = try Self.dateTime(of: row)
                return ReceiptCategoryAmount(
                    receiptID: row["id"], dateTime: dateTime, shop: row["shop"],
                    category: Category(rawValue: row["category"]) ?? .uncategorized,
                    amount: Money(kopecks: row["amount"]))
            }
        }
    }
}

/// A receipt as money paid: when, where and how much (signed as spending).
public struct Payment: Sendable, Equatable {
    /// When, by the shop's clock.
    public let dateTime: LocalDateTime
    /// The shop as lists show it.
    public let shop: String?
    /// Signed as spending: negative for money received back.
    public let spending: Money

    /// A payment.
    public init(dateTime: LocalDateTime, shop: String?, spending: Money) {
        self.dateTime = dateTime
        self.shop = shop
        self.spending = spending
    }
}

extension ReceiptDatabase {
    /// Every receipt as a payment, oldest first: what regular payments are looked for in. Unlike a
    /// listing it counts no lines, which on a large history costs far more than the receipts.
    public func payments() throws(StoreError) -> [Payment] {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.id, r.date_time, r.operation, r.total, COALESCE(p.name, r.retail_place, r.seller) AS shop
                    FROM receipts r LEFT JOIN places p ON p.id = r.place_id
                    ORDER BY r.date_time, r.id
                    """)
            var payments: [Payment] = []
            while let row = try rows.next() {
                guard let operation = OperationType(rawValue: row["operation"]) else {
                    throw RecordError(row: "receipts.id=\(row["id"] as Int64)", reason: "operation")
                }
                let dateTime = try Self.dateTime(of: row)
                payments.append(
                    Payment(
                        dateTime: dateTime, shop: row["shop"],
                        spending: operation.spending(Money(kopecks: row["total"]))))
            }
            return payments
        }
    }

    /// A row's `date_time`, or the error that names the receipt (`id`) whose date cannot be read.
    private static func dateTime(of row: Row) throws -> LocalDateTime {
        guard let dateTime = try? LocalDateTime(iso: row["date_time"]) else {
            throw RecordError(row: "receipts.id=\(row["id"] as Int64)", reason: "date_time")
        }
        return dateTime
    }
}
