import GRDB
import ReceiptCore

/// Changes to the monthly totals gathered over one transaction and written at its end, one row
/// update per month and key rather than one per receipt.
struct TotalsDelta {
    private struct Counts {
        var total: Int64 = 0
        var receipts = 0
        var items = 0
    }

    private struct Key<Value: Hashable>: Hashable {
        let month: String
        let value: Value
    }

    private var months: [String: Counts] = [:]
    private var categories: [Key<Category>: Counts] = [:]
    private var shops: [Key<String>: Counts] = [:]
    private var names: [Key<ReceiptContribution.NameKey>: Counts] = [:]

    var isEmpty: Bool { months.isEmpty }

    /// Counts a receipt in (`sign` 1) or out (`sign` -1).
    mutating func add(_ receipt: ReceiptContribution, sign: Int) {
        let month = receipt.month
        let lines = receipt.names.values.reduce(0) { $0 + $1.items }
        months[month, default: Counts()].total += Int64(sign) * receipt.spending
        months[month, default: Counts()].receipts += sign
        months[month, default: Counts()].items += sign * lines
        for (category, value) in receipt.categories {
            let key = Key(month: month, value: category)
            categories[key, default: Counts()].total += Int64(sign) * value.total
            categories[key, default: Counts()].receipts += sign
            categories[key, default: Counts()].items += sign * value.items
        }
        let shop = Key(month: month, value: receipt.shop)
        shops[shop, default: Counts()].total += Int64(sign) * receipt.spending
        shops[shop, default: Counts()].receipts += sign
        for (name, value) in receipt.names {
            let key = Key(month: month, value: name)
            names[key, default: Counts()].total += Int64(sign) * value.total
            names[key, default: Counts()].items += sign * value.items
        }
    }

    /// Writes the changes; rows that no receipt counts in any more are removed.
    func apply(in db: Database) throws {
        let monthUpsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_totals (month, total, receipts, items) VALUES (?, ?, ?, ?)
                ON CONFLICT (month) DO UPDATE SET total = total + excluded.total,
                    receipts = receipts + excluded.receipts, items = items + excluded.items
                """)
        for (month, counts) in months where counts.receipts != 0 || counts.total != 0 || counts.items != 0 {
            try monthUpsert.execute(arguments: [month, counts.total, counts.receipts, counts.items])
        }
        let categoryUpsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_category_totals (month, category, total, receipts, items) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (month, category) DO UPDATE SET total = total + excluded.total,
                    receipts = receipts + excluded.receipts, items = items + excluded.items
                """)
        for (key, counts) in categories where counts.receipts != 0 || counts.total != 0 || counts.items != 0 {
            try categoryUpsert.execute(
                arguments: [key.month, key.value.rawValue, counts.total, counts.receipts, counts.items])
        }
        let shopUpsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_shop_totals (month, shop, total, receipts) VALUES (?, ?, ?, ?)
                ON CONFLICT (month, shop) DO UPDATE SET total = total + excluded.total,
                    receipts = receipts + excluded.receipts
                """)
        for (key, counts) in shops where counts.receipts != 0 || counts.total != 0 {
            try shopUpsert.execute(arguments: [key.month, key.value, counts.total, counts.receipts])
        }
        let nameUpsert = try db.cachedStatement(
            sql: """
                INSERT INTO month_item_totals (month, name_id, category, total, items) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (month, name_id, category) DO UPDATE SET total = total + excluded.total,
                    items = items + excluded.items
                """)
        for (key, counts) in names where counts.items != 0 || counts.total != 0 {
            try nameUpsert.execute(
                arguments: [key.month, key.value.nameID, key.value.category.rawValue, counts.total, counts.items])
        }
        // Rows whose counts went down may have reached zero: a row no receipt counts in goes.
        for (month, counts) in months where counts.receipts < 0 {
            try db.execute(sql: "DELETE FROM month_totals WHERE month = ? AND receipts <= 0", arguments: [month])
        }
        for (key, counts) in categories where counts.receipts < 0 {
            try db.execute(
                sql: "DELETE FROM month_category_totals WHERE month = ? AND category = ? AND receipts <= 0",
                arguments: [key.month, key.value.rawValue])
        }
        for (key, counts) in shops where counts.receipts < 0 {
            try db.execute(
                sql: "DELETE FROM month_shop_totals WHERE month = ? AND shop = ? AND receipts <= 0",
                arguments: [key.month, key.value])
        }
        for (key, counts) in names where counts.items < 0 {
            try db.execute(
                sql: "DELETE FROM month_item_totals WHERE month = ? AND name_id = ? AND category = ? AND items <= 0",
                arguments: [key.month, key.value.nameID, key.value.category.rawValue])
        }
    }
}
