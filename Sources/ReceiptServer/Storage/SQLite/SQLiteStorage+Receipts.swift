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

    /// A page of an account's feed, in the read `db`: its own receipts and those of its household's
    /// other members, each side an index range scan of its page, merged.
    private func feed(account: Int64, after position: FeedPosition?, limit: Int, in db: Database) throws
        -> StoredPage
    {
        var arguments: [String: (any DatabaseValueConvertible)?] = ["account": account, "limit": limit + 1]
        if let position {
            arguments["dateTime"] = position.dateTime
            arguments["id"] = position.id
        }
        let sql = position == nil ? Self.feedSQL : Self.feedAfterSQL
        return try self.page(Self.rows(db.cachedStatement(sql: sql), StatementArguments(arguments)), in: db)
    }

    private static func feedSQL(own: String, shared: String) -> String {
        """
        SELECT u.id, u.status, u.sequence, u.date_time, u.place_id, u.document, a.login FROM (
            SELECT * FROM (
                SELECT id, status, sequence, date_time, place_id, document, account_id FROM receipts
                WHERE account_id = :account\(own) ORDER BY date_time DESC, id DESC LIMIT :limit)
            UNION ALL
            SELECT * FROM (
                SELECT r.id, r.status, s.sequence, s.date_time, r.place_id, r.document, r.account_id
                FROM shared_receipts s JOIN receipts r ON r.id = s.receipt_id
                WHERE s.account_id = :account\(shared) ORDER BY s.date_time DESC, s.receipt_id DESC LIMIT :limit)
        ) u LEFT JOIN accounts a ON a.id = u.account_id
        ORDER BY u.date_time DESC, u.id DESC LIMIT :limit
        """
    }

    private static let feedSQL = feedSQL(own: "", shared: "")
    private static let feedAfterSQL = feedSQL(
        own: " AND (date_time < :dateTime OR (date_time = :dateTime AND id < :id))",
        shared: " AND (s.date_time < :dateTime OR (s.date_time = :dateTime AND s.receipt_id < :id))")

    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage {
        try await read { db in
            let rows = try Self.rows(
                db.cachedStatement(
                    sql: """
                        SELECT u.id, u.status, u.sequence, u.date_time, u.place_id, u.document, a.login FROM (
                            SELECT * FROM (
                                SELECT id, status, sequence, date_time, place_id, document, account_id FROM receipts
                                WHERE account_id = :account AND sequence > :since ORDER BY sequence LIMIT :limit)
                            UNION ALL
                            SELECT * FROM (
                                SELECT r.id, r.status, s.sequence, s.date_time, r.place_id, r.document, r.account_id
                                FROM shared_receipts s JOIN receipts r ON r.id = s.receipt_id
                                WHERE s.account_id = :account AND s.sequence > :since ORDER BY s.sequence LIMIT :limit)
                        ) u LEFT JOIN accounts a ON a.id = u.account_id
                        ORDER BY u.sequence LIMIT :limit
                        """),
                ["account": account, "since": since, "limit": limit + 1])
            return try self.page(rows, in: db)
        }
    }

    func receipt(id: Int64, account: Int64) async throws -> StoredPage? {
        try await read { db in
            let rows = try Self.receiptRows(id: id, account: account, in: db)
            return rows.isEmpty ? nil : try self.page(rows, in: db)
        }
    }

    /// The receipt `id` as `account` sees it (its own, or a household member's with the account's
    /// sequence of it); empty when it sees none.
    static func receiptRows(id: Int64, account: Int64, in db: Database) throws -> [StoredReceiptRow] {
        try rows(
            db.cachedStatement(
                sql: """
                    SELECT r.id, r.status, COALESCE(s.sequence, r.sequence), r.date_time, r.place_id, r.document,
                        a.login
                    FROM receipts r LEFT JOIN shared_receipts s ON s.receipt_id = r.id AND s.account_id = :account
                    LEFT JOIN accounts a ON a.id = r.account_id
                    WHERE r.id = :id AND (r.account_id = :account OR s.account_id IS NOT NULL)
                    """), ["id": id, "account": account])
    }

    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool) {
        try await write { db in
            let identity = code.identity
            let membership = try Self.membership(of: account, in: db)
            if membership?.role.mayChange == false { throw ReadOnlyMember() }
            // The account's, or a member's: one receipt for the household.
            let found = try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT id FROM receipts WHERE fn = ? AND fd = ? AND fp = ? AND (account_id = ? OR account_id IN
                            (SELECT account_id FROM household_members WHERE household_id = ?))
                        ORDER BY account_id != ?, id LIMIT 1
                        """),
                arguments: [identity.fn, identity.i, identity.fp, account, membership?.household, account])
            if let found {
                return (try self.page(Self.receiptRows(id: found, account: account, in: db), in: db), false)
            }
            let known = try Row.fetchOne(
                db, sql: "SELECT document, place_id FROM documents WHERE fn = ? AND fd = ? AND fp = ?",
                arguments: [identity.fn, identity.i, identity.fp])
            let new = NewReceipt.adding(code, known: known.map { ($0["document"], $0["place_id"]) })
            let ids = try Self.insert([new], account: account, in: db)
            if let household = membership?.household, let id = ids.first {
                for member in try Self.otherMembers(of: household, than: account, in: db) {
                    try Self.enter([(id, new.document.dateTime)], into: member, in: db)
                }
            }
            let rows = try Self.receiptRows(id: ids.first ?? 0, account: account, in: db)
            guard !rows.isEmpty else {
                throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "inserted row vanished")
            }
            return (try self.page(rows, in: db), true)
        }
    }

    /// The rows a statement selecting a ``StoredReceiptRow``'s columns in order (the adder's login
    /// last) gives, read by position from a cursor: no row is
    /// copied and no column looked up by name (the feeds' hot path).
    private static func rows(_ statement: Statement, _ arguments: StatementArguments) throws -> [StoredReceiptRow] {
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var rows: [StoredReceiptRow] = []
        while let row = try cursor.next() {
            rows.append(
                StoredReceiptRow(
                    id: row[0], status: Receipt.Status(rawValue: row[1]) ?? .pending, sequence: row[2],
                    dateTime: row[3], placeID: row[4],
                    document: try row.withUnsafeData(atIndex: 5) { Array($0 ?? Data()) },
                    addedBy: row[6]))
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
