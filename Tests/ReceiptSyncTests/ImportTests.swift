import Foundation
import HummingbirdTesting
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptServer
import ReceiptServerTesting
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Synchronization
import Testing

/// The real server on a loopback port, seeded with demo receipts, and a fresh local database.
struct SyncHarness: Sendable {
    let url: URL
    let server: ReceiptsServer
    let folder: String

    static func run(receipts: Int, _ body: @Sendable (SyncHarness) async throws -> Void) async throws {
        let demo = TestServer.Demo(seed: 11, until: try LocalDateTime(iso: "2025-08-31T22:00:00"), receipts: receipts)
        try await TestServer.run(demo: demo) { test in
            try await body(SyncHarness(url: test.url, server: test.server, folder: test.folder))
        }
    }

    /// A client logged in to the demo account. Its requests are retried for up to two minutes: in
    /// the PostgreSQL pass of `make test`, beside dozens of clusters starting and stopping on two
    /// cores, the server can miss a connection's deadline; what these tests check is what arrives,
    /// not how fast (a test of the retries passes its own policy).
    func demoClient(retry: RetryPolicy = RetryPolicy(budget: 120)) async throws -> (ReceiptsClient, SessionInfo) {
        let client = ReceiptsClient(server: url, cookie: nil, retry: retry)
        let info = try await client.logIn(login: "demo", password: "demo")
        return (client, info)
    }

    func database(_ name: String = "local.sqlite") throws -> ReceiptDatabase {
        try ReceiptDatabase.open(at: folder + "/" + name)
    }

    /// Every receipt of the demo account, as the server sends them, by identity.
    func serverReceipts(_ client: ReceiptsClient) async throws -> [FiscalIdentity: Receipt] {
        var since: Int64 = 0
        var result: [FiscalIdentity: Receipt] = [:]
        while true {
            let page = try await client.changes(since: since, limit: 100)
            for envelope in page.receipts {
                let receipt = try envelope.document.receipt(status: envelope.status, placeID: envelope.place?.id)
                result[receipt.identity] = receipt
            }
            since = page.nextSince
            if !page.hasMore { return result }
        }
    }
}

@Suite("Importing from the server", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ImportTests {
    @Test("1,000+ receipts arrive field by field as the server has them; a second import moves nothing")
    func importsEverything() async throws {
        try await SyncHarness.run(receipts: 1_040) { harness in
            let (client, info) = try await harness.demoClient()
            let database = try harness.database()
            let source = "\(harness.url.absoluteString)#\(info.account)"
            let summary = try await Importer(client: client, database: database, source: source).run()
            #expect(summary.imported == 1_040 && summary.updated == 0 && summary.pages == 21)
            #expect(summary.months.values.reduce(0, +) == 1_040)
            let expected = try await harness.serverReceipts(client)
            #expect(try database.receiptCount() == expected.count)
            for (identity, receipt) in expected {
                #expect(try database.receipt(identity) == receipt)
            }
            let again = try await Importer(client: client, database: database, source: source).run()
            #expect(again.imported == 0 && again.updated == 0 && again.pages == 1)

            let added = try await client.add(qr: "t=20250901T1000&s=10.00&fn=9999000011112222&i=5&fp=55&n=1")
            #expect(added.created)
            let later = try await Importer(client: client, database: database, source: source).run()
            let september = try Month(parsing: "2025-09")
            #expect(later.imported == 1 && later.months == [september: 1])
        }
    }

    @Test("a 401 in the middle keeps the pages written; after logging in again the import completes identically")
    func sessionDiesMidway() async throws {
        try await SyncHarness.run(receipts: 1_200) { harness in
            let (client, info) = try await harness.demoClient()
            let database = try harness.database()
            let source = "\(harness.url.absoluteString)#\(info.account)"
            let killer = ReceiptsClient(server: harness.url, cookie: client.sessionCookie)
            let killed = Flag()
            let logout = Mutex<Task<Void, Never>?>(nil)
            let error = await #expect(throws: ClientError.self) {
                // Two pages ahead at most, so that most of the feed (24 pages) is still to fetch when
                // the session dies. The log-out is not waited for here: the progress closure is
                // synchronous, and a wait in it would hold a thread of the cooperative pool (two on
                // two cores) that the server in this process needs to answer the log-out.
                try await Importer(client: client, database: database, source: source, pagesAhead: 2).run {
                    progress in
                    if progress.pages >= 3, killed.set() {
                        logout.withLock { $0 = Task { try? await killer.logOut() } }
                    }
                }
            }
            await logout.withLock { $0 }?.value
            #expect(error == .unauthorized(server: harness.url.absoluteString))
            let written = try database.receiptCount()
            #expect(written >= 150 && written < 1_200 && written % 50 == 0)
            #expect(try database.syncPosition(for: source).since == Int64(written))

            let (again, _) = try await harness.demoClient()
            let summary = try await Importer(client: again, database: database, source: source).run()
            #expect(summary.imported == 1_200 - written)
            let reference = try harness.database("reference.sqlite")
            _ = try await Importer(client: again, database: reference, source: source).run()
            #expect(try database.receiptCount() == reference.receiptCount())
            for month in try reference.months() {
                #expect(try database.receipts(in: month.month) == reference.receipts(in: month.month))
            }
        }
    }

    @Test("a refused connection is a failed try told to the observer, then a wait or the end, then giving up")
    func unreachable() async throws {
        let events = Mutex<[ClientEvent]>([])
        let client = ReceiptsClient(
            server: try #require(URL(string: "http://127.0.0.1:9")), cookie: "x",
            retry: RetryPolicy(initialDelay: 0.05, maximumDelay: 0.2, budget: 2),
            observer: { event in events.withLock { $0.append(event) } })
        let error = await #expect(throws: ClientError.self) { try await client.changes(since: 0) }
        if case .unreachable(let server, _) = error {
            #expect(server == "http://127.0.0.1:9")
        } else {
            Issue.record("expected unreachable, got \(String(describing: error))")
        }
        #expect(error?.message(in: .russian).hasPrefix("сервер http://127.0.0.1:9 не отвечает (") == true)
        let told = events.withLock { $0 }
        // How soon a refusal comes back is for the command line's tests, in a process of their own: here
        // the test process's threads are shared with the whole suite, and its times mean little.
        guard case .failed("GET", "/api/v1/changes?since=0&limit=50", .refused, let first) = told.first else {
            Issue.record("expected a refused try first, got \(told)")
            return
        }
        #expect(first > .zero)
        for (event, next) in zip(told, told.dropFirst()) {
            // Every failed try is followed by a wait or by giving up.
            if case .failed = event {
                switch next {
                case .retrying, .gaveUp: break
                default: Issue.record("after \(event): \(next)")
                }
            }
        }
        guard case .gaveUp = told.last else {
            Issue.record("expected to end with giving up, got \(told)")
            return
        }
        // The budget bounds the tries, not a clock in the test (a loaded machine makes each try slow):
        // waits are at least half their step, 0.025 + 0.05 s and then 0.1 s each, so a 2 s budget
        // holds at most 2 + (2 − 0.075) / 0.1 = 21.25 waits, that is 22 tries at most.
        let tries = told.filter { if case .failed = $0 { true } else { false } }.count
        #expect(tries >= 1 && tries <= 22, "\(told)")
    }
}

/// Set once, from any thread.
final class Flag: Sendable {
    private let value = Mutex(false)

    /// True the first time only.
    func set() -> Bool {
        value.withLock { value in
            defer { value = true }
            return !value
        }
    }
}
