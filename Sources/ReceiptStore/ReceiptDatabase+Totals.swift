import GRDB
public import ReceiptCore

/// A month's spending as the kept totals give it.
public struct MonthTotal: Sendable, Equatable {
    /// The month, by the shops' local dates.
    public let month: Month
    /// Spending less refunds.
    public let total: Money
    /// How many receipts count in it, refunds included.
    public let receipts: Int
    /// How many receipt lines count in it.
    public let items: Int
}

/// One category's spending in one month.
public struct CategoryTotal: Sendable, Equatable {
    /// The month, by the shops' local dates.
    public let month: Month
    /// The category the lines (and any unitemised rest) counted in.
    public let category: Category
    /// Spending in the category, refunds subtracted.
    public let total: Money
    /// Receipts with at least one line in the category.
    public let receipts: Int
    /// Lines in the category; the unitemised rest of a receipt counts no line.
    public let items: Int
}

/// A shop's spending over some months.
public struct ShopTotal: Sendable, Equatable {
    /// The place's name, else the receipt's retail place or seller.
    public let shop: String
    /// Spending at the shop, refunds subtracted.
    public let total: Money
    /// How many receipts from it.
    public let receipts: Int
    /// The street of its address (`ShopName.street(of:)`) when other shops of the same name were
    /// spent at in the same months, to tell them apart; nil otherwise.
    public var street: String? = nil

    /// The name, and the street when it tells the shop from others of its name: `Пятёрочка, ул.
    /// Ленина`.
    public var label: String { street.map { "\(shop), \($0)" } ?? shop }
}

extension ReceiptDatabase {
    /// A kept total as the file holds it: a whole number within ±``TotalsDelta/largestTotal``, else
    /// the row is invalid (edited by hand, or damaged), so that no sum of totals can overflow.
    static func keptTotal(_ row: Row, table: String) throws -> Money {
        let value: DatabaseValue = row["total"]
        guard case .int64(let kopecks) = value.storage, kopecks.magnitude <= TotalsDelta.largestTotal.magnitude else {
            throw RecordError(row: "\(table).total=\(value)", reason: "not a whole number within ±10¹³ ₽")
        }
        return Money(kopecks: kopecks)
    }

