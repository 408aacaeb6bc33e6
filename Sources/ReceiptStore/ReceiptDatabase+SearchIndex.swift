import GRDB
import ReceiptCore

/// A receipt's full-text search document: the words of its item names, and of its shop (the names
/// and address the receipt prints and those of its place), as ``SearchText/appendWords(_:to:)``
/// gives them.
///
/// The index keeps no copy of the documents (`content=''`): a document is deleted by giving its
/// text again, built from the rows as they were when it was written. So every change to a row a
/// document is built from goes through ``ReceiptDatabase/rewritingDocuments(of:in:_:)``.
struct SearchDocument {
    private var items: [UInt8] = []
    private var shop: [UInt8] = []
    /// Where each shop part added begins and ends in `shop`.
    private var shopParts: [Range<Int>] = []

    mutating func addItem(_ name: String) {
        SearchText.appendWords(name, to: &items)
    }

    /// Adds a name or address of the shop, unless it is there already: the receipt's shop name and
    /// address are mostly its place's too, and every word indexed twice costs time.
    mutating func addShop(_ part: String?) {
        guard let part, !part.isEmpty else { return }
        let start = shop.count
        SearchText.appendWords(part, to: &shop)
        let added = start..<shop.count
        if added.isEmpty || shopParts.contains(where: { shop[$0].elementsEqual(shop[added]) }) {
            shop.removeSubrange(added)
        } else {
            shopParts.append(added)
        }
    }

    /// Writes the document of receipt `id`, which must have none.
    func insert(id: Int64, in db: Database) throws {
        try write(
            id: id, sql: "INSERT INTO receipt_search (rowid, items, shop) VALUES (?, ?, ?)", in: db)
    }

    /// Deletes the document of receipt `id`, which must be this one as it was written.
    func delete(id: Int64, in db: Database) throws {
        try write(
            id: id,
            sql: "INSERT INTO receipt_search (receipt_search, rowid, items, shop) VALUES ('delete', ?, ?, ?)",
            in: db)
    }

    private func write(id: Int64, sql: String, in db: Database) throws {
        var values = DirectBindings(try db.cachedStatement(sql: sql))
        values.add(id)
        values.add(String(decoding: items, as: UTF8.self))
        values.add(String(decoding: shop, as: UTF8.self))
        try values.execute()
    }
}

extension ReceiptDatabase {
    /// Writes the search documents of the receipts saved since the index was last brought up to
    /// date, in one transaction; does nothing when there are none.
    ///
    /// Saving does not index receipts one by one: full-text indexing a page of 50 at a time cost
    /// as much as the rest of an import, and one pass over all the new receipts costs a fraction of
    /// that. An import ends with this, and a search begins with it.
    public func updateSearchIndex() throws(StoreError) {
        let behind = try read { db in
            try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM receipts WHERE id > (SELECT indexed_through FROM search_state))")
        }
        guard behind == true else { return }
        try write { db in try Self.indexNewReceipts(in: db) }
    }

    /// Indexes every receipt with an id past `search_state.indexed_through`, in id order, with its
    /// items and place as they are now.
    static func indexNewReceipts(in db: Database) throws {
        let through = try Int64.fetchOne(db, sql: "SELECT indexed_through FROM search_state") ?? 0
        let last = try writeDocuments(after: through, through: Int64.max, in: db)
        try db.execute(sql: "UPDATE search_state SET indexed_through = ?", arguments: [last ?? through])
    }

    /// Runs `change`, which alters rows the search documents of `receipts` are built from,
    /// keeping those documents right: the ones already written are deleted before (from the rows
    /// they were built from) and written again after. Receipts not indexed yet are left to
    /// ``updateSearchIndex()``.
    static func rewritingDocuments<T>(of receipts: [Int64], in db: Database, _ change: () throws -> T) throws -> T {
        let through = try Int64.fetchOne(db, sql: "SELECT indexed_through FROM search_state") ?? 0
        let indexed = receipts.filter { $0 <= through }.sorted()
        for id in indexed { try writeDocuments(after: id - 1, through: id, deleting: true, in: db) }
        let result = try change()
        for id in indexed { try writeDocuments(after: id - 1, through: id, in: db) }
        return result
    }

    /// Writes the documents of the receipts with ids in `after + 1 ... through` from their rows, items
    /// and places as stored (or, `deleting`, deletes the documents those rows gave); returns the
    /// last id written.
    @discardableResult
    private static func writeDocuments(
        after lower: Int64, through upper: Int64, deleting: Bool = false, in db: Database
    ) throws -> Int64? {
        let receipts = try Row.fetchCursor(
            db,
            sql: """
                SELECT r.id, r.retail_place, r.seller, r.address, p.name, p.address
                FROM receipts r LEFT JOIN places p ON p.id = r.place_id
                WHERE r.id > ? AND r.id <= ? ORDER BY r.id
                """,
            arguments: [lower, upper])
        let items = try Row.fetchCursor(
            db,
            sql: """
                SELECT receipt_id, name FROM items WHERE receipt_id > ? AND receipt_id <= ?
                ORDER BY receipt_id, position
                """,
            arguments: [lower, upper])
        // Both cursors walk in receipt id order: the items are merged into their receipts.
        var nextItem = try items.next().map { row -> (Int64, String) in (row[0], row[1]) }
        var last: Int64?
        while let receipt = try receipts.next() {
            let id: Int64 = receipt[0]
            var document = SearchDocument()
            for column in 1...5 { document.addShop(receipt[column]) }
            while let (receiptID, name) = nextItem, receiptID <= id {
                if receiptID == id { document.addItem(name) }
                nextItem = try items.next().map { row -> (Int64, String) in (row[0], row[1]) }
            }
            if deleting { try document.delete(id: id, in: db) } else { try document.insert(id: id, in: db) }
            last = id
        }
        return last
    }
}
