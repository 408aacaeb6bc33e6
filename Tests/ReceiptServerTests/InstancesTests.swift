import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ReceiptAPI
import ReceiptCore
import ReceiptServerTesting
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// Two `receipts serve` instances on one PostgreSQL database, each on its own loopback port.
struct TwoInstances: Sendable {
    let a: ServerHarness
    let b: ServerHarness

    /// Starts both over a fresh database (seeding the demo through both at the same moment) and runs `body`.
    static func run(
        demoReceipts: Int = 120, configure: (inout ServerSettings) -> Void = { _ in },
        _ body: @Sendable (TwoInstances) async throws -> Void
    ) async throws {
        try await PostgresCluster().withDatabase { database in
            try await run(database: database, demoReceipts: demoReceipts, configure: configure, body)
        }
    }

    /// Both over `database` (a URL of a cluster the test controls).
    static func run(
        database: String, demoReceipts: Int, configure: (inout ServerSettings) -> Void,
        _ body: @Sendable (TwoInstances) async throws -> Void
    ) async throws {
        var settings = ServerSettings.forTests()
        settings.database = .postgres(try PostgresAddress(database))
        configure(&settings)
        let shared = settings
        // A test's short patience (the outage test's 3 s) can run out while a loaded machine starts a
        // fresh cluster: starting a server and seeding, which do nothing once done, are asked again
        // (each try has waited its patience already).
        async let first = PostgresOutageTests.started(shared)
        async let second = PostgresOutageTests.started(shared)
        let (a, b) = try await (first, second)
        let until = try LocalDateTime(iso: "2025-06-30T20:00:00")
        @Sendable func seeded(_ server: ReceiptsServer) async throws -> DemoSummary {
            var attempt = 1
            while true {
                do {
                    return try await server.seedDemo(seed: 3, until: until, receiptCount: demoReceipts)
                } catch is StorageUnavailable where attempt < 10 {
                    attempt += 1
                }
            }
        }
        async let seededA = seeded(a)
        async let seededB = seeded(b)
        let seeded = try await [seededA, seededB]
        #expect(seeded.filter(\.seeded).count == 1, "the demo is seeded once")
        #expect(seeded.allSatisfy { $0.receipts == demoReceipts })
        try await a.application().test(.live) { clientA in
            try await b.application().test(.live) { clientB in
                try await body(
                    TwoInstances(
                        a: ServerHarness(port: clientA.port ?? 0, server: a),
                        b: ServerHarness(port: clientB.port ?? 0, server: b)))
            }
        }
    }
}

@Suite(
    "Server: several instances on one PostgreSQL database", .tags(.server, .postgres), .wholeSuiteOnly,
    .storageIndependent, .timeLimit(.minutes(20)))
