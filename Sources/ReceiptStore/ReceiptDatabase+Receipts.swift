import GRDB
public import ReceiptCore

/// What saving a receipt did.
public enum SaveOutcome: String, Sendable, Equatable, Codable {
    /// The receipt was new.
    case inserted
    /// The receipt was known and has changed (details arrived for a pending one, or corrections).
    case updated
    /// The receipt was known exactly as given, or the given one knew less (pending) than the stored.
    case unchanged
}

/// How many receipts one month holds.
public struct MonthCount: Sendable, Equatable {
    /// The month, by the shops' local dates.
    public let month: Month
    /// How many receipts it holds.
    public let receipts: Int
}

extension ReceiptDatabase {
    /// Saves one receipt keyed by its fiscal identity; see ``save(_:)-([Receipt])``.
    @discardableResult
    public func save(_ receipt: Receipt) throws(StoreError) -> SaveOutcome {
        try save([receipt])[0]
    }

    /// Saves receipts in one transaction, keyed by (fn, i, fp): all of them or, on an error, none.
    ///
    /// A receipt already stored is replaced when the new one differs, except that a pending one
    /// (known from its QR code only) never replaces a complete one, and one that names no place keeps
    /// the place the stored one has.
    @discardableResult
    public func save(_ receipts: [Receipt]) throws(StoreError) -> [SaveOutcome] {
        try writeCounting { db, context in try receipts.map { try Self.save($0, in: db, context: &context) } }
    }

    /// Saves the receipts that `next` hands over until it gives nil, in one transaction, as
    /// ``save(_:)-([Receipt])`` saves an array: all of them or, on an error, none. Only one receipt
    /// is held at a time, so that a file of any size imports in memory bounded by its largest
    /// receipt; `saved` hears what saving each did.
    ///
    /// An error that `next` throws rolls the transaction back and comes out as it was; the
    /// database's own failures are a ``StoreError``.
    public func save(
        receiptsFrom next: () throws -> Receipt?, saved: (Receipt, SaveOutcome) -> Void
    ) throws {
        // The writer wraps whatever its body throws in a StoreError: the source's own is kept here.
        var sourceError: (any Error)?
        do {
            try writeCounting { db, context in
                while true {
                    let receipt: Receipt?
                    do {
                        receipt = try next()
                    } catch {
                        sourceError = error
                        throw error
                    }
                    guard let receipt else { return }
                    saved(receipt, try Self.save(receipt, in: db, context: &context))
                }
            }
        } catch {
            if let sourceError { throw sourceError }
            throw error
        }
    }

    /// Saves a receipt inside a transaction: its items categorized, what it is and the money it
    /// counts worked out, linked to the receipt it goes with, the monthly totals it changes gathered
    /// in `context`. `addedBy` is the login of the server account that added it, when a feed says:
    /// a new receipt is inserted with it, a stored one keeps it (``keepAdder(_:of:in:)``).
    static func save(
        _ receipt: Receipt, addedBy: String? = nil, in db: Database, context: inout SaveContext
    ) throws -> SaveOutcome {
        let outcome = try saveReceipt(receipt, addedBy: addedBy, in: db, context: &context)
        if outcome != .inserted, let addedBy { try keepAdder(addedBy, of: receipt, in: db) }
        return outcome
    }

