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

        /// Whether the receipts counted in and out left nothing to write.
        var isZero: Bool { receipts == 0 && total == 0 && items == 0 }

        /// Binds `total`, `receipts` and `items`, in that order.
        func bind(to values: inout DirectBindings) {
            values.add(total)
            values.add(receipts)
            values.add(items)
        }
    }

    /// The largest total, either way, that a month or a month's category may keep: 10¹³ ₽ in
    /// kopecks, a hundred receipts at the bound of one (`Receipt.largestAmount`). Sums over ninety
    /// thousand such months still fit in `Int64`, so nothing that reads the totals can overflow.
    static let largestTotal: Int64 = 1_000_000_000_000_000

    /// A month's changes: its own counts, and its categories'.
    private struct MonthChanges {
        var counts = Counts()
        /// Each category the month's receipts touched, in the order met: a month has a dozen or
        /// so, and finding one in a list costs less than hashing it with its month for every receipt.
        var categories: [(category: Category, counts: Counts)] = []

        mutating func add(_ receipt: ReceiptContribution, sign: Int) {
            counts.add(total: Int64(sign) * receipt.spending, receipts: sign, items: sign * receipt.lines)
            for line in receipt.categories {
                let index =
                    categories.firstIndex { $0.category == line.category }
                    ?? categories.endIndex
                if index == categories.endIndex { categories.append((line.category, Counts())) }
                categories[index].counts.add(total: Int64(sign) * line.total, receipts: sign, items: sign * line.items)
            }
        }
    }

    /// Every month counted in or out is stale too.
    private var months: [Month: MonthChanges] = [:]
    /// Months marked stale without a receipt counted.
    private var staleMonths: Set<Month> = []

    /// Counts a receipt in (`sign` 1) or out (`sign` -1).
    mutating func add(_ receipt: ReceiptContribution, sign: Int) {
        // One hash lookup a receipt: every saved receipt comes through here.
        months[receipt.month, default: MonthChanges()].add(receipt, sign: sign)
    }

    /// Marks a month's shop, item-name and product-price figures stale, after its items changed category.
    mutating func markStale(_ month: Month) {
        staleMonths.insert(month)
    }

    /// Writes the changes; rows that no receipt counts in any more are removed. Throws
    /// ``TotalsBeyondBounds`` when a month's or a category's total would pass ``largestTotal``, so
    /// that the transaction keeps nothing of its receipts.
    func apply(in db: Database) throws {
        if let month = months.first(where: {
            $0.value.counts.wrapped || $0.value.categories.contains { $0.counts.wrapped }
        })?
        .key {
            throw TotalsBeyondBounds(month: month)
        }
        // One statement for all of a transaction's rows of a table, rather than one a row.
        let monthRows = months.compactMap { $0.value.counts.isZero ? nil : ($0.key, $0.value.counts) }
        try Self.upsert(monthRows, statements: Self.monthUpserts, in: db) { row, values in
            values.add(row.0.description)
            row.1.bind(to: &values)
        }
        let categoryRows = months.flatMap { month, changes in
            changes.categories.compactMap { $0.counts.isZero ? nil : (month, $0.category, $0.counts) }
        }
        try Self.upsert(categoryRows, statements: Self.categoryUpserts, in: db) { row, values in
            values.add(row.0.description)
            values.add(row.1)
            row.2.bind(to: &values)
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
            for month in staleMonths.union(months.keys) {
                var values = DirectBindings(stale)
                values.add(month.description)
                try values.execute()
            }
        }
        // Rows whose counts went down may have reached zero: a row no receipt counts in goes.
        for (month, changes) in months {
            if changes.counts.receipts < 0 {
                try db.execute(
                    sql: "DELETE FROM month_totals WHERE month = ? AND receipts <= 0", arguments: [month.description])
            }
            for (category, counts) in changes.categories where counts.receipts < 0 {
                try db.execute(
                    sql: "DELETE FROM month_category_totals WHERE month = ? AND category = ? AND receipts <= 0",
                    arguments: [month.description, category.rawValue])
            }
        }
    }
}

extension TotalsDelta {
    /// The most rows one upsert of ``apply(in:)`` writes.
    static let rowsPerUpsert = 32

    /// Upserts of 1…``rowsPerUpsert`` rows of `month_totals`, and of `month_category_totals`: each row
    /// adds its counts to the row of its key, or is the first.
    private static let monthUpserts = (1...rowsPerUpsert).map {
        upsertSQL(into: "month_totals", keys: ["month"], rows: $0)
    }
    private static let categoryUpserts = (1...rowsPerUpsert).map {
        upsertSQL(into: "month_category_totals", keys: ["month", "category"], rows: $0)
    }

    private static func upsertSQL(into table: String, keys: [String], rows: Int) -> String {
        let columns = keys + ["total", "receipts", "items"]
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", ")))
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            ON CONFLICT (\(keys.joined(separator: ", "))) DO UPDATE SET total = total + excluded.total,
                receipts = receipts + excluded.receipts, items = items + excluded.items
            """
    }

    /// Runs `statements[n - 1]` for each `n` rows, as many as one takes; `bind` binds a row's values.
    private static func upsert<Row>(
        _ rows: [Row], statements: [String], in db: Database, bind: (Row, inout DirectBindings) -> Void
    ) throws {
        for start in stride(from: 0, to: rows.count, by: rowsPerUpsert) {
            let chunk = rows[start..<min(start + rowsPerUpsert, rows.count)]
            var values = DirectBindings(try db.cachedStatement(sql: statements[chunk.count - 1]))
            for row in chunk { bind(row, &values) }
            try values.execute()
        }
    }
}

/// A transaction would have made a month's kept total pass ``TotalsDelta/largestTotal``.
struct TotalsBeyondBounds: Error {
    let month: Month
}
