import GRDB
import ReceiptCore

/// Recomputes the kept product figures of a month from its lines, each priced per kilogram, litre or
/// piece by ``UnitPrice/line(_:facts:)``: each product's month (`month_product_prices`) and its
/// months at each shop (`month_product_shops`). The SQL in ``RecomputedPrices`` computes the same
/// apart from it.
enum PriceMonths {
    /// One product's lines in the month, gathered as they come.
    private struct Product {
        var prices: [Int64] = []
        var amount: Int64 = 0
        var spending: Int64 = 0
        var categories: [String: Int] = [:]
        var shops: [String: Shop] = [:]

        /// The category most lines had; of equals, the first by name.
        var category: String {
            categories.min { ($1.value, $0.key) < ($0.value, $1.key) }?.key ?? Category.uncategorized.rawValue
        }
    }

    /// One product's lines at one shop.
    private struct Shop {
        var purchases = 0
        var lowest = Int64.max
        var last: Int64 = 0
        /// The latest line's time, receipt id and position.
        var latest = ("", Int64.min, Int64.min)
    }

    /// A product of the month: its name row and unit.
    private struct Key: Hashable {
        let nameID: Int64
        let unit: Int64
    }

    /// Recomputes the months named in `stale_price_months`, and empties it.
    static func refresh(in db: Database) throws {
        var names = UnitPrice.Names()
        for month in try String.fetchAll(db, sql: "SELECT month FROM stale_price_months") {
            try recompute(month, names: &names, in: db)
        }
        try db.execute(sql: "DELETE FROM stale_price_months")
    }

    /// Recomputes every month with receipts.
    static func rebuild(in db: Database) throws {
        try db.execute(sql: "DELETE FROM month_product_prices")
        try db.execute(sql: "DELETE FROM month_product_shops")
        try db.execute(sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
        try refresh(in: db)
    }

    private static func recompute(_ month: String, names: inout UnitPrice.Names, in db: Database) throws {
        try db.execute(sql: "DELETE FROM month_product_prices WHERE month = ?", arguments: [month])
        try db.execute(sql: "DELETE FROM month_product_shops WHERE month = ?", arguments: [month])
        let lines = try Row.fetchCursor(
            db,
            sql: """
                SELECT i.name_id, i.name, i.price, i.quantity, i.unit, i.counted, COALESCE(i.category, 'uncategorized'),
                    r.date_time, r.id, i.position,
                    \(ShopIdentity.name), i.measure
                FROM receipts r JOIN items i ON i.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
                WHERE r.month = ? AND \(PurchaseCounting.pricedLine) AND r.status = 'complete' AND i.name_id IS NOT NULL
                """,
            arguments: [month])
        let productInsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_product_prices (
                    month, name_id, price_unit, category, purchases, amount, spending, lowest, median, highest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let shopInsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_product_shops (month, name_id, price_unit, shop, last_at, purchases, lowest, last)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        func write(_ key: Key, _ product: Product) throws {
            let prices = product.prices.sorted()
            var values = DirectBindings(productInsert)
            values.add(month)
            values.add(key.nameID)
            values.add(key.unit)
            values.add(product.category)
            values.add(prices.count)
            values.add(product.amount)
            values.add(product.spending)
            values.add(prices.first ?? 0)
            values.add(prices.median)
            values.add(prices.last ?? 0)
            try values.execute()
            for (name, shop) in product.shops {
                var values = DirectBindings(shopInsert)
                values.add(month)
                values.add(key.nameID)
                values.add(key.unit)
                values.add(name)
                values.add(shop.latest.0)
                values.add(shop.purchases)
                values.add(shop.lowest)
                values.add(shop.last)
                try values.execute()
            }
        }
        var products: [Key: Product] = [:]
        while let row = try lines.next() {
            let name: String = row[1]
            // The line's sum is its share of what the receipt counts: what spending on it means.
            let item = Item(
                name: name, price: Money(kopecks: row[2]), quantity: row[3], sum: Money(kopecks: row[5]), unit: row[4],
                measure: (row[11] as Int?).map(Measure.init(rawValue:)))
            guard let line = UnitPrice.line(item, facts: names.facts(name)) else { continue }
            let key = Key(nameID: row[0], unit: line.unit.storedCode)
            let shopName: String = row[10]
            let latest: (String, Int64, Int64) = (row[7], row[8], row[9])
            var product = products.removeValue(forKey: key) ?? Product()
            product.prices.append(line.kopecks)
            product.amount += line.thousandths
            product.spending += item.sum.kopecks
            product.categories[row[6], default: 0] += 1
            var shop = product.shops[shopName] ?? Shop()
            shop.purchases += 1
            shop.lowest = min(shop.lowest, line.kopecks)
            if latest > shop.latest {
                shop.latest = latest
                shop.last = line.kopecks
            }
            product.shops[shopName] = shop
            products[key] = product
        }
        for (key, product) in products { try write(key, product) }
    }
}