    private static func saveReceipt(
        _ receipt: Receipt, addedBy: String?, in db: Database, context: inout SaveContext
    ) throws -> SaveOutcome {
        // Imports insert thousands of rows: cached statements with values bound directly. A new
        // receipt's search document is written later, with those of the other new receipts
        // (updateSearchIndex).
        var lookup = DirectBindings(try context.statements.receiptLookup(in: db))
        lookup.add(receipt.identity.fn)
        lookup.add(receipt.identity.i)
        lookup.add(receipt.identity.fp)
        let kind = PurchaseKind(of: receipt)
        // Linked to nothing yet: PurchaseCounting counts it anew when it finds what it goes with.
        let counted = kind.counted(total: receipt.total.kopecks, prepaid: receipt.prepaid.kopecks, linked: false)
        let shop = try ShopIdentity.shop(
            of: .init(receipt), in: db, cached: context.cachedShops, known: &context.shops)
        guard let id = try lookup.fetchInt64() else {
            var insert = DirectBindings(try context.statements.receiptInsert(in: db))
            ReceiptRecord.bind(receipt, kind: kind, counted: counted, shop: shop?.id, to: &insert)
            insert.add(addedBy)
            try insert.execute()
            let id = db.lastInsertedRowID
            try writeDocument(receipt.document, of: id, in: db)
            let place = try context.categorizer.place(receipt.placeID, in: db)
            try insertItems(
                of: receipt, receiptID: id, counted: counted,
                shop: ShopEvidence(placeCategory: place?.category, kind: shop?.kind), in: db, context: &context)
            if kind != .purchase { try PurchaseCounting.link(id, in: db, context: &context) }
            return .inserted
        }
        guard let existing = try ReceiptRecord.fetchOne(db, key: id) else {
            throw RecordError(row: "receipts.id=\(id)", reason: "found by its identity, then not by its id")
        }
        if receipt.status == .pending, existing.status == Receipt.Status.complete.rawValue { return .unchanged }
        // The place is this database's knowledge (from the receipts server), which no fiscal document
        // carries: a document from elsewhere keeps it. Likewise a receipt from a feed, which has no
        // document of its own, keeps the one a file gave.
        var receipt = receipt
        if receipt.placeID == nil { receipt.placeID = existing.placeID }
        let storedDocument = try document(of: id, in: db)
        if receipt.document == nil { receipt.document = storedDocument }
        let stored = try existing.receipt(items: items(of: id, in: db), document: storedDocument)
        if stored == receipt && storedDocument == receipt.document { return .unchanged }
        try context.count(storedReceipt: id, sign: -1, in: db)
        // The user's choices for its lines stay with the lines that still print the same name there.
        var chosen: [Int: Category] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT position, name, chosen FROM items WHERE receipt_id = ? AND chosen IS NOT NULL"),
            arguments: [id])
        {
            let position: Int = row["position"]
            if position < receipt.items.count, receipt.items[position].name == row["name"],
                let category = (row["chosen"] as String?).flatMap(Category.init(rawValue:))
            {
                chosen[position] = category
            }
        }
        let waiting = try PurchaseCounting.release(linkedTo: id, in: db, context: &context)
        try rewritingDocuments(of: [id], in: db) {
            var update = DirectBindings(try db.cachedStatement(sql: ReceiptRecord.updateSQL))
            ReceiptRecord.bind(receipt, kind: kind, counted: counted, shop: shop?.id, to: &update)
            update.add(id)
            try update.execute()
            try ItemRecord.filter(Column("receipt_id") == id).deleteAll(db)
            let place = try context.categorizer.place(receipt.placeID, in: db)
            try insertItems(
                of: receipt, receiptID: id, counted: counted,
                shop: ShopEvidence(placeCategory: place?.category, kind: shop?.kind), chosen: chosen, in: db,
                context: &context)
            if receipt.status == .complete {
                try db.execute(sql: "DELETE FROM pending_checks WHERE receipt_id = ?", arguments: [id])
            }
        }
        if receipt.document != storedDocument { try writeDocument(receipt.document, of: id, in: db) }
        if kind != .purchase { try PurchaseCounting.link(id, in: db, context: &context) }
        for other in waiting { try PurchaseCounting.link(other, in: db, context: &context) }
        return .updated
    }

    /// Keeps a receipt's document as its source gave it, when it has one.
    private static func writeDocument(_ document: String?, of id: Int64, in db: Database) throws {
        guard let document else { return }
        try db.cachedStatement(
            sql:
                "INSERT INTO receipt_documents (receipt_id, document) VALUES (?, ?) ON CONFLICT DO UPDATE SET document = ?2"
        ).execute(arguments: [id, document])
    }

    /// Writes a receipt's items with their names, categories and shares of the money it counts,
    /// and counts the receipt in; `chosen` are the user's categories for some of its lines, by
    /// position.
    private static func insertItems(
        of receipt: Receipt, receiptID: Int64, counted: Int64, shop: ShopEvidence, chosen: [Int: Category] = [:],
        in db: Database, context: inout SaveContext
    ) throws {
        var lines: [ReceiptContribution.Line] = []
        lines.reserveCapacity(receipt.items.count)
        let shares = PurchaseCounting.lineShares(counted, sums: receipt.items.map(\.sum.kopecks))
        var position = 0
        for start in stride(from: 0, to: receipt.items.count, by: ItemRecord.rowsPerInsert) {
            let chunk = receipt.items[start..<min(start + ItemRecord.rowsPerInsert, receipt.items.count)]
            var values = DirectBindings(try context.statements.itemsInsert(rows: chunk.count, in: db))
            for item in chunk {
                var nameID: Int64?
                var category: Category?
                if context.counting {
                    let name = try context.product(of: item, in: db)
                    nameID = name.id
                    category = chosen[position] ?? shop.category(of: name)
                    lines.append(
                        ReceiptContribution.Line(category: category ?? .uncategorized, counted: shares[position]))
                }
                ItemRecord.bind(
                    item, receiptID: receiptID, position: position, nameID: nameID, category: category,
                    counted: shares[position], to: &values)
                position += 1
            }
            try values.execute()
        }
        for (position, category) in chosen {
            try db.cachedStatement(sql: "UPDATE items SET chosen = ? WHERE receipt_id = ? AND position = ?")
                .execute(arguments: [category.rawValue, receiptID, position])
        }
        guard context.counting else { return }
        let contribution = ReceiptContribution(
            month: receipt.month, counted: counted, shopCategory: shop.category, lines: lines)
        context.delta.add(contribution, sign: 1)
    }

    static func items(of receiptID: Int64, in db: Database) throws -> [ItemRecord] {
        try ItemRecord.filter(Column("receipt_id") == receiptID).order(Column("position")).fetchAll(db)
    }

    /// The receipt with this identity, or nil.
    public func receipt(_ identity: FiscalIdentity) throws(StoreError) -> Receipt? {
        try read { db in
            let record = try ReceiptRecord.filter(
                Column("fn") == identity.fn && Column("fd") == identity.i && Column("fp") == identity.fp
            ).fetchOne(db)
            guard let record, let id = record.id else { return nil }
            return try record.receipt(items: Self.items(of: id, in: db), document: Self.document(of: id, in: db))
        }
    }

    /// Whether a complete receipt of fiscal drive `fn` and document `fd` is stored (whatever its
    /// fiscal sign): what a source that lists receipts without their sign asks before it fetches one.
    public func hasCompleteReceipt(fn: String, fd: Int64) throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT EXISTS (SELECT 1 FROM receipts WHERE fn = ? AND fd = ? AND status = 'complete')"),
                arguments: [fn, fd]) ?? false
        }
    }

    /// The document kept with a receipt, as its source gave it.
    static func document(of receiptID: Int64, in db: Database) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT document FROM receipt_documents WHERE receipt_id = ?"),
            arguments: [receiptID])
    }

    /// The receipts of a month by the shops' local dates, newest first.
    public func receipts(in month: Month) throws(StoreError) -> [Receipt] {
        try read { db in
            let records = try ReceiptRecord.filter(Column("month") == month.description)
                .order(Column("date_time").desc, Column("id").desc).fetchAll(db)
            // One query for all the month's items rather than one a receipt.
            let items = try ItemRecord.fetchAll(
                db,
                sql: """
                    SELECT items.* FROM items JOIN receipts ON receipts.id = items.receipt_id
                    WHERE receipts.month = ? ORDER BY items.receipt_id, items.position
                    """,
                arguments: [month.description])
            let itemsByReceipt = Dictionary(grouping: items, by: \.receiptID)
            return try records.map { record in try record.receipt(items: itemsByReceipt[record.id ?? 0] ?? []) }
        }
    }

    /// Every month that has receipts, newest first, with how many.
    public func months() throws(StoreError) -> [MonthCount] {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT month, COUNT(*) AS receipts FROM receipts GROUP BY month ORDER BY month DESC")
            return try rows.map { row in
                let text: String = row["month"]
                guard let month = Month(text) else {
                    throw RecordError(row: "receipts.month='\(text)'", reason: "not a month")
                }
                return MonthCount(month: month, receipts: row["receipts"])
            }
        }
    }

    /// How many receipts the database holds.
    public func receiptCount() throws(StoreError) -> Int {
        try read { db in try ReceiptRecord.fetchCount(db) }
    }
}
