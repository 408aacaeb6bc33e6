import GRDB
public import ReceiptCore

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
    /// The lines' share of what the receipt counts.
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
    /// from `first` through `last`: the lines' shares of what it counts, so a settlement already
    /// paid for by its prepayment spent nothing.
    public func categoryAmounts(from first: Month, through last: Month) throws(StoreError) -> [ReceiptCategoryAmount] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.id, r.date_time, NULLIF(\(ShopIdentity.name), '') AS shop,
                        COALESCE(i.category, 'uncategorized') AS category, SUM(i.counted) AS amount
                    FROM receipts r JOIN items i ON i.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
                    WHERE r.operation = 1 AND r.status = 'complete' AND r.month BETWEEN ? AND ?
                    GROUP BY r.id, 4 HAVING SUM(i.counted) <> 0
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
    /// Every receipt that counts money as a payment, oldest first: what regular payments are looked
    /// for in. Unlike a listing it counts no lines, which on a large history costs far more than
    /// the receipts.
    public func payments() throws(StoreError) -> [Payment] {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.id, r.date_time, r.counted, NULLIF(\(ShopIdentity.name), '') AS shop
                    FROM receipts r LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join) WHERE r.counted <> 0
                    ORDER BY r.date_time, r.id
                    """)
            var payments: [Payment] = []
            while let row = try rows.next() {
                let dateTime = try Self.dateTime(of: row)
                payments.append(
                    Payment(dateTime: dateTime, shop: row["shop"], spending: Money(kopecks: row["counted"])))
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
