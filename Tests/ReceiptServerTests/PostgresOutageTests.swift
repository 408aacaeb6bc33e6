import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ReceiptAPI
import ReceiptCore
import ReceiptServerTesting
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptServer

@Suite(
    "Server: PostgreSQL stopped and started under load", .tags(.server, .postgres), .wholeSuiteOnly,
    .storageIndependent, .timeLimit(.minutes(20)))
struct PostgresOutageTests {
    /// A cluster of the test's own (to freeze or stop), a new database on it, and the test settings
    /// of a server on that database with 3 s of patience for each database call.
    static func ownCluster() async throws -> (cluster: PostgresCluster, database: String, settings: ServerSettings) {
        let cluster = try await PostgresCluster(own: true)
        let database = try await cluster.newDatabase()
        var settings = ServerSettings.forTests()
        settings.database = .postgres(try PostgresAddress(database))
        settings.databasePatience = .seconds(3)
        return (cluster, database, settings)
    }

    /// A server started on `settings`. A loaded machine may keep a fresh cluster from answering its
    /// schema steps within the tests' 3 s patience: starting, which does nothing once done, is asked
    /// again (each try has waited its patience already).
    static func started(_ settings: ServerSettings) async throws -> ReceiptsServer {
        for attempt in 1...10 {
            do {
                return try await ReceiptsServer(settings: settings)
            } catch is StorageUnavailable where attempt < 10 {
                continue
            }
        }
        return try await ReceiptsServer(settings: settings)
    }

    /// The account `olga`, registered on `harness`'s server. A busy machine may keep a new cluster
    /// from answering the first registration within the tests' 3 s patience: that is a 503 to try
    /// again, as any client would.
    static func registered(on harness: ServerHarness) async throws -> APIClient {
        for attempt in 1...10 {
            do {
                return try await harness.registered("olga")
            } catch HarnessError.unexpected(.serviceUnavailable, _) where attempt < 10 {
                try await Task.sleep(for: .seconds(1))
            }
        }
        return try await harness.registered("olga")
    }

