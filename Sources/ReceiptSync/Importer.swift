public import Foundation
public import ReceiptAPI
public import ReceiptCore
public import ReceiptStore

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    /// Receipts that were new.
    public var imported = 0
    /// Receipts already stored that changed (details of a pending one, corrections).
    public var updated = 0
    /// Receipts already stored exactly as sent.
    public var unchanged = 0
    /// Pages of the change feed taken, including an empty last one.
    public var pages = 0
    /// Receipts written or found again, by the shops' local months.
    public var months: [Month: Int] = [:]

    /// Nothing imported yet.
    public init() {}

    /// Counts what saving these receipts did.
    public mutating func count(_ outcomes: [SaveOutcome], receipts: [Receipt]) {
        for (outcome, receipt) in zip(outcomes, receipts) { count(outcome, receipt: receipt) }
    }

    /// Adds what saving one receipt did.
    public mutating func count(_ outcome: SaveOutcome, receipt: Receipt) {
        switch outcome {
        case .inserted: imported += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
        months[receipt.month, default: 0] += 1
    }
}

/// Where an import is, for a progress bar.
public struct ImportProgress: Sendable {
    /// Pages taken by the writer so far.
    public let pages: Int
    /// Receipts in those pages.
    public let receipts: Int
    /// Seconds since the import began, for the rate.
    public let elapsed: TimeInterval
}

/// Pulls an account's change feed into the local database: a page is written whole, in one
/// transaction together with the sync position after it, so an interrupted import resumes where it
/// stopped with nothing lost or doubled, and a later import moves only what changed.
///
/// Pages are fetched and checked ahead of the writing, up to `pagesAhead` of them; when the writer
/// has fallen behind it writes every page waiting in one transaction (with the position after the
/// last), which costs far less than a commit a page. With a slow server every page is written as it
/// arrives.
public struct Importer: Sendable {
    /// The session the feed is fetched with.
    public let client: ReceiptsClient
    /// Where the pages and the sync position are written.
    public let database: ReceiptDatabase
    /// The server and account the sync position belongs to.
    public let source: String
    /// Receipts a page asked of the server.
    public let pageSize: Int
    /// How many pages may wait for the writer: also the most written in one transaction.
    public let pagesAhead: Int
    /// 800 receipts at the server's page size: more pages a transaction than writing gains from.
    public static let defaultPagesAhead = 16

    /// An importer for one source; `pagesAhead` is at least 1.
    public init(
        client: ReceiptsClient, database: ReceiptDatabase, source: String, pageSize: Int = APIContract.defaultPageSize,
        pagesAhead: Int = defaultPagesAhead
    ) {
        self.client = client
        self.database = database
        self.source = source
        self.pageSize = pageSize
        self.pagesAhead = max(1, pagesAhead)
    }

    /// Follows the change feed from the saved position to its end; `progress` hears after every
    /// batch of pages the writer takes. An error (the session gone, the server unreachable, a bad
    /// receipt) is thrown once the pages fetched before it are written with their position, so the
    /// next run resumes right after them. Ends by bringing the search index up to date.
    public func run(progress: @Sendable (ImportProgress) -> Void = { _ in }) async throws -> ImportSummary {
        let started = Date()
        var summary = ImportSummary()
        var since = try database.syncPosition(for: source).since
        let queue = PageQueue<FetchedPage>(capacity: pagesAhead)
        let writer = DatabaseThread()
        let (database, source) = (database, source)
        return try await withThrowingTaskGroup { group in
            group.addTask { [since] in await fetch(since: since, into: queue) }
            // Also when writing fails: a fetcher waiting for room stops (the group cancels one
            // waiting for the server).
            defer { queue.close() }
            var received = 0
            while case let pages = try await queue.take(), let last = pages.last {
                if last.nextSince != since || pages.contains(where: { !$0.page.receipts.isEmpty }) {
                    let outcomes = try await writer.run {
                        try database.save(
                            pages.map(\.page), position: SyncPosition(source: source, since: last.nextSince))
                    }
                    summary.count(outcomes, receipts: pages.flatMap(\.page.receipts))
                }
                since = last.nextSince
                summary.pages += pages.count
                received += pages.reduce(0) { $0 + $1.page.receipts.count }
                progress(
                    ImportProgress(
                        pages: summary.pages, receipts: received, elapsed: Date().timeIntervalSince(started)))
            }
            await writer.run {
                // Every page is written by now: an index pass that fails (a full disk) is not the
                // import's failure, and the next search runs it again.
                try? database.updateSearchIndex()
                // Likewise the guesses made with the classifier as it stood are made again with all
                // the new names; when that cannot be written, they stay as they were until the next
                // import.
                try? database.settleGuesses()
            }
            return summary
        }
    }

    /// Where the importer's database work runs: a serial queue of its own, outside Swift's concurrency
    /// pool. The pool has a thread a core, and on a machine of two a writer waiting on SQLite there
    /// would leave the fetching, the reading of pages (and a server in the same process) a single
    /// thread between them while it writes.
    private struct DatabaseThread {
        private let queue = DispatchQueue(label: "receipts.import.writer")

        /// Runs `work` there, in order, and awaits its end.
        func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Result { try work() }) }
            }
        }

        /// ``run(_:)`` for work that cannot fail.
        func run(_ work: @escaping @Sendable () -> Void) async {
            await withCheckedContinuation { continuation in
                queue.async {
                    work()
                    continuation.resume()
                }
            }
        }
    }

    /// A page as the writer takes it: its receipts and places checked and converted beside the
    /// writing of the pages before.
    private struct FetchedPage: Sendable {
        let page: SyncPage
        let nextSince: Int64
    }

    /// Fetches the feed from `since` to its end into `queue`, then says how it ended.
    private func fetch(since: Int64, into queue: PageQueue<FetchedPage>) async {
        var since = since
        do {
            while true {
                let page = try await client.changes(since: since, limit: pageSize)
                let (receipts, places) = try Self.convert(page)
                let fetched = FetchedPage(
                    page: SyncPage(receipts: receipts, places: places, addedBy: page.receipts.map(\.addedBy)),
                    nextSince: page.nextSince)
                guard await queue.put(fetched) else { return }
                guard page.hasMore else { break }
                since = page.nextSince
            }
            queue.finish()
        } catch {
            queue.finish(throwing: error)
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
            do throws(DocumentError) {
                return try envelope.document.receipt(status: envelope.status, placeID: placeID)
            } catch {
                throw ClientError.badResponse(
                    LocalizedText(
                        russian: "чек \(envelope.id): \(error.message(in: .russian))",
                        english: "receipt \(envelope.id): \(error.message(in: .english))"))
            }
        }
        return (receipts, Array(places.values))
    }
}
