import Foundation
import GRDB
public import ReceiptCore

/// How far the local database has followed one account's change feed on one server.
public struct SyncPosition: Sendable, Equatable {
    /// Names the server and account, e.g. `http://127.0.0.1:8080#7`.
    public let source: String
    /// The last change sequence number written.
    public let since: Int64

    /// The position a sync has reached; saved only together with the pages that reached it.
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

    /// Saves pages of a sync in their order — each page's places, then its receipts — and the
    /// position after the last of them, in one transaction: an interrupted import resumes exactly
    /// after the last page written, and the database ends as if the pages had been saved one by one.
    /// Returns what saving did to each receipt, in the pages' order.
    ///
    /// An importer that has several pages waiting writes them together: every commit writes out the
    /// index pages that every page touches, so fewer commits cost less.
    @discardableResult
    public func save(_ pages: [SyncPage], position: SyncPosition) throws(StoreError) -> [SaveOutcome] {
        try writeCounting { db, context in
            var outcomes: [SaveOutcome] = []
            outcomes.reserveCapacity(pages.reduce(0) { $0 + $1.receipts.count })
            for page in pages {
                try Self.save(page.places, in: db, context: &context)
                for (index, receipt) in page.receipts.enumerated() {
                    let addedBy = index < page.addedBy.count ? page.addedBy[index] : nil
                    outcomes.append(try Self.save(receipt, addedBy: addedBy, in: db, context: &context))
                }
            }
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

extension ReceiptDatabase {
    /// Keeps the login of the server account that added a stored `receipt` (a household member's),
    /// when it is not kept already: the person with that login pays it unless told otherwise. A new
    /// receipt is inserted with it instead.
    static func keepAdder(_ login: String, of receipt: Receipt, in db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE receipts SET added_by = ? WHERE fn = ? AND fd = ? AND fp = ? AND added_by IS NOT ?"
        ).execute(arguments: [login, receipt.identity.fn, receipt.identity.i, receipt.identity.fp, login])
    }
}

/// The receipts and places of one page of a change feed, checked and ready to be saved.
public struct SyncPage: Sendable {
    /// The page's receipts, in the feed's order.
    public let receipts: [Receipt]
    /// The places the receipts name, saved before them.
    public let places: [Place]
    /// For each receipt, the login of the server account that added it (a household member's),
    /// when the feed says; may be shorter than `receipts` (a file's receipts have none).
    public let addedBy: [String?]

    /// A page ready for ``ReceiptDatabase/save(_:position:)``.
    public init(receipts: [Receipt], places: [Place], addedBy: [String?] = []) {
        self.receipts = receipts
        self.places = places
        self.addedBy = addedBy
    }
}
