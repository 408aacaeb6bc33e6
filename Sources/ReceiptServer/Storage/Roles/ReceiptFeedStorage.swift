import Foundation
import ReceiptAPI
import ReceiptCore

/// Each account's receipts, and in a household every member's (``HouseholdStorage``): adding one by
/// its QR code, the feed paged by (date, id), the change feed by the account's sequence, one
/// receipt; every answer with the places its receipts name and who added each.
protocol ReceiptFeedStorage: Sendable {
    /// The session whose token hashes to `tokenHash`, and a page of its account's feed, newest
    /// first: receipts strictly after `position` in (date, id) order, one more than `limit` at most
    /// (the extra one says there is more), with their places. Nil for an unknown session.
    ///
    /// The session and the page are read together (on PostgreSQL, one statement and one round trip),
    /// so the feed costs a request one call. The page is of the session's account whatever account
    /// `position` names: the caller refuses a position of another account.
    func feed(session tokenHash: Data, after position: FeedPosition?, limit: Int) async throws -> SessionFeed?
    /// An account's receipts whose last change came after `since`, oldest change first, one more than
    /// `limit` at most, with their places.
    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage
    /// One receipt of an account, with its place.
    func receipt(id: Int64, account: Int64) async throws -> StoredPage?
    /// Adds the receipt of a QR code to an account, or finds it there (or with a member of its
    /// household), in one transaction: complete with the document the server knows for it, else
    /// pending, and entered in every other member's feed. Returns it (with its place) and whether it
    /// is new; throws ``ReadOnlyMember`` for a household's viewer.
    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool)
}

/// Where a feed page ended, bound to its account.
struct FeedPosition: Codable, Equatable, Sendable {
    let account: Int64
    let dateTime: String
    let id: Int64
}

/// A session's account and expiry, and a page of that account's feed.
struct SessionFeed: Sendable {
    let account: Account
    let expiresAt: Date
    let page: StoredPage
}

/// Receipt rows as stored, and the places they name.
struct StoredPage: Sendable {
    var rows: [StoredReceiptRow]
    var places: [String: Place]
}

/// A receipt row as stored: its document as the JSON the feeds splice into a page.
struct StoredReceiptRow: Sendable {
    let id: Int64
    let status: Receipt.Status
    let sequence: Int64
    let dateTime: String
    let placeID: String?
    /// The document's JSON in UTF-8, as the database handed it out.
    let document: [UInt8]
    /// The login of the account that added it; nil for an anonymous one's.
    var addedBy: String? = nil
}

/// A viewer of a household tried to change something: nothing was. Answered as 403.
struct ReadOnlyMember: Error {}

/// A receipt about to be stored, its document already written as the feeds will splice it.
struct NewReceipt: Sendable {
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

    /// What adding `code` stores: the document the server knows for it (`known`, as stored, with
    /// its place), else a pending receipt with the code's date and total.
    static func adding(_ code: FiscalCode, known: (document: String, placeID: String?)?) -> NewReceipt {
        if let known, let document = try? JSONReader.read(FiscalDocument.self, from: Data(known.document.utf8)) {
            return NewReceipt(document, status: .complete, placeID: known.placeID)
        }
        return NewReceipt(FiscalDocument(Receipt(pendingFrom: code)), status: .pending, placeID: nil)
    }
}
