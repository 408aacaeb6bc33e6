import Foundation
import PostgresNIO

/// The hot path's queries, prepared once on each connection of the pool: PostgreSQL then parses
/// and plans them once rather than at every request. Their rows are read as ad hoc queries' are.
protocol PreparedRows: PostgresPreparedStatement where Row == PostgresRow {}

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

/// The feed's first page.
struct FeedStatement: PreparedRows {
    static let sql =
        PostgresStorage.selection + """
             WHERE r.account_id = $1 ORDER BY r.date_time DESC, r.id DESC LIMIT $2
            """
    let account: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, Int64(limit)) }
}

/// A page of the feed after a position.
struct FeedAfterStatement: PreparedRows {
    static let sql =
        PostgresStorage.selection + """
             WHERE r.account_id = $1 AND (r.date_time, r.id) < ($2, $3)
            ORDER BY r.date_time DESC, r.id DESC LIMIT $4
            """
    let account: Int64
    let dateTime: String
    let id: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, dateTime, id, Int64(limit)) }
}

/// A page of the change feed.
struct ChangesStatement: PreparedRows {
    static let sql =
        PostgresStorage.selection + """
             WHERE r.account_id = $1 AND r.sequence > $2 ORDER BY r.sequence LIMIT $3
            """
    let account: Int64
    let since: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, since, Int64(limit)) }
}
