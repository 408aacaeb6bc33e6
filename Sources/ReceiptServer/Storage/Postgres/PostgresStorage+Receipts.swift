import Foundation
import Logging
import PostgresNIO
import ReceiptAPI
import ReceiptCore

/// ``ReceiptFeedStorage``: each account's receipts in the database, the feeds with prepared
/// statements, each row joined with its place.
extension PostgresStorage {
    /// The receipt columns of ``StoredReceiptRow`` (the adder's login last) and the place each
    /// names, joined.
    static let selection = """
        SELECT r.id, r.status, r.sequence, r.date_time, r.place_id, r.document, ad.login AS added_by,
            p.name, p.latitude, p.longitude, p.category, p.address
        FROM receipts r LEFT JOIN places p ON p.id = r.place_id LEFT JOIN accounts ad ON ad.id = r.account_id
        """

    /// ``selection`` for the receipts other members of an account's household added (`sh`): the
    /// sequence and date the account's feed has them at.
    static let sharedSelection = """
        SELECT r.id, r.status, sh.sequence, sh.date_time, r.place_id, r.document, ad.login AS added_by,
            p.name, p.latitude, p.longitude, p.category, p.address
        FROM shared_receipts sh JOIN receipts r ON r.id = sh.receipt_id
        LEFT JOIN places p ON p.id = r.place_id LEFT JOIN accounts ad ON ad.id = r.account_id
        """

    func feed(session tokenHash: Data, after position: FeedPosition?, limit: Int) async throws -> SessionFeed? {
        try await call(changesAnswers: false) { client in
            if let position {
                let statement = SessionFeedAfterStatement(
                    tokenHash: tokenHash, dateTime: position.dateTime, id: position.id, limit: limit + 1)
                return try await Self.sessionFeed(client.execute(statement))
            }
            return try await Self.sessionFeed(
                client.execute(SessionFeedStatement(tokenHash: tokenHash, limit: limit + 1)))
        }
    }

    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage {
        try await call(changesAnswers: false) { client in
            try await Self.page(client.execute(ChangesStatement(account: account, since: since, limit: limit + 1)))
        }
    }

    func receipt(id: Int64, account: Int64) async throws -> StoredPage? {
        let page = try await call(changesAnswers: false) { client in
            try await Self.page(client.query(Self.seen(id: id, by: account)))
        }
        return page.rows.isEmpty ? nil : page
    }