    @Test("a PostgreSQL that freezes: nothing is given from memory once its heartbeat is missed; again once it answers")
    func frozenListener() async throws {
        let (cluster, _, settings) = try await Self.ownCluster()
        do {
            try await Self.frozen(cluster, settings)
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    /// ``frozenListener()`` on a cluster of its own, which it leaves running.
    private static func frozen(_ cluster: PostgresCluster, _ settings: ServerSettings) async throws {
        let server = try await Self.started(settings)
        try await server.application().test(.live) { client in
            let harness = ServerHarness(port: client.port ?? 0, server: server)
            let owner = try await Self.registered(on: harness)
            try await AnswerCacheTests.keeping(harness)
            #expect(try await owner.get("/api/v1/receipts").status == .ok)
            // Frozen, the listening connection neither breaks nor answers: its heartbeat (every
            // second, six times the 3-s patience to answer) is missed, and the server stops
            // trusting what it keeps.
            cluster.freeze()
            var trusted = true
            for _ in 0..<300 where trusted {
                try await Task.sleep(for: .milliseconds(100))
                trusted = server.storage.changes.current != nil
            }
            cluster.thaw()
            #expect(!trusted, "still trusted thirty seconds after PostgreSQL froze")
            try await AnswerCacheTests.keeping(harness)
            // A database just thawed on a loaded machine may first answer 503: try again, as a client would.
            var status = HTTPResponse.Status.serviceUnavailable
            for _ in 0..<20 where status == .serviceUnavailable {
                status = try await owner.get("/api/v1/receipts").status
                if status == .serviceUnavailable { try await Task.sleep(for: .seconds(1)) }
            }
            #expect(status == .ok)
        }
    }

    @Test("requests get 503 while it is down, never 500; it recovers by itself and nothing acknowledged is lost")
    func stopAndStart() async throws {
        let (cluster, database, shared) = try await Self.ownCluster()
        var settings = shared
        // The load adds as fast as it is answered: the account's add limits are lifted.
        settings.throttle.receiptsAddedPerHour.count = 1_000_000
        settings.throttle.receiptsAddedPerDay.count = 1_000_000
        let server = try await Self.started(settings)
        try await server.application().test(.live) { client in
            let harness = ServerHarness(port: client.port ?? 0, server: server)
            let owner = try await Self.registered(on: harness)
            let state = LoadState()

            // Four clients adding receipts and reading the feed as fast as they are answered.
            let load = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        let worker = harness.client()
                        worker.sessionCookie = owner.sessionCookie
                        group.addTask {
                            while state.running.load(ordering: .relaxed) {
                                let i = state.next.add(1, ordering: .relaxed).oldValue
                                let added = try await worker.post(
                                    "/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i)))
                                state.statuses.withLock { $0[Int(added.status.code), default: 0] += 1 }
                                if added.status == .created {
                                    let id = try added.decode(ReceiptEnvelope.self).id
                                    state.acknowledged.withLock { $0.append(id) }
                                }
                                let page = try await worker.get("/api/v1/receipts?limit=5")
                                state.statuses.withLock { $0[Int(page.status.code), default: 0] += 1 }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            try await Task.sleep(for: .seconds(1))
            let before = state.acknowledged.withLock { $0.count }
            await cluster.pause()
            let down = try await owner.get("/health")
            #expect(down.status == .serviceUnavailable && down.errorCode == "storage_unavailable")
            #expect(down.headers[.retryAfter] != nil)
            try await Task.sleep(for: .seconds(2))
            try await cluster.start()
            // Back by itself: no restart of the server.
            var healthy = false
            for _ in 0..<120 where !healthy {
                healthy = try await owner.get("/health").status == .ok
                if !healthy { try await Task.sleep(for: .milliseconds(500)) }
            }
            #expect(healthy, "the server did not recover within a minute")
            try await Task.sleep(for: .seconds(1))
            state.running.store(false, ordering: .relaxed)
            try await load.value

            let seen = state.statuses.withLock { $0 }
            #expect(Set(seen.keys).isSubset(of: [200, 201, 503]), "\(seen)")
            #expect(seen[503, default: 0] > 0, "\(seen)")
            let after = state.acknowledged.withLock { $0 }
            #expect(after.count > before, "receipts were added after the recovery")
            let stored = try await Self.stored(owner)
            #expect(Set(after).isSubset(of: stored), "every acknowledged receipt is kept")
        }
        try? await cluster.dropDatabase(database)
        await cluster.stop()
    }
}

/// What the load saw: statuses by code, the receipts acknowledged with 201, whether to go on, and
/// the longest a request took.
private final class LoadState: Sendable {
    let statuses = Mutex<[Int: Int]>([:])
    let acknowledged = Mutex<[Int64]>([])
    let running = Atomic<Bool>(true)
    let next = Atomic<Int>(1)
    let longest = Mutex<Duration>(.zero)

    /// `request` sent, its status counted and its time kept when it is the longest yet.
    func timed(_ request: () async throws -> APIClient.Response) async throws -> APIClient.Response {
        let start = ContinuousClock.now
        let response = try await request()
        let took = ContinuousClock.now - start
        longest.withLock { $0 = max($0, took) }
        statuses.withLock { $0[Int(response.status.code), default: 0] += 1 }
        return response
    }
}

extension PostgresOutageTests {
    /// Every receipt of `owner`'s account, by the change feed.
    static func stored(_ owner: APIClient) async throws -> Set<Int64> {
        var stored: Set<Int64> = []
        var since: Int64 = 0
        var more = true
        while more {
            let response = try await owner.get("/api/v1/changes?since=\(since)&limit=100")
            try #require(response.status == .ok, "\(response.text)")
            let page = try response.decode(ReceiptChangesPage.self)
            stored.formUnion(page.receipts.map(\.id))
            since = page.nextSince
            more = page.hasMore
        }
        return stored
    }

    /// Waits until `/health` answers 200 through every one of `clients`; false after a minute.
    static func healthy(_ clients: [APIClient]) async throws -> Bool {
        for _ in 0..<120 {
            var all = true
            for client in clients where try await client.get("/health").status != .ok { all = false }
            if all { return true }
            try await Task.sleep(for: .milliseconds(500))
        }
        return false
    }

    @Test(
        "two instances under load: PostgreSQL killed with -9, then stopped; 503 while it is gone, back by themselves, nothing acknowledged lost, no request past its deadline"
    )
    func twoInstancesKilledAndRestarted() async throws {
        let cluster = try await PostgresCluster(own: true)
        let database = try await cluster.newDatabase()
        let deadline = Duration.seconds(10)
        let settings: (inout ServerSettings) -> Void = {
            $0.databasePatience = .seconds(3)
            $0.requestTimeout = deadline
            $0.throttle.receiptsAddedPerHour.count = 1_000_000
            $0.throttle.receiptsAddedPerDay.count = 1_000_000
        }
        try await TwoInstances.run(database: database, demoReceipts: 10, configure: settings) { both in
            let owner = try await Self.registered(on: both.a)
            let watchers = [both.a.client(), both.b.client()]
            let state = LoadState()
            // Four clients, two on each instance, adding receipts and reading the feed as fast as
            // they are answered.
            let load = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for number in 0..<4 {
                        let worker = (number % 2 == 0 ? both.a : both.b).client()
                        worker.sessionCookie = owner.sessionCookie
                        group.addTask {
                            while state.running.load(ordering: .relaxed) {
                                let i = state.next.add(1, ordering: .relaxed).oldValue
                                let added = try await state.timed {
                                    try await worker.post(
                                        "/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i)))
                                }
                                if added.status == .created {
                                    let id = try added.decode(ReceiptEnvelope.self).id
                                    state.acknowledged.withLock { $0.append(id) }
                                }
                                _ = try await state.timed { try await worker.get("/api/v1/receipts?limit=5") }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            try await Task.sleep(for: .seconds(1))
            // Killed: no shutdown, every connection cut at once; then, once back, a fast shutdown.
            for (outage, stop) in [("killed", { await cluster.kill() }), ("stopped", { await cluster.pause() })] {
                await stop()
                for watcher in watchers {
                    let down = try await watcher.get("/health")
                    #expect(down.status == .serviceUnavailable && down.errorCode == "storage_unavailable", "\(outage)")
                }
                try await Task.sleep(for: .seconds(2))
                let before = state.acknowledged.withLock { $0.count }
                try await cluster.start()
                #expect(try await Self.healthy(watchers), "both instances back within a minute after being \(outage)")
                // The workers' next additions are acknowledged again: awaited, not timed, since a
                // loaded machine may take a while to let the first one through.
                var added = false
                for _ in 0..<120 where !added {
                    added = state.acknowledged.withLock { $0.count } > before
                    if !added { try await Task.sleep(for: .milliseconds(500)) }
                }
                #expect(added, "receipts added within a minute after being \(outage)")
            }
            state.running.store(false, ordering: .relaxed)
            try await load.value

            let seen = state.statuses.withLock { $0 }
            #expect(Set(seen.keys).isSubset(of: [200, 201, 503]), "\(seen)")
            #expect(seen[503, default: 0] > 0, "\(seen)")
            // A request waits for the database within its patience, never past its deadline (with
            // room for a loaded machine).
            let longest = state.longest.withLock { $0 }
            #expect(longest < deadline * 2, "the longest request took \(longest)")
            let stored = try await Self.stored(owner)
            let acknowledged = state.acknowledged.withLock { $0 }
            #expect(Set(acknowledged).isSubset(of: stored), "every acknowledged receipt is kept")
        }
        try? await cluster.dropDatabase(database)
        await cluster.stop()
    }
}
