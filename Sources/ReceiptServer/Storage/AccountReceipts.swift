import Foundation
import ReceiptAPI
import ReceiptCore
import Synchronization

/// The receipts of each account as the routes answer them: the feed, the change feed, one
/// receipt, adding by QR. The storage keeps the rows; this turns them into envelopes, the feeds'
/// documents spliced in as stored and each place's JSON written once.
struct AccountReceipts: Sendable {
    let storage: any ServerStorage
    let placeJSON: PlaceJSONCache

    /// A page of an account's feed as the storage read it (``AccountStore/feed(forToken:after:limit:)``,
    /// with its session): its receipts, where it ended, and whether there is more.
    func feedPage(_ stored: StoredPage, account: Int64, limit: Int) -> (
        [WrittenReceiptEnvelope], last: FeedPosition?, hasMore: Bool
    ) {
        let page = stored.rows.prefix(limit)
        let last = page.last.map { FeedPosition(account: account, dateTime: $0.dateTime, id: $0.id) }
        return (written(page, places: stored.places), last, stored.rows.count > limit)
    }

    /// Receipts whose last change came after `since`, oldest change first, with the sequence to
    /// continue from.
    func changes(account: Int64, since: Int64, limit: Int) async throws -> (
        [WrittenReceiptEnvelope], nextSince: Int64, hasMore: Bool
    ) {
        let stored = try await storage.changes(account: account, since: since, limit: limit)
        let page = stored.rows.prefix(limit)
        return (written(page, places: stored.places), page.last?.sequence ?? since, stored.rows.count > limit)
    }

    func receipt(id: Int64, account: Int64) async throws -> ReceiptEnvelope? {
        try await storage.receipt(id: id, account: account).flatMap { try Self.envelope($0) }
    }

    /// Adds the receipt of a QR code to an account, or finds it there: complete when the server
    /// knows the fiscal document, else pending with the code's date and total. One transaction, so
    /// two requests racing with the same code get the same receipt.
    func add(_ code: FiscalCode, account: Int64) async throws -> (ReceiptEnvelope, created: Bool) {
        let (stored, created) = try await storage.add(code, account: account)
        guard let envelope = try Self.envelope(stored) else {
            throw StorageFault("adding \(code.identity) stored no receipt")
        }
        return (envelope, created)
    }

    /// Rows with their stored documents and their places' cached JSON, to be spliced into a page
    /// rather than read and written again: the feeds' hot path.
    private func written(_ rows: ArraySlice<StoredReceiptRow>, places: [String: Place]) -> [WrittenReceiptEnvelope] {
        rows.map { row in
            WrittenReceiptEnvelope(
                id: row.id, status: row.status, sequence: row.sequence,
                place: row.placeID.flatMap { places[$0] }.map(placeJSON.written),
                document: WrittenJSON(stored: row.document), addedBy: row.addedBy)
        }
    }

    private static func envelope(_ stored: StoredPage) throws -> ReceiptEnvelope? {
        guard let row = stored.rows.first else { return nil }
        let document = try JSONReader.read(FiscalDocument.self, from: Data(row.document))
        return ReceiptEnvelope(
            id: row.id, status: row.status, sequence: row.sequence,
            place: row.placeID.flatMap { stored.places[$0] }.map { PlaceEntry($0) }, document: document,
            addedBy: row.addedBy)
    }
}

/// Places as the feeds' JSON, each written once rather than for every page that names it: a page
/// names dozens. Kept by id with the place it was written from, so a changed place is written anew;
/// comparing is cheap when the storage hands out the same place again.
final class PlaceJSONCache: Sendable {
    private let cache = Mutex<[String: (place: Place, json: WrittenJSON<PlaceEntry>)]>([:])

    func written(_ place: Place) -> WrittenJSON<PlaceEntry> {
        if let known = cache.withLock({ $0[place.id] }), known.place == place { return known.json }
        let json = WrittenJSON(PlaceEntry(place))
        cache.withLock { cache in
            // Places change rarely; a cache grown past every place there could be starts afresh.
            if cache.count >= 100_000 { cache.removeAll() }
            cache[place.id] = (place, json)
        }
        return json
    }
}

/// The storage broke a promise of its own (a row it wrote is not there): a 500, never the client's fault.
struct StorageFault: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
