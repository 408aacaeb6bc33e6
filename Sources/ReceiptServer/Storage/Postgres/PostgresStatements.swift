import Foundation
import PostgresNIO

/// The hot path's queries, prepared once on each connection of the pool: PostgreSQL then parses
/// and plans them once rather than at every request. Their rows are read as ad hoc queries' are.
protocol PreparedRows: PostgresPreparedStatement where Row == PostgresRow {}

extension PostgresRow.Iterator {
    /// The next cell of the row, decoded as `T`.
    mutating func decodeNext<T: PostgresDecodable>(_: T.Type) throws -> T {
        guard let cell = next() else { throw StorageFault("a row ended before all its columns were read") }
        return try cell.decode(T.self)
    }
}

extension PreparedRows {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }

    /// The values bound to `$1`, `$2`… in order.
    static func bindings(_ values: any PostgresNonThrowingEncodable...) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { bindings.append(value) }
        return bindings
    }
}

/// The account and expiry of a session, by its token's hash.
struct SessionStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT accounts.id, accounts.kind, accounts.login, sessions.expires_at
        FROM sessions JOIN accounts ON accounts.id = sessions.account_id
        WHERE sessions.token_hash = $1
        """
    typealias Row = (Int64, String, String?, Date)
    let tokenHash: Data

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        try bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A session's account and expiry with the first page of its feed, in one round trip: a row for
/// each receipt (its columns those of ``PostgresStorage/selection``), one with null receipt columns
/// when the account has none, no row for an unknown session.
struct SessionFeedStatement: PreparedRows {
    static let sql = PostgresStorage.sessionFeed(own: "", shared: "")
    let tokenHash: Data
    let limit: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        try bindings.append(tokenHash)
        bindings.append(Int64(limit))
        return bindings
    }
}

/// ``SessionFeedStatement`` for a page after a position.
struct SessionFeedAfterStatement: PreparedRows {
    static let sql = PostgresStorage.sessionFeed(
        own: " AND (r.date_time, r.id) < ($3, $4)", shared: " AND (sh.date_time, sh.receipt_id) < ($3, $4)")
    let tokenHash: Data
    let dateTime: String
    let id: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        try bindings.append(tokenHash)
        bindings.append(Int64(limit))
        bindings.append(dateTime)
        bindings.append(id)
        return bindings
    }
}

extension PostgresStorage {
    /// The session by its token's hash (`$1`), its account's receipts and those its household's other
    /// members added, newest first (`$2` at most), with a condition on each side: a lateral
    /// join, each side an index range scan of its page, merged. The outer order repeats the page's,
    /// which a join does not promise to keep.
    static func sessionFeed(own: String, shared: String) -> String {
        """
        SELECT a.id, a.kind, a.login, s.expires_at, f.*
        FROM sessions s JOIN accounts a ON a.id = s.account_id
        LEFT JOIN LATERAL (
            SELECT * FROM (
                (\(selection) WHERE r.account_id = a.id\(own)
                ORDER BY r.date_time DESC, r.id DESC LIMIT $2)
                UNION ALL
                (\(sharedSelection) WHERE sh.account_id = a.id\(shared)
                ORDER BY sh.date_time DESC, sh.receipt_id DESC LIMIT $2)
            ) u ORDER BY u.date_time DESC, u.id DESC LIMIT $2
        ) f ON true
        WHERE s.token_hash = $1
        ORDER BY f.date_time DESC, f.id DESC
        """
    }
}

/// A page of the change feed: the account's own receipts and those its household's other members
/// added, by the account's sequence.
struct ChangesStatement: PreparedRows {
    static let sql = """
        SELECT * FROM (
            (\(PostgresStorage.selection) WHERE r.account_id = $1 AND r.sequence > $2 ORDER BY r.sequence LIMIT $3)
            UNION ALL
            (\(PostgresStorage.sharedSelection) WHERE sh.account_id = $1 AND sh.sequence > $2
            ORDER BY sh.sequence LIMIT $3)
        ) u ORDER BY u.sequence LIMIT $3
        """
    let account: Int64
    let since: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, since, Int64(limit)) }
}
