import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    public var imported = 0
    public var updated = 0
    public var unchanged = 0
    public var pages = 0
    /// Receipts written or found again, by the shops' local months.
    public var months: [Month: Int] = [:]

    public init() {}

    /// Counts what saving these receipts did.
    public mutating func count(_ outcomes: [SaveOutcome], receipts: [Receipt]) {
        for (outcome, receipt) in zip(outcomes, receipts) {
            switch outcome {
            case .inserted: imported += 1
            case .updated: updated += 1
            case .unchanged: unchanged += 1
            }
            months[receipt.month, default: 0] += 1
        }
    }
}

/// Where an import is, for a progress bar.
public struct ImportProgress: Sendable {
    public let pages: Int
    public let receipts: Int
    public let elapsed: TimeInterval
}

/// Pulls an account's change feed into the local database a page at a time: each page is written in
/// one transaction together with the new sync position, so an interrupted import resumes where it
/// stopped with nothing lost or doubled, and a later import moves only what changed. The next page
/// is fetched while the current one is written.
public struct Importer: Sendable {
    public let client: ReceiptsClient
    public let database: ReceiptDatabase
    /// The server and account the sync position belongs to.
    public let source: String
    public let pageSize: Int

    public init(
        client: ReceiptsClient, database: ReceiptDatabase, source: String, pageSize: Int = APIContract.defaultPageSize
    ) {
        self.client = client
        self.database = database
        self.source = source
        self.pageSize = pageSize
    }

    public func run(progress: @Sendable (ImportProgress) -> Void = { _ in }) async throws -> ImportSummary {
        let started = Date()
        var summary = ImportSummary()
        var since = try database.syncPosition(for: source).since
        var next: Task<FetchedPage, any Error>? = fetch(since: since)
        defer { next?.cancel() }
        var received = 0
        while let current = next {
            let fetched = try await current.value
            next = fetched.hasMore ? fetch(since: fetched.nextSince) : nil
            if !fetched.receipts.isEmpty || fetched.nextSince != since {
                let outcomes = try database.save(
                    fetched.receipts, places: fetched.places,
                    position: SyncPosition(source: source, since: fetched.nextSince))
                summary.count(outcomes, receipts: fetched.receipts)
            }
            since = fetched.nextSince
            summary.pages += 1
            received += fetched.receipts.count
            progress(
                ImportProgress(pages: summary.pages, receipts: received, elapsed: Date().timeIntervalSince(started)))
        }
        // Every page is written by now: an index pass that fails (a full disk) is not the import's
        // failure, and the next search runs it again.
        try? database.updateSearchIndex()
        return summary
    }

    /// A page as the writer takes it: its receipts and places checked and converted beside the
    /// writing of the page before.
    private struct FetchedPage: Sendable {
        let receipts: [Receipt]
        let places: [Place]
        let nextSince: Int64
        let hasMore: Bool
    }

    private func fetch(since: Int64) -> Task<FetchedPage, any Error> {
        let client = client
        let pageSize = pageSize
        return Task {
            let page = try await client.changes(since: since, limit: pageSize)
            let (receipts, places) = try Self.convert(page)
            return FetchedPage(receipts: receipts, places: places, nextSince: page.nextSince, hasMore: page.hasMore)
        }
    }

    /// The page's receipts and places, every field checked; a receipt that breaks the rules stops the
    /// import before anything of its page is written.
    public static func convert(_ page: ReceiptChangesPage) throws -> ([Receipt], [Place]) {
        var places: [String: Place] = [:]
        let receipts = try page.receipts.map { envelope in
            var placeID: String?
            if let entry = envelope.place, let category = Category(rawValue: entry.category) {
                let coordinate = try Coordinate(latitude: entry.lat, longitude: entry.lon)
                places[entry.id] = Place(
                    id: entry.id, name: entry.name, coordinate: coordinate, category: category, address: entry.address)
                placeID = entry.id
            }
            do {
                return try envelope.document.receipt(status: envelope.status, placeID: placeID)
            } catch {
                let reason = (error as? any LocalizedMessage)?.message(in: .english) ?? "\(error)"
                throw ClientError.badResponse(detail: "receipt \(envelope.id): \(reason)")
            }
        }
        return (receipts, Array(places.values))
    }
}
