import GRDB
import ReceiptCore

/// Changes to the monthly totals gathered over one transaction and written at its end, one row
/// update per month and key rather than one per receipt.
///
/// Shop, item-name and product-price figures are not counted receipt by receipt: a month whose
/// receipts changed is marked stale and they are recomputed when something reads them
/// (``ReceiptDatabase/refreshMonthDetails(in:)``, ``PriceMonths/refresh(in:)``).
struct TotalsDelta {
    private struct Counts {
        var total: Int64 = 0
        var receipts = 0
        var items = 0

        /// Whether `total` wrapped: the transaction is then refused (``TotalsBeyondBounds``).
        var wrapped = false

        mutating func add(total: Int64, receipts: Int, items: Int) {
            let (sum, overflow) = self.total.addingReportingOverflow(total)
            self.total = sum
            wrapped = wrapped || overflow
            self.receipts += receipts
            self.items += items
        }
    }

    /// The largest total, either way, that a month or a month's category may keep: 10¹³ ₽ in
    /// kopecks, a hundred receipts at the bound of one (`Receipt.largestAmount`). Sums over ninety
    /// thousand such months still fit in `Int64`, so nothing that reads the totals can overflow.
    static let largestTotal: Int64 = 1_000_000_000_000_000

    private struct Key<Value: Hashable>: Hashable {
        let month: Month
        let value: Value
    }

    private var months: [Month: Counts] = [:]
    private var categories: [Key<Category>: Counts] = [:]
    private var staleMonths: Set<Month> = []

    /// Counts a receipt in (`sign` 1) or out (`sign` -1).
    mutating func add(_ receipt: ReceiptContribution, sign: Int) {
        let month = receipt.month
        // One hash lookup a key: every saved receipt comes through here.
        months[month, default: Counts()].add(
            total: Int64(sign) * receipt.spending, receipts: sign, items: sign * receipt.lines)
        for line in receipt.categories {
            categories[Key(month: month, value: line.category), default: Counts()].add(
                total: Int64(sign) * line.total, receipts: sign, items: sign * line.items)
        }
        staleMonths.insert(month)
    }

    /// Marks a month's shop, item-name and product-price figures stale, after its items changed category.
    mutating func markStale(_ month: Month) {
        staleMonths.insert(month)
    }

    /// Writes the changes; rows that no receipt counts in any more are removed. Throws
    /// ``TotalsBeyondBounds`` when a month's or a category's total would pass ``largestTotal``, so
    /// that the transaction keeps nothing of its receipts.
    func apply(in db: Database) throws {
        if let month = months.first(where: { $0.value.wrapped })?.key
            ?? categories.first(where: { $0.value.wrapped })?.key.month
        {
            throw TotalsBeyondBounds(month: month)
        }
        let monthUpsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_totals (month, total, receipts, items) VALUES (?, ?, ?, ?)
                ON CONFLICT (month) DO UPDATE SET total = total + excluded.total,
                    receipts = receipts + excluded.receipts, items = items + excluded.items
                """)
        for (month, counts) in months where counts.receipts != 0 || counts.total != 0 || counts.items != 0 {
            var values = DirectBindings(monthUpsert)
            values.add(month.description)
            values.add(counts.total)
            values.add(counts.receipts)
            values.add(counts.items)
            try values.execute()
        }
        let categoryUpsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_category_totals (month, category, total, receipts, items) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (month, category) DO UPDATE SET total = total + excluded.total,
                    receipts = receipts + excluded.receipts, items = items + excluded.items
                """)
        for (key, counts) in categories where counts.receipts != 0 || counts.total != 0 || counts.items != 0 {
            var values = DirectBindings(categoryUpsert)
            values.add(key.month.description)
            values.add(key.value)
            values.add(counts.total)
            values.add(counts.receipts)
            values.add(counts.items)
            try values.execute()
        }
        // SQLite turns an integer sum that overflows into a real number: that passes the bound too.
        let beyond = try db.cachedStatement(
            sql: """
                SELECT month FROM month_totals WHERE month = ?1 AND abs(total) > ?2
                UNION ALL SELECT month FROM month_category_totals WHERE month = ?1 AND abs(total) > ?2 LIMIT 1
                """)
        for month in months.keys {
            if try String.fetchOne(beyond, arguments: [month.description, Self.largestTotal]) != nil {
                throw TotalsBeyondBounds(month: month)
            }
        }
        for table in ["stale_item_months", "stale_price_months"] {
            let stale = try db.cachedStatement(sql: "INSERT OR IGNORE INTO \(table) (month) VALUES (?)")
            for month in staleMonths {
                var values = DirectBindings(stale)
                values.add(month.description)
                try values.execute()
            }
        }
        // Rows whose counts went down may have reached zero: a row no receipt counts in goes.
        for (month, counts) in months where counts.receipts < 0 {
            try db.execute(
                sql: "DELETE FROM month_totals WHERE month = ? AND receipts <= 0", arguments: [month.description])
        }
        for (key, counts) in categories where counts.receipts < 0 {
            try db.execute(
                sql: "DELETE FROM month_category_totals WHERE month = ? AND category = ? AND receipts <= 0",
                arguments: [key.month.description, key.value.rawValue])
        }
    }
}

/// A transaction would have made a month's kept total pass ``TotalsDelta/largestTotal``.
struct TotalsBeyondBounds: Error {
    let month: Month
}
