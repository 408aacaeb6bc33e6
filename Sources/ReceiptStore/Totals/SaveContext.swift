import GRDB
import ReceiptCore

/// What a saving transaction carries: the categorizer and the changes to the monthly totals.
struct SaveContext {
    var categorizer: Categorizer
    /// False only in benchmarks that measure the cost of categories and totals.
    let counting: Bool
    var delta = TotalsDelta()
    /// Places this transaction found stored as given, or wrote.
    var placesStored: [String: PlaceRecord] = [:]
    /// Shops earlier transactions found, by what their receipts print (``ShopIdentity``).
    var cachedShops: [ByteKey: ShopIdentity.Entry] = [:]
    /// Shops this transaction found or made, handed to the cache once it commits.
    var shops: [ByteKey: ShopIdentity.Entry] = [:]
    /// Name rows of the GTINs this transaction met.
    var products: [String: Int64] = [:]
    /// Name rows this transaction printed with a known GTIN (``ProductRows/alias(printed:gtinRow:in:)``).
    var aliased: Set<Int64> = []
    /// The statements every saved receipt runs.
    var statements = SaveStatements()

    /// The name row a line counts under: the one its GTIN was first seen with, when it carries a
    /// valid one (so one product printed two ways at two chains is one product), else its
    /// printed name's. A GTIN seen for the first time takes the printed name's row.
    mutating func product(of item: Item, in db: Database) throws -> NameEntry {
        guard let code = item.gtin, let gtin = GTIN(checking: code)?.digits else {
            return try categorizer.name(item.name, in: db)
        }
        var known = products[gtin]
        if known == nil {
            var lookup = DirectBindings(
                try db.cachedStatement(sql: "SELECT name_id FROM gtin_products WHERE gtin = ?"))
            lookup.add(gtin)
            known = try lookup.fetchInt64()
            products[gtin] = known
        }
        if let id = known {
            // The name printed with the code is that product too, on lines without it (ProductRows).
            let printed = try categorizer.name(item.name, in: db).id
            if printed != id, aliased.insert(printed).inserted {
                try ProductRows.alias(printed: printed, gtinRow: id, in: db)
            }
            return try categorizer.name(id: id, in: db)
        }
        let entry = try categorizer.name(item.name, in: db)
        try db.cachedStatement(sql: "INSERT INTO gtin_products (gtin, name_id) VALUES (?, ?)")
            .execute(arguments: [gtin, entry.id])
        products[gtin] = entry.id
        return entry
    }

    /// Counts a stored receipt out of the totals (`sign` -1) or in (1), as its rows say now.
    mutating func count(storedReceipt id: Int64, sign: Int, in db: Database) throws {
        guard counting, let contribution = try storedContribution(of: id, in: db) else { return }
        delta.add(contribution, sign: sign)
    }

    /// Categorizes a stored receipt's items anew (after a choice or its place changed) and returns
    /// how many moved.
    @discardableResult
    mutating func recategorize(storedReceipt id: Int64, in db: Database) throws -> Int {
        let shop = try evidence(ofStoredReceipt: id, in: db)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT position, name_id, category, chosen FROM items WHERE receipt_id = ?"),
            arguments: [id])
        var moved = 0
        for row in rows {
            guard let nameID: Int64 = row["name_id"] else { continue }
            // A choice for the line itself wins over its name's.
            let category =
                try (row["chosen"] as String?).flatMap(Category.init(rawValue:))
                ?? shop.category(of: categorizer.name(id: nameID, in: db))
            if row["category"] != category.rawValue {
                try db.cachedStatement(sql: "UPDATE items SET category = ? WHERE receipt_id = ? AND position = ?")
                    .execute(arguments: [category.rawValue, id, row["position"]])
                moved += 1
            }
        }
        return moved
    }

    /// What a stored receipt adds to the totals, from its rows as they are now.
    mutating func storedContribution(of id: Int64, in db: Database) throws -> ReceiptContribution? {
        guard
            let receipt = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT month, counted FROM receipts WHERE id = ?"), arguments: [id])
        else { return nil }
        let shop = try evidence(ofStoredReceipt: id, in: db)
        let lines = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT category, counted FROM items WHERE receipt_id = ? ORDER BY position"),
            arguments: [id]
        ).map { row in
            ReceiptContribution.Line(
                category: (row["category"] as String?).flatMap(Category.init(rawValue:)) ?? .uncategorized,
                counted: row["counted"])
        }
        let text: String = receipt["month"]
        guard let month = Month(text) else { throw RecordError(row: "receipts.month='\(text)'", reason: "not a month") }
        return ReceiptContribution(
            month: month, counted: receipt["counted"], shopCategory: shop.category, lines: lines)
    }

    /// What the shop of a stored receipt says of its lines.
    mutating func evidence(ofStoredReceipt id: Int64, in db: Database) throws -> ShopEvidence {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT r.place_id, s.kind FROM receipts r LEFT JOIN shops s ON s.id = r.shop_id WHERE r.id = ?"),
            arguments: [id])
        return ShopEvidence(
            placeCategory: try categorizer.place(row?["place_id"], in: db)?.category,
            kind: (row?["kind"] as String?).flatMap(ShopKind.init(rawValue:)))
    }
}

extension SaveContext {
    /// Categorizes a stored receipt's items anew and, when any moved, moves the receipt's share of
    /// the totals with them; returns how many moved.
    @discardableResult
    mutating func recount(storedReceipt id: Int64, in db: Database) throws -> Int {
        let before = try storedContribution(of: id, in: db)
        let moved = try recategorize(storedReceipt: id, in: db)
        guard moved > 0, let before, let after = try storedContribution(of: id, in: db) else { return moved }
        delta.add(before, sign: -1)
        delta.add(after, sign: 1)
        delta.markStale(after.month)
        return moved
    }
}

/// The statements every saved receipt runs, taken from GRDB's cache once a transaction: finding a
/// cached statement hashes its whole SQL (a receipt's items' runs to a kilobyte), which cost more
/// than binding the values.
struct SaveStatements {
    private var lookup: Statement?
    private var insert: Statement?
    /// By the number of rows less one.
    private var items = [Statement?](repeating: nil, count: ItemRecord.rowsPerInsert)

    /// Finds a receipt's id by its fiscal identity.
    mutating func receiptLookup(in db: Database) throws -> Statement {
        if let lookup { return lookup }
        let statement = try db.cachedStatement(sql: "SELECT id FROM receipts WHERE fn = ? AND fd = ? AND fp = ?")
        lookup = statement
        return statement
    }

    /// ``ReceiptRecord/insertSQL``.
    mutating func receiptInsert(in db: Database) throws -> Statement {
        if let insert { return insert }
        let statement = try db.cachedStatement(sql: ReceiptRecord.insertSQL)
        insert = statement
        return statement
    }

    /// ``ItemRecord/insertSQL(rows:)``.
    mutating func itemsInsert(rows: Int, in db: Database) throws -> Statement {
        if let statement = items[rows - 1] { return statement }
        let statement = try db.cachedStatement(sql: ItemRecord.insertSQL(rows: rows))
        items[rows - 1] = statement
        return statement
    }
}
