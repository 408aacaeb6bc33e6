import GRDB
import GRDBSQLite
import ReceiptCore

/// A receipt's full-text search document: the words of its item names, and of its shop (the names
/// and address the receipt prints, those of its place, and its shop's names: the one it is known
/// by and the user's), as ``SearchText/appendWords(_:to:)`` gives them.
///
/// The index keeps no copy of the documents (`content=''`): a document is deleted by giving its
/// text again, built from the rows as they were when it was written. So every change to a row a
/// document is built from goes through ``ReceiptDatabase/rewritingDocuments(of:in:_:)``.
struct SearchDocument {
    private var items: [UInt8] = []
    private var shop: [UInt8] = []
    /// Where each shop part added begins and ends in `shop`.
    private var shopParts: [Range<Int>] = []

    mutating func addItem(_ name: UnsafeBufferPointer<UInt8>) {
        SearchText.appendWords(utf8: name, to: &items)
    }

    /// Adds a name or address of the shop, unless it is there already: the receipt's shop name and
    /// address are mostly its place's too, and every word indexed twice costs time.
    mutating func addShop(_ part: UnsafeBufferPointer<UInt8>) {
        let start = shop.count
        SearchText.appendWords(utf8: part, to: &shop)
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

/// The search documents of the receipts with ids in a range, built from their rows, items and
/// places as stored, in id order: the one way documents are made, for writing them and for
/// deleting them.
struct DocumentSource {
    private let receipts: Statement
    private let items: Statement
    private var receiptRows: FastDatabaseValueCursor<Int64>
    private var itemRows: FastDatabaseValueCursor<Int64>
    /// The receipt id of the item row the items cursor is on, nil past the last.
    private var itemReceipt: Int64?

    init(after lower: Int64, through upper: Int64, in db: Database) throws {
        receipts = try db.cachedStatement(
            sql: """
                SELECT r.id, r.retail_place, r.seller, r.address, p.name, p.address, s.name, s.chosen
                FROM receipts r LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
                WHERE r.id > ? AND r.id <= ? ORDER BY r.id
                """)
        items = try db.cachedStatement(
            sql: """
                SELECT receipt_id, name FROM items WHERE receipt_id > ? AND receipt_id <= ?
                ORDER BY receipt_id, position
                """)
        receiptRows = try Int64.fetchCursor(receipts, arguments: [lower, upper])
        itemRows = try Int64.fetchCursor(items, arguments: [lower, upper])
        itemReceipt = try itemRows.next()
    }

    /// The next receipt's id and document, or nil after the last.
    mutating func next() throws -> (id: Int64, document: SearchDocument)? {
        guard let id = try receiptRows.next() else { return nil }
        var document = SearchDocument()
        // Text is read where SQLite holds it, without making Strings of it.
        for column: CInt in 1...7 {
            Self.withText(receipts, column) { document.addShop($0) }
        }
        // Both cursors walk in receipt id order: the items are merged into their receipts.
        while let receiptID = itemReceipt, receiptID <= id {
            if receiptID == id { Self.withText(items, 1) { document.addItem($0) } }
            itemReceipt = try itemRows.next()
        }
        return (id, document)
    }

    /// Calls `body` with the UTF-8 of a text column of the row `statement` is on, unless it is null.
    private static func withText(_ statement: Statement, _ column: CInt, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let text = sqlite3_column_text(statement.sqliteStatement, column) else { return }
        body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.sqliteStatement, column))))
    }
}

extension ReceiptDatabase {
    /// Writes the search documents of the receipts saved since the index was last brought up to
    /// date, in one transaction; does nothing when there are none.
    ///
    /// Saving does not index receipts one by one: one pass over all the new receipts costs far less
    /// than indexing each page as it is written. An import ends with this, and a search begins with
    /// it. The documents are built by a reader on another thread, from a snapshot taken while this
    /// holds the writer, so that they are the rows the index is written beside.
    ///
    /// Another process may write to the file between the snapshot and this pass's transaction;
    /// when one has (`PRAGMA data_version` moved, or the index moved on), the documents are built
    /// again inside the transaction instead.
    public func updateSearchIndex() throws(StoreError) {
        try updateSearchIndex(afterSnapshot: {})
    }

