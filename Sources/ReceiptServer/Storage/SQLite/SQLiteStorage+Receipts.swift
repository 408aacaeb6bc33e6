import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore

/// ``ReceiptFeedStorage``: each account's receipts in the file, the feeds read by position from a
/// cursor, with the places they name from ``KnownPlaces``.
extension SQLiteStorage {
    func feed(session tokenHash: Data, after position: FeedPosition?, limit: Int) async throws -> SessionFeed? {
        try await read { db in
            guard let (account, expiresAt) = try Self.session(tokenHash: tokenHash, in: db) else { return nil }
            let page = try self.feed(account: account.id, after: position, limit: limit, in: db)
            return SessionFeed(account: account, expiresAt: expiresAt, page: page)
        }
    }

    /// A page of an account's feed, in the read `db`.
    private func feed(account: Int64, after position: FeedPosition?, limit: Int, in db: Database) throws
        -> StoredPage
    {
        let rows: [StoredReceiptRow]
        if let position {
            rows = try Self.rows(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM receipts
                        WHERE account_id = ? AND (date_time < ? OR (date_time = ? AND id < ?))
                        ORDER BY date_time DESC, id DESC LIMIT ?
                        """),
                [account, position.dateTime, position.dateTime, position.id, limit + 1])
        } else {
            rows = try Self.rows(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM receipts WHERE account_id = ?
                        ORDER BY date_time DESC, id DESC LIMIT ?
                        """),
                [account, limit + 1])
        }
        return try self.page(rows, in: db)
    }

    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage {
        try await read { db in
            let rows = try Self.rows(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM receipts WHERE account_id = ? AND sequence > ?
                        ORDER BY sequence LIMIT ?
                        """),
                [account, since, limit + 1])
            return try self.page(rows, in: db)
        }
    }

    func receipt(id: Int64, account: Int64) async throws -> StoredPage? {
        try await read { db in
            let rows = try Self.rows(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM receipts WHERE id = ? AND account_id = ?"),
                [id, account])
            return rows.isEmpty ? nil : try self.page(rows, in: db)
        }
    }

    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool) {
        try await write { db in
            let identity = code.identity
            let existing = try Self.rows(
                db.cachedStatement(
                    sql: "SELECT \(Self.columns) FROM receipts WHERE account_id = ? AND fn = ? AND fd = ? AND fp = ?"),
                [account, identity.fn, identity.i, identity.fp])
            if !existing.isEmpty { return (try self.page(existing, in: db), false) }
            let known = try Row.fetchOne(
                db, sql: "SELECT document, place_id FROM documents WHERE fn = ? AND fd = ? AND fp = ?",
                arguments: [identity.fn, identity.i, identity.fp])
            let new = NewReceipt.adding(code, known: known.map { ($0["document"], $0["place_id"]) })
            let ids = try Self.insert([new], account: account, in: db)
            let rows = try Self.rows(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM receipts WHERE id = ?"), [ids.first])
            guard !rows.isEmpty else {
                throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "inserted row vanished")
            }
            return (try self.page(rows, in: db), true)
        }
    }

    /// The columns of ``StoredReceiptRow``, in the order ``rows(_:_:)`` reads them.
    private static let columns = "id, status, sequence, date_time, place_id, document"

    /// The rows a statement selecting ``columns`` gives, read by position from a cursor: no row is
    /// copied and no column looked up by name (the feeds' hot path).
    private static func rows(_ statement: Statement, _ arguments: StatementArguments) throws -> [StoredReceiptRow] {
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var rows: [StoredReceiptRow] = []
        while let row = try cursor.next() {
            rows.append(
                StoredReceiptRow(
                    id: row[0], status: Receipt.Status(rawValue: row[1]) ?? .pending, sequence: row[2],
                    dateTime: row[3], placeID: row[4], document: row[5]))
        }
        return rows
    }

    /// The rows and the places they name, as of the same transaction.
    private func page(_ rows: [StoredReceiptRow], in db: Database) throws -> StoredPage {
        StoredPage(rows: rows, places: try knownPlaces.places(ids: Set(rows.compactMap(\.placeID)), in: db))
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
            if receipt.status == .pending {
                try db.execute(
                    sql: "INSERT INTO completion_jobs (receipt_id, not_before) VALUES (?, 0)",
                    arguments: [db.lastInsertedRowID])
            }
        }
        return ids
    }
}
