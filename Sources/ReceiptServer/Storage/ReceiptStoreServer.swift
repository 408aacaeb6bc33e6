import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore
import Synchronization

/// Where a feed page ended, bound to its account.
struct FeedPosition: Codable, Equatable {
    let account: Int64
    let dateTime: String
    let id: Int64
}

/// The receipts of each account: the feed, the change feed, adding by QR.
struct AccountReceipts: Sendable {
    let database: ServerDatabase

    /// A page of the feed, newest first: receipts strictly after `position` in (date, id) order,
    /// as stored.
    func feed(account: Int64, after position: FeedPosition?, limit: Int) throws -> (
        [WrittenReceiptEnvelope], last: FeedPosition?, hasMore: Bool
    ) {
        try database.pool.read { db in
            let rows: [Row]
            if let position {
                rows = try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT * FROM receipts WHERE account_id = ? AND (date_time < ? OR (date_time = ? AND id < ?))
                            ORDER BY date_time DESC, id DESC LIMIT ?
                            """),
                    arguments: [account, position.dateTime, position.dateTime, position.id, limit + 1])
            } else {
                rows = try Row.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT * FROM receipts WHERE account_id = ? ORDER BY date_time DESC, id DESC LIMIT ?"),
                    arguments: [account, limit + 1])
            }
            let page = rows.prefix(limit)
            let last = page.last.map { FeedPosition(account: account, dateTime: $0["date_time"], id: $0["id"]) }
            return (try stored(page, in: db), last, rows.count > limit)
        }
    }

    /// Receipts whose last change came after `since`, oldest change first, as stored, with the
    /// sequence to continue from.
    func changes(account: Int64, since: Int64, limit: Int) throws -> (
        [WrittenReceiptEnvelope], nextSince: Int64, hasMore: Bool
    ) {
        try database.pool.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM receipts WHERE account_id = ? AND sequence > ? ORDER BY sequence LIMIT ?"),
                arguments: [account, since, limit + 1])
            let page = rows.prefix(limit)
            return (try stored(page, in: db), page.last?["sequence"] ?? since, rows.count > limit)
        }
    }

    /// Receipts with their stored documents and their places' cached JSON, to be spliced into a
    /// page rather than read and written again: the feeds' hot path.
    private func stored(_ rows: ArraySlice<Row>, in db: Database) throws -> [WrittenReceiptEnvelope] {
        let placeIDs = Set(rows.compactMap { $0["place_id"] as String? })
        var places: [String: WrittenJSON<PlaceEntry>] = [:]
        if !placeIDs.isEmpty {
            let marks = Array(repeating: "?", count: placeIDs.count).joined(separator: ", ")
            let found = try Row.fetchAll(
                db, sql: "SELECT * FROM places WHERE id IN (\(marks))", arguments: StatementArguments(Array(placeIDs)))
            for row in found {
                guard let place = ServerDatabase.place(from: row) else { continue }
                places[place.id] = written(place)
            }
        }
        return rows.map { row in
            WrittenReceiptEnvelope(
                id: row["id"], status: Receipt.Status(rawValue: row["status"]) ?? .pending, sequence: row["sequence"],
                place: (row["place_id"] as String?).flatMap { places[$0] },
                document: WrittenJSON(stored: row["document"]))
        }
    }

    /// A place as the feeds' JSON, written once for as long as it stays the same.
    private func written(_ place: Place) -> WrittenJSON<PlaceEntry> {
        if let known = database.encodedPlaces.withLock({ $0[place] }) { return known }
        let json = WrittenJSON(PlaceEntry(place))
        database.encodedPlaces.withLock { cache in
            // Places change rarely; a cache grown past every place there could be starts afresh.
            if cache.count >= 100_000 { cache.removeAll() }
            cache[place] = json
        }
        return json
    }

    func receipt(id: Int64, account: Int64) throws -> ReceiptEnvelope? {
        try database.pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM receipts WHERE id = ? AND account_id = ?", arguments: [id, account]
            )
            .map { try envelope(from: $0, in: db) }
        }
    }

    /// Adds the receipt of a QR code to an account, or finds it there: complete when the server
    /// knows the fiscal document, else pending with the code's date and total. One transaction, so
    /// two requests racing with the same code get the same receipt.
    func add(_ code: FiscalCode, account: Int64) throws -> (ReceiptEnvelope, created: Bool) {
        try database.pool.write { db in
            let identity = code.identity
            if let existing = try Row.fetchOne(
                db, sql: "SELECT * FROM receipts WHERE account_id = ? AND fn = ? AND fd = ? AND fp = ?",
                arguments: [account, identity.fn, identity.i, identity.fp])
            {
                return (try envelope(from: existing, in: db), false)
            }
            let known = try Row.fetchOne(
                db, sql: "SELECT document, place_id FROM documents WHERE fn = ? AND fd = ? AND fp = ?",
                arguments: [identity.fn, identity.i, identity.fp])
            let document: FiscalDocument
            let status: Receipt.Status
            if let known,
                let decoded = try? JSONReader.read(FiscalDocument.self, from: Data((known["document"] as String).utf8))
            {
                document = decoded
                status = .complete
            } else {
                document = FiscalDocument(Receipt(pendingFrom: code))
                status = .pending
            }
            let new = NewReceipt(document, status: status, placeID: known?["place_id"])
            let ids = try Self.insert([new], account: account, in: db)
            let row = try Row.fetchOne(db, sql: "SELECT * FROM receipts WHERE id = ?", arguments: [ids.first])
            guard let row else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "inserted row vanished") }
            return (try envelope(from: row, in: db), true)
        }
    }

    /// A receipt about to be stored, its document already written as the feeds will splice it.
    struct NewReceipt {
        let document: FiscalDocument
        let json: String
        let status: Receipt.Status
        let placeID: String?

        init(_ document: FiscalDocument, status: Receipt.Status, placeID: String?) {
            self.document = document
            self.json = WrittenJSON(document).text
            self.status = status
            self.placeID = placeID
        }
    }

    /// Inserts receipts with the account's next change sequence numbers, reserved in one step;
    /// returns their ids.
    @discardableResult
    static func insert(_ batch: [NewReceipt], account: Int64, in db: Database) throws -> [Int64] {
        let last =
            try Int64.fetchOne(
                db, sql: "UPDATE accounts SET last_sequence = last_sequence + ? WHERE id = ? RETURNING last_sequence",
                arguments: [batch.count, account]) ?? 0
        var sequence = last - Int64(batch.count)
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO receipts (account_id, fn, fd, fp, date_time, status, sequence, place_id, document)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        var ids: [Int64] = []
        ids.reserveCapacity(batch.count)
        for receipt in batch {
            sequence += 1
            let document = receipt.document
            try statement.execute(arguments: [
                account, document.fiscalDriveNumber, document.fiscalDocumentNumber, document.fiscalSign,
                document.dateTime, receipt.status.rawValue, sequence, receipt.placeID, receipt.json,
            ])
            ids.append(db.lastInsertedRowID)
        }
        return ids
    }

    private func envelope(from row: Row, in db: Database) throws -> ReceiptEnvelope {
        let document = try JSONReader.read(FiscalDocument.self, from: Data((row["document"] as String).utf8))
        let placeID: String? = row["place_id"]
        let place = try placeID.flatMap { try database.place(id: $0, in: db) }
        return ReceiptEnvelope(
            id: row["id"], status: Receipt.Status(rawValue: row["status"]) ?? .pending, sequence: row["sequence"],
            place: place.map { PlaceEntry($0) }, document: document)
    }
}