struct InstancesTests {
    @Test("a session opened on one instance works on the other; logging out on one ends it on both")
    func sessions() async throws {
        try await TwoInstances.run { both in
            let onA = both.a.client()
            #expect(
                try await onA.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo")).status == .ok
            )
            let onB = both.b.client()
            onB.sessionCookie = onA.sessionCookie
            let me = try await onB.get("/api/v1/sessions/current")
            #expect(me.status == .ok)
            #expect(try me.decode(SessionInfo.self).login == "demo")
            #expect(try await onB.delete("/api/v1/sessions/current").status == .noContent)
            onA.sessionCookie = onB.sessionCookie ?? onA.sessionCookie
            #expect(try await onA.get("/api/v1/sessions/current").status == .unauthorized)

            // A login taken through one instance is taken for the other.
            _ = try await both.a.registered("alice")
            let again = try await both.b.client().post(
                "/api/v1/accounts", json: Credentials(login: "ALICE", password: "correct horse battery"))
            #expect(again.status == .conflict)
        }
    }

    @Test("the same QR added through both at once is one receipt; each account's changes never go back")
    func addingAtOnce() async throws {
        try await TwoInstances.run { both in
            let onA = try await both.a.registered("bob")
            let onB = both.b.client()
            onB.sessionCookie = onA.sessionCookie
            // Twenty codes, each sent through both instances at the same moment.
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for i in 1...20 {
                    let body = AddReceiptRequest(qr: FeedTests.payload(i))
                    group.addTask { try await onA.post("/api/v1/receipts", json: body).status }
                    group.addTask { try await onB.post("/api/v1/receipts", json: body).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 20)
            #expect(statuses.filter { $0 == .ok }.count == 20)
            let changes = try await onB.get("/api/v1/changes?since=0&limit=100").decode(ReceiptChangesPage.self)
            #expect(changes.receipts.count == 20)
            #expect(changes.receipts.map(\.sequence) == Array(1...20))
        }
    }

    @Test("an import that switches instance at every page equals one through a single instance")
    func pagesAcrossInstances() async throws {
        try await TwoInstances.run(demoReceipts: 260) { both in
            let onA = both.a.client()
            _ = try await onA.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo"))
            let onB = both.b.client()
            onB.sessionCookie = onA.sessionCookie
            func walk(_ clients: [APIClient]) async throws -> [Int64] {
                var seen: [Int64] = []
                var cursor: String?
                var turn = 0
                repeat {
                    let client = clients[turn % clients.count]
                    let response = try await client.get("/api/v1/receipts" + (cursor.map { "?cursor=\($0)" } ?? ""))
                    #expect(response.status == .ok, "\(response.text)")
                    let page = try response.decode(ReceiptFeedPage.self)
                    seen += page.receipts.map(\.id)
                    cursor = page.nextCursor
                    turn += 1
                } while cursor != nil
                return seen
            }
            let switching = try await walk([onA, onB])
            let single = try await walk([onA])
            #expect(switching == single && switching.count == 260)

            var since: Int64 = 0
            var changed: [Int64] = []
            var more = true
            var turn = 0
            while more {
                let client = turn % 2 == 0 ? onB : onA
                let page = try await client.get("/api/v1/changes?since=\(since)&limit=50").decode(
                    ReceiptChangesPage.self)
                changed += page.receipts.map(\.id)
                since = page.nextSince
                more = page.hasMore
                turn += 1
            }
            #expect(Set(changed) == Set(single) && changed.count == 260)
        }
    }

    @Test("a page kept in memory on one instance shows a receipt added through the other within seconds")
    func keptPagesHearOthers() async throws {
        try await TwoInstances.run { both in
            let onA = both.a.client()
            _ = try await onA.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo"))
            try await AnswerCacheTests.keeping(both.a)
            let onB = both.b.client()
            onB.sessionCookie = onA.sessionCookie
            let before = try await onA.get("/api/v1/receipts?limit=5")
            #expect(try await onA.get("/api/v1/receipts?limit=5").body == before.body)
            let generation = both.a.server.storage.changes.current
            let added = try await onB.post(
                "/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(7, date: "20250701T0900")))
            let id = try added.decode(ReceiptEnvelope.self).id
            // A wrote nothing since: its generation moves on only if it heard B's write.
            for _ in 0..<100 where both.a.server.storage.changes.current == generation {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(both.a.server.storage.changes.current != generation, "instance A never heard B's write")
            // Heard through PostgreSQL's notification: at once on a quiet machine, two seconds at
            // most even if the listening connection went quiet.
            var first: Int64?
            for _ in 0..<40 where first != id {
                first = try await onA.get("/api/v1/receipts?limit=5").decode(ReceiptFeedPage.self).receipts.first?.id
                if first != id { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(first == id, "instance A never showed the receipt added through B")

            // Logging out through B ends the session A keeps in memory.
            #expect(try await onB.delete("/api/v1/sessions/current").status == .noContent)
            var status = HTTPResponse.Status.ok
            for _ in 0..<40 where status != .unauthorized {
                status = try await onA.get("/api/v1/receipts?limit=5").status
                if status != .unauthorized { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(status == .unauthorized)
        }
    }

    @Test("wrong passwords are counted across instances")
    func throttlingAcross() async throws {
        try await TwoInstances.run { both in
            let wrong = Credentials(login: "demo", password: "not the password")
            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<6 {
                let client = (attempt % 2 == 0 ? both.a : both.b).client()
                statuses.append(try await client.post("/api/v1/sessions", json: wrong).status)
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == .unauthorized }, "\(statuses)")
            #expect(statuses.last == .tooManyRequests)
        }
    }

    @Test("places loaded on one instance are searched on the other within seconds")
    func placesSpread() async throws {
        try await TwoInstances.run(demoReceipts: 10) { both in
            let folder = try TemporaryFolder("places")
            let file = folder.file("places.csv")
            try "id,name,lat,lon,category,address\nnew-1,Лавка Ромашка,55.7601,37.6186,groceries,Тверская 9\n".write(
                toFile: file, atomically: true, encoding: .utf8)
            let search = "/api/v1/places?lat=55.7601&lon=37.6186&q=%D1%80%D0%BE%D0%BC%D0%B0%D1%88"
            let reader = try await both.b.anonymous()
            #expect(try await reader.get(search).decode(PlacesPage.self).places.isEmpty)
            #expect(try await both.a.server.loadPlaces(from: file) == 1)
            var found = false
            for _ in 0..<100 where !found {
                found = try await reader.get(search).decode(PlacesPage.self).places.contains { $0.id == "new-1" }
                if !found { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(found, "instance B never heard of the place")
        }
    }

    @Test("two instances share the completion jobs: every pending receipt asked once, all completed")
    func sharedJobs() async throws {
        let completer = ScriptedCompleter()
        for i in 1...30 { completer.know(try CompletionTests.document(i)) }
        let configure: (inout ServerSettings) -> Void = { settings in
            settings.completer = completer
            CompletionTests.fastPacing(&settings)
        }
        try await TwoInstances.run(demoReceipts: 10, configure: configure) { both in
            let onA = try await both.a.registered("una")
            let onB = both.b.client()
            onB.sessionCookie = onA.sessionCookie
            for i in 1...30 {
                let client = i % 2 == 0 ? onA : onB
                #expect(
                    try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i))).status
                        == .created)
            }
            // The demo's own pending receipts are asked too (and stay "not yet"): look at these 30.
            var changes: [ReceiptEnvelope] = []
            for _ in 0..<400 where changes.filter({ $0.status == .complete }).count < 30 {
                try await Task.sleep(for: .milliseconds(50))
                changes = try await onA.get("/api/v1/changes?since=0&limit=100").decode(ReceiptChangesPage.self)
                    .receipts
            }
            #expect(changes.count == 30 && changes.allSatisfy { $0.status == .complete })
            // 30 adds and 30 completions, each its own change: the last is number 60.
            #expect(changes.last?.sequence == 60 && Set(changes.map(\.sequence)).count == 30)
            let ours = Set(try (1...30).map { try CompletionTests.document($0).identity })
            let asked = completer.asked.filter { ours.contains($0.key) }
            #expect(asked.count == 30 && asked.values.allSatisfy { $0 == 1 }, "\(asked.values.sorted())")
        }
    }
}