    /// Every month with receipts within `months` (all when nil), oldest first.
    public func monthTotals(_ months: ClosedRange<Month>? = nil) throws(StoreError) -> [MonthTotal] {
        try read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT month, total, receipts, items FROM month_totals WHERE month BETWEEN ? AND ? ORDER BY month",
                arguments: Self.bounds(months)
            ).map { row in
                MonthTotal(
                    month: try Self.month(row["month"]), total: try Self.keptTotal(row, table: "month_totals"),
                    receipts: row["receipts"], items: row["items"])
            }
        }
    }

    /// The first and the last month with receipts; nil when there are none.
    public func monthRange() throws(StoreError) -> ClosedRange<Month>? {
        try read { db in
            guard
                let row = try Row.fetchOne(db, sql: "SELECT MIN(month) AS first, MAX(month) AS last FROM month_totals"),
                let first: String = row["first"], let last: String = row["last"]
            else { return nil }
            return try Self.month(first)...Self.month(last)
        }
    }

    /// Every month's categories within `months` (all when nil), oldest month first.
    public func categoryTotals(_ months: ClosedRange<Month>? = nil) throws(StoreError) -> [CategoryTotal] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT month, category, total, receipts, items FROM month_category_totals
                    WHERE month BETWEEN ? AND ? ORDER BY month
                    """,
                arguments: Self.bounds(months)
            ).map { row in
                let text: String = row["category"]
                guard let category = Category(rawValue: text) else {
                    throw RecordError(row: "month_category_totals.category='\(text)'", reason: "not a category")
                }
                return CategoryTotal(
                    month: try Self.month(row["month"]), category: category,
                    total: try Self.keptTotal(row, table: "month_category_totals"), receipts: row["receipts"],
                    items: row["items"])
            }
        }
    }

    /// The shops spent at most within `months` (all when nil), each a seller at an address; shops
    /// of one name (a chain's) with their street, and those of one name and street as one.
    public func shopTotals(_ months: ClosedRange<Month>? = nil, limit: Int = 10) throws(StoreError) -> [ShopTotal] {
        Array(try allShopTotals(months).prefix(max(limit, 0)))
    }

    /// How many shops (as ``shopTotals(_:limit:)`` tells them apart) were spent at within `months`
    /// (all when nil), and what was spent at all of them.
    public func shopCount(_ months: ClosedRange<Month>? = nil) throws(StoreError) -> (shops: Int, total: Money) {
        let shops = try allShopTotals(months)
        return (shops.count, shops.reduce(Money.zero) { $0 + $1.total })
    }

    /// Every shop spent at within `months`, most first (then by name and street).
    private func allShopTotals(_ months: ClosedRange<Month>?) throws(StoreError) -> [ShopTotal] {
        let sources = try monthDetailSources()
        return try read { db in
            // A kept row's shop is its name and its shop row's id, apart (RecomputedTotals); the
            // address is read only for names that more than one shop row has.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH t AS (
                        SELECT substr(shop, 1, instr(shop, char(31)) - 1) AS name,
                            substr(shop, instr(shop, char(31)) + 1) AS shop_id,
                            SUM(total) AS total, SUM(receipts) AS receipts
                        FROM \(sources.shops) WHERE month BETWEEN ? AND ? GROUP BY shop)
                    SELECT name, total, receipts,
                        CASE WHEN (SELECT COUNT(*) FROM t o WHERE o.name = t.name) > 1 THEN
                            (SELECT r.address FROM receipts r WHERE r.shop_id = t.shop_id
                             ORDER BY r.date_time DESC LIMIT 1) END AS address
                    FROM t
                    """,
                arguments: Self.bounds(months))
            // Shops of one name and street are one to whoever reads the list.
            struct Key: Hashable {
                let name: String
                let street: String?
            }
            var totals: [Key: (total: Money, receipts: Int)] = [:]
            for row in rows {
                let key = Key(name: row["name"], street: (row["address"] as String?).flatMap(ShopName.street(of:)))
                let kept = totals[key] ?? (.zero, 0)
                totals[key] = (kept.total + Money(kopecks: row["total"]), kept.receipts + (row["receipts"] as Int))
            }
            var streets: [String: Int] = [:]
            for key in totals.keys { streets[key.name, default: 0] += 1 }
            return totals.map { key, value in
                ShopTotal(
                    shop: key.name, total: value.total, receipts: value.receipts,
                    street: (streets[key.name] ?? 0) > 1 ? key.street : nil)
            }.sorted { a, b in
                if a.total != b.total { return a.total > b.total }
                return (a.shop, a.street ?? "") < (b.shop, b.street ?? "")
            }
        }
    }

    /// The item names spent on most within `months` (all when nil), in every category.
    public func itemTotals(_ months: ClosedRange<Month>? = nil, limit: Int = 10) throws(StoreError) -> [NameSpending] {
        let sources = try monthDetailSources()
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT n.display, n.key, t.category, SUM(t.total) AS total, SUM(t.items) AS items
                    FROM \(sources.names) t JOIN item_names n ON n.id = t.name_id
                    WHERE t.month BETWEEN ? AND ? GROUP BY t.name_id, t.category
                    ORDER BY total DESC, n.key LIMIT ?
                    """,
                arguments: Self.bounds(months) + [limit]
            ).map { row in
                NameSpending(
                    name: row["display"], key: row["key"],
                    category: Category(rawValue: row["category"]) ?? .uncategorized,
                    total: Money(kopecks: row["total"]), items: row["items"])
            }
        }
    }

    /// Spending by month and category the plain way, a GROUP BY over every item: what the kept totals
    /// replace, for benchmarks to compare with. Returns the number of rows.
    @_spi(Benchmarks)
    public func plainCategoryGroupBy() throws(StoreError) -> Int {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.month, i.category, SUM(CASE WHEN r.operation IN (1, 4) THEN i.sum ELSE -i.sum END)
                    FROM items i JOIN receipts r ON r.id = i.receipt_id GROUP BY r.month, i.category
                    """
            ).count
        }
    }

    /// The month a row's text names, or the error that says which text is not one.
    static func month(_ text: String) throws -> Month {
        guard let month = Month(text) else { throw RecordError(row: "month='\(text)'", reason: "not a month") }
        return month
    }
}
