import GRDB

/// A month's kept product figures as ``PriceMonths`` worked them out, ready to be written: each
/// product's row of `month_product_prices` and each of its shops' rows of `month_product_shops`,
/// in the order of their keys.
struct MonthFigures: Sendable {
    /// A product of the month: its name row and unit.
    struct Key: Hashable, Comparable, Sendable {
        let nameID: Int64
        let unit: Int64

        static func < (a: Key, b: Key) -> Bool { (a.nameID, a.unit) < (b.nameID, b.unit) }
    }

    /// A product's month.
    struct ProductRow: Sendable {
        let key: Key
        let category: String
        let purchases: Int
        let amount: Int64
        let spending: Int64
        let lowest: Int64
        let median: Int64
        let highest: Int64
    }

    /// How many of a product's lines in the month printed one form (``ItemName/heading(_:)``) other
    /// than the one its name row was first printed in.
    struct FormRow: Sendable {
        let key: Key
        let heading: String
        let lines: Int
    }

    /// A product's month at a shop.
    struct ShopRow: Sendable {
        let key: Key
        let shop: String
        let lastAt: String
        let purchases: Int
        let lowest: Int64
        let last: Int64
    }

    /// A product kind's month.
    struct KindRow: Sendable {
        let kind: String
        let category: String
        let purchases: Int
        let amount: Int64
        let spending: Int64
        let lowest: Int64
        let median: Int64
        let highest: Int64
    }

    /// A product kind's month at a shop.
    struct KindShopRow: Sendable {
        let kind: String
        let shop: String
        let lastAt: String
        let purchases: Int
        let lowest: Int64
        let last: Int64
    }

    /// The month, as the tables write it.
    let month: String
    var products: [ProductRow] = []
    var shops: [ShopRow] = []
    var kinds: [KindRow] = []
    var kindShops: [KindShopRow] = []
    var forms: [FormRow] = []

    /// Replaces the month's kept rows with these, and takes the month off `stale_price_months`.
    func write(in db: Database) throws {
        try db.execute(sql: "DELETE FROM month_product_prices WHERE month = ?", arguments: [month])
        try db.execute(sql: "DELETE FROM month_product_shops WHERE month = ?", arguments: [month])
        try db.execute(sql: "DELETE FROM month_kind_prices WHERE month = ?", arguments: [month])
        let kindInsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_kind_prices (
                    month, kind, category, purchases, amount, spending, lowest, median, highest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for row in kinds {
            try kindInsert.execute(arguments: [
                month, row.kind, row.category, row.purchases, row.amount, row.spending, row.lowest, row.median,
                row.highest,
            ])
        }
        try db.execute(sql: "DELETE FROM month_kind_shops WHERE month = ?", arguments: [month])
        let kindShopInsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_kind_shops (month, kind, shop, last_at, purchases, lowest, last)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        for row in kindShops {
            try kindShopInsert.execute(arguments: [
                month, row.kind, row.shop, row.lastAt, row.purchases, row.lowest, row.last,
            ])
        }
        let productInsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_product_prices (
                    month, name_id, price_unit, category, purchases, amount, spending, lowest, median, highest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for row in products {
            var values = DirectBindings(productInsert)
            values.add(month)
            values.add(row.key.nameID)
            values.add(row.key.unit)
            values.add(row.category)
            values.add(row.purchases)
            values.add(row.amount)
            values.add(row.spending)
            values.add(row.lowest)
            values.add(row.median)
            values.add(row.highest)
            try values.execute()
        }
        try db.execute(sql: "DELETE FROM month_product_forms WHERE month = ?", arguments: [month])
        let formInsert = try db.cachedStatement(
            sql: "INSERT INTO month_product_forms (month, name_id, price_unit, heading, lines) VALUES (?, ?, ?, ?, ?)")
        for row in forms {
            var values = DirectBindings(formInsert)
            values.add(month)
            values.add(row.key.nameID)
            values.add(row.key.unit)
            values.add(row.heading)
            values.add(row.lines)
            try values.execute()
        }
        // Most of a month's rows are these: written several a statement.
        for start in stride(from: 0, to: shops.count, by: Self.shopRowsPerInsert) {
            let chunk = shops[start..<min(start + Self.shopRowsPerInsert, shops.count)]
            var values = DirectBindings(try db.cachedStatement(sql: Self.shopInserts[chunk.count - 1]))
            for row in chunk {
                values.add(month)
                values.add(row.key.nameID)
                values.add(row.key.unit)
                values.add(row.shop)
                values.add(row.lastAt)
                values.add(row.purchases)
                values.add(row.lowest)
                values.add(row.last)
            }
            try values.execute()
        }
        try db.execute(sql: "DELETE FROM stale_price_months WHERE month = ?", arguments: [month])
    }

    /// The most shop rows one statement writes.
    private static let shopRowsPerInsert = 16

    /// Inserts of 1…``shopRowsPerInsert`` shop rows.
    private static let shopInserts = (1...shopRowsPerInsert).map { rows in
        """
        INSERT INTO month_product_shops (month, name_id, price_unit, shop, last_at, purchases, lowest, last)
        VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
        """
    }
}
