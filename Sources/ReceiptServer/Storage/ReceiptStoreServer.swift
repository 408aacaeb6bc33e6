import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore

/// Where a feed page ended, bound to its account.
struct FeedPosition: Codable, Equatable {
    let account: Int64
    let dateTime: String
    let id: Int64
}

/// The receipts of each account: the feed, the change feed, adding by QR.
struct AccountReceipts: Sendable {
    let database: ServerDatabase

    /// A page of the feed, newest first: receipts strictly after `position` in (date, id) order.
    func feed(account: Int64, after position: FeedPosition?, limit: Int) throws -> (
        [ReceiptEnvelope], last: FeedPosition?, hasMore: Bool
    ) {
        try database.pool.read { db in
            let rows: [Row]
            if let position {
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT * FROM receipts WHERE account_id = ? AND (date_time < ? OR (date_time = ? AND id < ?))
                        ORDER BY date_time DESC, id DESC LIMIT ?
                        """,
                    arguments: [account, position.dateTime, position.dateTime, position.id, limit + 1])
            } else {
                rows = try Row.fetchAll(
                    db, sql: "SELECT * FROM receipts WHERE account_id = ? ORDER BY date_time DESC, id DESC LIMIT ?",
                    arguments: [account, limit + 1])
            }
            let page = rows.prefix(limit)
            let envelopes = try page.map { try envelope(from: $0, in: db) }
            let last = page.last.map { FeedPosition(account: account, dateTime: $0["date_time"], id: $0["id"]) }
            return (envelopes, last, rows.count > limit)
        }
    }

    /// Receipts whose last change came after `since`, oldest change first.
    func changes(account: Int64, since: Int64, limit: Int) throws -> ReceiptChangesPage {
        try database.pool.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM receipts WHERE account_id = ? AND sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [account, since, limit + 1])
            let page = rows.prefix(limit)
            let envelopes = try page.map { try envelope(from: $0, in: db) }
            return ReceiptChangesPage(
                receipts: envelopes, nextSince: envelopes.last?.sequence ?? since, hasMore: rows.count > limit)
        }
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
                let decoded = try? JSONDecoder().decode(
                    FiscalDocument.self, from: Data((known["document"] as String).utf8))
            {
                document = decoded
                status = .complete
            } else {
                document = FiscalDocument(Receipt(pendingFrom: code))
                status = .pending
            }
            let id = try Self.insert(
                document, status: status, placeID: known?["place_id"], account: account, in: db)
            let row = try Row.fetchOne(db, sql: "SELECT * FROM receipts WHERE id = ?", arguments: [id])
            guard let row else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "inserted row vanished") }
            return (try envelope(from: row, in: db), true)
        }
    }

    /// Inserts a receipt with the account's next change sequence number; returns its id.
    @discardableResult
    static func insert(
        _ document: FiscalDocument, status: Receipt.Status, placeID: String?, account: Int64, in db: Database
    ) throws -> Int64 {
        try db.execute(sql: "UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = ?", arguments: [account])
        let sequence =
            try Int64.fetchOne(db, sql: "SELECT last_sequence FROM accounts WHERE id = ?", arguments: [account]) ?? 0
        let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
        try db.cachedStatement(
            sql: """
                INSERT INTO receipts (account_id, fn, fd, fp, date_time, status, sequence, place_id, document)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            account, document.fiscalDriveNumber, document.fiscalDocumentNumber, document.fiscalSign,
            document.dateTime, status.rawValue, sequence, placeID, json,
        ])
        return db.lastInsertedRowID
    }

    private func envelope(from row: Row, in db: Database) throws -> ReceiptEnvelope {
        let document = try JSONDecoder().decode(FiscalDocument.self, from: Data((row["document"] as String).utf8))
        let placeID: String? = row["place_id"]
        let place = try placeID.flatMap { try database.place(id: $0, in: db) }
        return ReceiptEnvelope(
            id: row["id"], status: Receipt.Status(rawValue: row["status"]) ?? .pending, sequence: row["sequence"],
            place: place.map { PlaceEntry($0) }, document: document)
    }
}