    /// ``updateSearchIndex()``, running `afterSnapshot` (a test's other process) between the
    /// snapshot and the transaction.
    func updateSearchIndex(afterSnapshot: () throws -> Void) throws(StoreError) {
        let behind = try read { db in
            let state = try SearchState.read(in: db)
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM receipts") ?? 0
            return !state.current || last > state.indexedThrough
        }
        guard behind else { return }
        do {
            try pool.writeWithoutTransaction { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
                let through = try SearchState.read(in: db).through
                let handoff = Handoff<[(id: Int64, document: SearchDocument)]>()
                pool.asyncConcurrentRead { snapshot in
                    do {
                        var source = try DocumentSource(after: through, through: .max, in: try snapshot.get())
                        var batch: [(id: Int64, document: SearchDocument)] = []
                        while let next = try source.next() {
                            batch.append(next)
                            if batch.count == 256 {
                                guard handoff.put(batch) else { break }
                                batch = []
                            }
                        }
                        if !batch.isEmpty { _ = handoff.put(batch) }
                        handoff.finish(throwing: nil)
                    } catch {
                        handoff.finish(throwing: error)
                    }
                }
                defer { handoff.closeAndWait() }
                try afterSnapshot()
                try db.inTransaction(.immediate) {
                    // The write lock is held from here: nothing changes under the pass any more.
                    let now = try SearchState.current(in: db)
                    var last = now
                    if try now == through && Int.fetchOne(db, sql: "PRAGMA data_version") == version {
                        while let batch = try handoff.take() {
                            for (id, document) in batch { try document.insert(id: id, in: db) }
                            last = batch.last?.id ?? last
                        }
                    } else {
                        handoff.closeAndWait()
                        last = try Self.writeDocuments(after: now, through: .max, in: db) ?? last
                    }
                    try db.execute(sql: "UPDATE search_state SET indexed_through = ?", arguments: [last])
                    return .commit
                }
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs `change`, which alters rows the search documents of `receipts` are built from,
    /// keeping those documents right: the ones already written are deleted before (from the rows
    /// they were built from) and written again after. Receipts not indexed yet are left to
    /// ``updateSearchIndex()``.
    static func rewritingDocuments<T>(of receipts: [Int64], in db: Database, _ change: () throws -> T) throws -> T {
        // A new place changes no document: saving a page's places must not read the index's state.
        if receipts.isEmpty { return try change() }
        let through = try SearchState.current(in: db)
        let indexed = receipts.filter { $0 <= through }.sorted()
        for id in indexed { try writeDocuments(after: id - 1, through: id, deleting: true, in: db) }
        let result = try change()
        for id in indexed { try writeDocuments(after: id - 1, through: id, in: db) }
        return result
    }

    /// Writes the documents of the receipts with ids in `after + 1 ... through` as their rows give
    /// them now (or, `deleting`, deletes the documents those rows gave); returns the last id.
    @discardableResult
    private static func writeDocuments(
        after lower: Int64, through upper: Int64, deleting: Bool = false, in db: Database
    ) throws -> Int64? {
        var source = try DocumentSource(after: lower, through: upper, in: db)
        var last: Int64?
        while let (id, document) = try source.next() {
            if deleting { try document.delete(id: id, in: db) } else { try document.insert(id: id, in: db) }
            last = id
        }
        return last
    }
}

/// How far the search index goes, and which cutting of words it was written with.
struct SearchState {
    /// Every receipt with an id up to this one has its document.
    let indexedThrough: Int64
    /// Whether the documents were cut into words as ``SearchText/wordsFingerprint`` says words
    /// are cut now.
    let current: Bool

    /// Where a pass over the index starts: after `indexedThrough`, or from the first receipt when
    /// the documents were cut differently.
    var through: Int64 { current ? indexedThrough : 0 }

    static func read(in db: Database) throws -> SearchState {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT indexed_through, words FROM search_state"))
        return SearchState(
            indexedThrough: row?[0] ?? 0, current: (row?[1] as String?) == SearchText.wordsFingerprint)
    }

    /// The index as it can be written to now, inside a write transaction: documents cut
    /// differently (the Unicode tables of another Swift, or a change to SearchText) could not be
    /// deleted by giving their text again, so such an index is emptied first, to be built anew.
    /// Returns `indexed_through`.
    static func current(in db: Database) throws -> Int64 {
        let state = try read(in: db)
        if state.current { return state.indexedThrough }
        try db.execute(sql: "INSERT INTO receipt_search (receipt_search) VALUES ('delete-all')")
        try db.execute(
            sql: "UPDATE search_state SET indexed_through = 0, words = ?", arguments: [SearchText.wordsFingerprint])
        return 0
    }
}