    /// The receipt `id` as `account` sees it: its own, or a household member's at the account's
    /// sequence of it.
    static func seen(id: Int64, by account: Int64) -> PostgresQuery {
        """
        \(unescaped: selection) WHERE r.id = \(id) AND r.account_id = \(account)
        UNION ALL
        \(unescaped: sharedSelection) WHERE sh.receipt_id = \(id) AND sh.account_id = \(account)
        """
    }

    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool) {
        try await retryingMoves {
            try await self.transaction { connection, logger in
                let identity = code.identity
                // The locks first (the household's, then its members' accounts): a second add of the
                // same receipt waits here, then finds it.
                let (membership, others) = try await Self.lockFeeds(of: account, on: connection, logger)
                if membership?.role.mayChange == false { throw ReadOnlyMember() }
                var found: Int64?
                for try await id in try await connection.query(
                    """
                    SELECT id FROM receipts
                    WHERE fn = \(identity.fn) AND fd = \(identity.i) AND fp = \(identity.fp)
                    AND (account_id = \(account) OR account_id = ANY(\(others)))
                    ORDER BY account_id <> \(account), id LIMIT 1
                    """, logger: logger
                ).decode(Int64.self) {
                    found = id
                }
                if let found {
                    return (
                        try await Self.page(connection.query(Self.seen(id: found, by: account), logger: logger)), false
                    )
                }
                var known: (document: String, placeID: String?)?
                let documents = try await connection.query(
                    """
                    SELECT document, place_id FROM documents
                    WHERE fn = \(identity.fn) AND fd = \(identity.i) AND fp = \(identity.fp)
                    """, logger: logger)
                for try await (document, placeID) in documents.decode((String, String?).self) {
                    known = (document, placeID)
                }
                let new = NewReceipt.adding(code, known: known)
                let ids = try await Self.insert([new], account: account, on: connection, logger: logger)
                let id = ids.first ?? 0
                for member in others {
                    try await Self.enter([(id, new.document.dateTime)], into: member, on: connection, logger)
                }
                let added = try await Self.page(connection.query(Self.seen(id: id, by: account), logger: logger))
                guard !added.rows.isEmpty else { throw StorageFault("no receipts row came back") }
                return (added, true)
            }
        }
    }

    /// Reads the rows of a query of ``selection`` into a page.
    private static func page<Rows: AsyncSequence>(_ rows: Rows) async throws -> StoredPage
    where Rows.Element == PostgresRow {
        var page = StoredPage(rows: [], places: [:])
        for try await row in rows {
            var cells = row.makeIterator()
            try receipt(&cells, into: &page)
        }
        return page
    }

    /// Reads the rows of ``SessionFeedStatement`` and ``SessionFeedAfterStatement``: the session's
    /// account and expiry, then a receipt of ``selection`` (none when the account has no receipts
    /// there); nil when no row came back, the session being unknown.
    private static func sessionFeed<Rows: AsyncSequence>(_ rows: Rows) async throws -> SessionFeed?
    where Rows.Element == PostgresRow {
        var session: (account: Account, expiresAt: Date)?
        var page = StoredPage(rows: [], places: [:])
        for try await row in rows {
            var cells = row.makeIterator()
            // Every row repeats the session's columns: read on the first, passed over after.
            if session == nil {
                let id = try cells.decodeNext(Int64.self)
                let kind = try cells.decodeNext(String.self)
                let login = try cells.decodeNext(String?.self)
                let expiresAt = try cells.decodeNext(Date.self)
                session = (Account(id: id, kind: AccountKind(rawValue: kind) ?? .anonymous, login: login), expiresAt)
            } else {
                for _ in 0..<4 { _ = cells.next() }
            }
            try receipt(&cells, into: &page)
        }
        return session.map { SessionFeed(account: $0.account, expiresAt: $0.expiresAt, page: page) }
    }

    /// Reads the next columns of a row, those of ``selection``, into `page`: the receipt, and its
    /// place the first time the page names it. All null (a left join that found no receipt) adds
    /// nothing.
    private static func receipt(_ cells: inout PostgresRow.Iterator, into page: inout StoredPage) throws {
        guard let id = try cells.decodeNext(Int64?.self) else { return }
        let status = try cells.decodeNext(String.self)
        let sequence = try cells.decodeNext(Int64.self)
        let dateTime = try cells.decodeNext(String.self)
        let placeID = try cells.decodeNext(String?.self)
        let document = Array(buffer: try cells.decodeNext(ByteBuffer.self))
        let addedBy = try cells.decodeNext(String?.self)
        page.rows.append(
            StoredReceiptRow(
                id: id, status: Receipt.Status(rawValue: status) ?? .pending, sequence: sequence,
                dateTime: dateTime, placeID: placeID, document: document, addedBy: addedBy))
        // A place the page has already read is passed over without decoding its cells again.
        guard let placeID, page.places[placeID] == nil else {
            for _ in 0..<5 { _ = cells.next() }
            return
        }
        let placeColumns = (
            try cells.decodeNext(String?.self), try cells.decodeNext(Double?.self),
            try cells.decodeNext(Double?.self), try cells.decodeNext(String?.self), try cells.decodeNext(String?.self)
        )
        if let place = place(id: placeID, placeColumns) { page.places[placeID] = place }
    }

    /// Inserts receipts with the account's next change sequence numbers, reserved in one step (which
    /// locks the account's row until the transaction ends); returns their ids.
    @discardableResult
    static func insert(
        _ batch: [NewReceipt], account: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int64] {
        guard !batch.isEmpty else { return [] }
        var last: Int64?
        for try await value in try await connection.query(
            """
            UPDATE accounts SET last_sequence = last_sequence + \(Int64(batch.count)) WHERE id = \(account)
            RETURNING last_sequence
            """, logger: logger
        ).decode(Int64.self) {
            last = value
        }
        guard let last else { throw StorageFault("no accounts row came back") }
        let first = last - Int64(batch.count) + 1
        var ids: [Int64] = []
        ids.reserveCapacity(batch.count)
        for chunk in chunks(batch) {
            let documents = chunk.map(\.document)
            let rows = try await connection.query(
                """
                INSERT INTO receipts (account_id, fn, fd, fp, date_time, status, sequence, place_id, document)
                SELECT \(account), fn, fd, fp, date_time, status, sequence, NULLIF(place_id, ''), document
                FROM unnest(\(documents.map(\.fiscalDriveNumber))::text[], \(documents.map(\.fiscalDocumentNumber))::bigint[],
                    \(documents.map(\.fiscalSign))::bigint[], \(documents.map(\.dateTime))::text[],
                    \(chunk.map(\.status.rawValue))::text[],
                    \(chunk.indices.map { first + Int64($0) })::bigint[],
                    \(chunk.map { $0.placeID ?? "" })::text[], \(chunk.map(\.json))::text[])
                    AS new (fn, fd, fp, date_time, status, sequence, place_id, document)
                ORDER BY sequence
                RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { ids.append(id) }
        }
        // Each pending receipt is a job for the completion workers, due at once.
        try await connection.query(
            """
            INSERT INTO completion_jobs (receipt_id, not_before)
            SELECT id, '-infinity' FROM receipts WHERE id = ANY(\(ids)) AND status = 'pending'
            """, logger: logger)
        return ids
    }
}
