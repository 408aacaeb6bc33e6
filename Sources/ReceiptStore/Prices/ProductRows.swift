import GRDB
import ReceiptCore

/// Which name row a name's lines are priced under (`item_names.product_id`; NULL: its own), so that
/// one product printed otherwise at another chain or on another receipt is one product in `prices`
/// and in personal inflation:
/// - the first row of its family (``ProductKinds/family(ofKey:)``: the kind, the variant and the
///   brand's words; `product_families` keeps each family's first row), decided when the row is made;
/// - else, once a line prints the name with a GTIN whose product is another row
///   (`gtin_products`), that product: its lines without the code are the same thing.
///
/// A row's product is decided once, and a row other rows are priced under takes them along when
/// it is itself given to a GTIN's product. The months whose lines change product are marked stale.
/// Categories, search and the counting of purchases keep each line's own name row.
enum ProductRows {
    /// Gives row `id` (its key `key`) the first row of its family, or makes it the first; nothing
    /// for a key of no family. Asking again changes nothing.
    static func assign(row id: Int64, key: String, in db: Database) throws {
        guard let family = ProductKinds.family(ofKey: key) else { return }
        let first = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT name_id FROM product_families WHERE family = ?"), arguments: [family])
        guard let first else {
            try db.cachedStatement(sql: "INSERT INTO product_families (family, name_id) VALUES (?, ?)")
                .execute(arguments: [family, id])
            return
        }
        guard first != id else { return }
        try db.cachedStatement(
            sql:
                "UPDATE item_names SET product_id = COALESCE((SELECT product_id FROM item_names WHERE id = ?1), ?1) WHERE id = ?2 AND product_id IS NULL"
        ).execute(arguments: [first, id])
    }

    /// Row `printed` was printed on a line whose GTIN's product is row `gtinRow`: unless the row
    /// has a product already, it and the rows priced under it become that product's. Returns
    /// whether anything changed.
    @discardableResult
    static func alias(printed: Int64, gtinRow: Int64, in db: Database) throws -> Bool {
        let own = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT product_id FROM item_names WHERE id = ?"), arguments: [printed])
        guard let own, own["product_id"] as Int64? == nil else { return false }
        let target =
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT COALESCE(product_id, id) FROM item_names WHERE id = ?"),
                arguments: [gtinRow]) ?? gtinRow
        guard target != printed else { return false }
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO stale_price_months (month)
                SELECT DISTINCT r.month FROM items i JOIN receipts r ON r.id = i.receipt_id
                WHERE i.name_id = ?1 OR i.name_id IN (SELECT id FROM item_names WHERE product_id = ?1)
                """
        ).execute(arguments: [printed])
        try db.cachedStatement(sql: "UPDATE item_names SET product_id = ?1 WHERE id = ?2 OR product_id = ?2")
            .execute(arguments: [target, printed])
        return true
    }

    /// Decides every row's product anew (the reading of kinds or names changed): families in the
    /// order the rows were made, then the GTINs' printed names. The caller marks the months stale.
    static func assignAll(in db: Database) throws {
        try db.execute(sql: "UPDATE item_names SET product_id = NULL WHERE product_id IS NOT NULL")
        try db.execute(sql: "DELETE FROM product_families")
        for row in try Row.fetchAll(db, sql: "SELECT id, key FROM item_names ORDER BY id") {
            try assign(row: row["id"], key: row["key"], in: db)
        }
        let printed = try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT i.name_id, i.name FROM items i
                WHERE i.gtin IS NOT NULL AND i.gtin IN (SELECT gtin FROM gtin_products)
                ORDER BY i.name_id, i.name
                """)
        for row in printed {
            let key = ItemName.key(row["name"] as String)
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM item_names WHERE key = ?", arguments: [key])
            else { continue }
            let gtinRow: Int64 = row["name_id"]
            if id != gtinRow { try alias(printed: id, gtinRow: gtinRow, in: db) }
        }
    }

    /// The rows priced under another, by id: few, so read whole.
    static func products(in db: Database) throws -> [Int64: Int64] {
        var products: [Int64: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, product_id FROM item_names WHERE product_id IS NOT NULL") {
            products[row["id"]] = row["product_id"]
        }
        return products
    }

    /// The SQL of the row line `i`'s name is priced under.
    static let lineProductSQL = "COALESCE((SELECT product_id FROM item_names WHERE id = i.name_id), i.name_id)"
}
