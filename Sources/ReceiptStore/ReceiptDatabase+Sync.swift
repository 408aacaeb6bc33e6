import Foundation
import GRDB
import ReceiptCore

/// How far the local database has followed one account's change feed on one server.
public struct SyncPosition: Sendable, Equatable {
    /// Names the server and account, e.g. `http://127.0.0.1:8080#7`.
    public let source: String
    /// The last change sequence number written.
    public let since: Int64

    public init(source: String, since: Int64) {
        self.source = source
        self.since = since
    }
}

extension ReceiptDatabase {
    /// The position reached for a source; 0 when it was never synced.
    public func syncPosition(for source: String) throws(StoreError) -> SyncPosition {
        try read { db in
            let since = try Int64.fetchOne(
                db, sql: "SELECT since FROM sync_state WHERE source = ?", arguments: [source])
            return SyncPosition(source: source, since: since ?? 0)
        }
    }

    /// Saves one page of a sync: its places, its receipts and the new position, in one transaction,
    /// so that an interrupted import resumes exactly after the last page written.
    @discardableResult
    public func save(_ receipts: [Receipt], places: [Place], position: SyncPosition) throws(StoreError) -> [SaveOutcome]
    {
        try writeCounting { db, context in
            try Self.save(places, in: db, context: &context)
            let outcomes = try receipts.map { try Self.save($0, in: db, context: &context) }
            try db.execute(
                sql: """
                    INSERT INTO sync_state (source, since, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (source) DO UPDATE SET since = excluded.since, updated_at = excluded.updated_at
                    """,
                arguments: [position.source, position.since, Date().timeIntervalSince1970])
            return outcomes
        }
    }
}
