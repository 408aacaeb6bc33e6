import Foundation
import HTTPTypes
import NIOCore
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

@Suite("Server: feed pages and sessions kept in memory, entity tags", .timeLimit(.minutes(20)))
struct AnswerCacheTests {
    /// Settings with `/metrics` on, to count the storage's calls.
    static func counted(_ settings: inout ServerSettings) { settings.metricsToken = "cache-token" }

    /// The storage calls named `call` so far, as `/metrics` counts them.
    static func calls(_ call: String, on server: ServerHarness) async throws -> Int {
        let metrics = try await server.client().send(
            "/metrics", method: .get, body: nil, headers: [.authorization: "Bearer cache-token"])
        let prefix = "receipts_storage_call_duration_seconds_count{call=\"\(call)\"} "
        let line = metrics.text.split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    /// Waits until the server keeps answers: at once on SQLite; on PostgreSQL once it listens for
    /// the other instances' writes.
    static func keeping(_ server: ServerHarness) async throws {
        for _ in 0..<200 where server.server.storage.changes.current == nil {
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(server.server.storage.changes.current != nil, "the storage never listened for changes")
    }

    /// The demo account (120 receipts), logged in.
    static func demo(on server: ServerHarness) async throws -> APIClient {
        let until = try LocalDateTime(iso: "2025-06-30T20:00:00")
        _ = try await server.server.seedDemo(seed: 5, until: until, receiptCount: 120)
        let demo = server.client()
        let login = try await demo.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo"))
        try #require(login.status == .ok)
        try await keeping(server)
        return demo
    }

    @Test("a page asked again is the same bytes from memory, with its tag, until a receipt changes it")
    func pageKept() async throws {
        try await ServerHarness.run(configure: Self.counted) { server in
            let demo = try await Self.demo(on: server)
            let first = try await demo.get("/api/v1/receipts?limit=20")
            #expect(first.status == .ok)
            #expect(first.headers[.cacheControl] == "private, no-cache")
            // A page read once is not hashed; given again from memory, it carries its tag.
            #expect(first.headers[.eTag] == nil)
            // On PostgreSQL the notification of the login's own write may come after the first page
            // was kept (the generation moves on, the page is read again): ask until it is given
            // from memory. On SQLite the second asking is.
            var again = try await demo.get("/api/v1/receipts?limit=20")
            for _ in 0..<20 where again.headers[.eTag] == nil {
                again = try await demo.get("/api/v1/receipts?limit=20")
            }
            let tag = try #require(again.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18, "96 bits in base64url, quoted")
            #expect(again.body == first.body)
            // The first page was read from the storage; the second from memory (counted on SQLite,
            // where no notification of an earlier write can come late).
            let exact = !TestTier.isPostgresPass
            if exact {
                #expect(try await demo.get("/api/v1/receipts?limit=20").headers[.eTag] == tag)
                #expect(try await Self.calls("feed", on: server) == 1)
            }

            // The client that has the bytes is told so, without them.
            for asked in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let notModified = try await demo.send(
                    "/api/v1/receipts?limit=20", method: .get, body: nil, headers: [.ifNoneMatch: asked])
                #expect(notModified.status == .notModified, "\(asked)")
                #expect(notModified.body.isEmpty && notModified.headers[.eTag] == tag)
            }
            let other = try await demo.send(
                "/api/v1/receipts?limit=20", method: .get, body: nil, headers: [.ifNoneMatch: "\"other\""])
            #expect(other.status == .ok && other.body == first.body)

            // A receipt newer than all: the next page read shows it first, under another tag.
            let added = try await demo.post(
                "/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(1, date: "20250701T0900")))
            #expect(added.status == .created)
            let id = try added.decode(ReceiptEnvelope.self).id
            let changed = try await demo.send(
                "/api/v1/receipts?limit=20", method: .get, body: nil, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(try changed.decode(ReceiptFeedPage.self).receipts.first?.id == id)
            #expect(changed.headers[.eTag] != tag)
            if exact { #expect(try await Self.calls("feed", on: server) == 2) }

            // A page after a cursor is kept by its query as written, the same as the first.
            let cursor = try #require(try changed.decode(ReceiptFeedPage.self).nextCursor)
            let second = try await demo.get("/api/v1/receipts?limit=20&cursor=\(cursor)")
            #expect(try await demo.get("/api/v1/receipts?limit=20&cursor=\(cursor)").body == second.body)
            if exact { #expect(try await Self.calls("feed", on: server) == 3) }
        }
    }

    @Test("a page is not given to another account, nor after its session ends or the password changes")
    func sessionsKept() async throws {
        try await ServerHarness.run(configure: Self.counted) { server in
            let demo = try await Self.demo(on: server)
            let page = try await demo.get("/api/v1/receipts?limit=5")
            #expect(try await demo.get("/api/v1/receipts?limit=5").body == page.body)

            // Another account asking the same query gets its own (empty) feed.
            let stranger = try await server.registered("stranger")
            let theirs = try await stranger.get("/api/v1/receipts?limit=5")
            #expect(try theirs.decode(ReceiptFeedPage.self).receipts.isEmpty)
            #expect(try await stranger.get("/api/v1/receipts?limit=5").body == theirs.body)

            // A second session of the demo account, kept in memory, ends with a password change.
            let phone = server.client()
            _ = try await phone.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo"))
            #expect(try await phone.get("/api/v1/receipts?limit=5").status == .ok)
            #expect(try await phone.get("/api/v1/sessions/current").status == .ok)
            let change = try await demo.post(
                "/api/v1/accounts/current/password",
                json: PasswordChange(password: "demo", newPassword: "a new demo password"))
            #expect(change.status == .noContent || change.status == .ok, "\(change.status)")
            #expect(try await phone.get("/api/v1/receipts?limit=5").status == .unauthorized)
            #expect(try await phone.get("/api/v1/sessions/current").status == .unauthorized)
            #expect(try await demo.get("/api/v1/receipts?limit=5").status == .ok)

            // Logging out ends the session kept in memory at once.
            let token = try #require(demo.sessionCookie)
            #expect(try await demo.delete("/api/v1/sessions/current").status == .noContent)
            demo.sessionCookie = token
            #expect(try await demo.get("/api/v1/receipts?limit=5").status == .unauthorized)
        }
    }

    @Test("a session kept in memory still expires on time")
    func expiryKept() async throws {
        let clock = TestClock()
        try await ServerHarness.run(sessionLifetime: 600, clock: clock) { server in
            let client = try await server.registered("eve")
            try await Self.keeping(server)
            #expect(try await client.get("/api/v1/receipts").status == .ok)
            #expect(try await client.get("/api/v1/receipts").status == .ok)
            clock.advance(by: 601)
            #expect(try await client.get("/api/v1/receipts").status == .unauthorized)
            #expect(try await client.get("/api/v1/sessions/current").status == .unauthorized)
        }
    }

    @Test("the change feed asked again from memory, until a receipt changes")
    func changesKept() async throws {
        try await ServerHarness.run(configure: Self.counted) { server in
            let client = try await server.registered("importer")
            try await Self.keeping(server)
            for i in 1...3 {
                _ = try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i)))
            }
            let page = try await client.get("/api/v1/changes?since=0")
            #expect(try page.decode(ReceiptChangesPage.self).receipts.count == 3)
            let end = try page.decode(ReceiptChangesPage.self).nextSince
            let empty = try await client.get("/api/v1/changes?since=\(end)")
            #expect(try empty.decode(ReceiptChangesPage.self).receipts.isEmpty)
            // Any tag asked for makes the server say the page's own.
            let tag = try #require(
                try await client.send(
                    "/api/v1/changes?since=\(end)", method: .get, body: nil, headers: [.ifNoneMatch: "\"none\""]
                ).headers[.eTag])
            let unchanged = try await client.send(
                "/api/v1/changes?since=\(end)", method: .get, body: nil, headers: [.ifNoneMatch: tag])
            #expect(unchanged.status == .notModified)
            if !TestTier.isPostgresPass {
                #expect(try await Self.calls("changes", on: server) == 2, "the empty page read once, given again")
            }
            _ = try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(4)))
            let later = try await client.send(
                "/api/v1/changes?since=\(end)", method: .get, body: nil, headers: [.ifNoneMatch: tag])
            #expect(later.status == .ok)
            #expect(try later.decode(ReceiptChangesPage.self).receipts.count == 1)
        }
    }

    @Test("--answer-cache 0 keeps nothing: every page is read from the storage; If-None-Match still answered")
    func keepingNothing() async throws {
        let keepingNothing: (inout ServerSettings) -> Void = {
            $0.metricsToken = "cache-token"
            $0.answerCacheBytes = 0
        }
        try await ServerHarness.run(configure: keepingNothing) { server in
            let demo = try await Self.demo(on: server)
            let first = try await demo.get("/api/v1/receipts?limit=10")
            #expect(first.headers[.eTag] == nil)
            let asked = try await demo.send(
                "/api/v1/receipts?limit=10", method: .get, body: nil, headers: [.ifNoneMatch: "\"other\""])
            #expect(asked.status == .ok && asked.body == first.body)
            let tag = try #require(asked.headers[.eTag])
            let notModified = try await demo.send(
                "/api/v1/receipts?limit=10", method: .get, body: nil, headers: [.ifNoneMatch: tag])
            #expect(notModified.status == .notModified && notModified.body.isEmpty)
            #expect(try await Self.calls("feed", on: server) == 3)
        }
    }

    @Test("the generation: moved on by writes; nothing current while writes may go unheard")
    func generations() {
        let changes = StorageChanges(trusted: false)
        #expect(changes.current == nil)
        changes.trust()
        let first = changes.current
        #expect(first != nil)
        changes.advance()
        #expect(changes.current == first.map { $0 + 1 })
        changes.distrust()
        #expect(changes.current == nil)
        changes.advance()
        #expect(changes.current == nil)
        changes.trust()
        // Trusted again, at a generation none of the answers kept before can have.
        #expect((changes.current ?? 0) > (first ?? 0) + 1)
    }

    @Test("pages past the capacity: those of older generations go first, then all")
    func capacity() {
        let changes = StorageChanges(trusted: true)
        let cache = AnswerCache(changes: changes, capacity: 40_000)
        func key(_ n: Int) -> AnswerCache.PageKey { .init(feed: .receipts, account: 1, query: "n=\(n)") }
        let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: 9_000)
        for n in 0..<4 { cache.keep(page: key(n), body: body, generation: changes.current) }
        #expect((0..<4).allSatisfy { cache.page(key($0)) != nil })
        changes.advance()
        // The fifth would pass 40,000 bytes: the four of the old generation go.
        cache.keep(page: key(4), body: body, generation: changes.current)
        #expect(cache.page(key(4)) != nil)
        for n in 5..<9 { cache.keep(page: key(n), body: body, generation: changes.current) }
        // Nine thousand bytes each: four fit, the fifth of the same generation starts afresh.
        #expect(cache.page(key(8)) != nil && cache.page(key(4)) == nil)
        // A page bigger than a quarter of the capacity is not kept at all.
        cache.keep(page: key(9), body: ByteBuffer(repeating: 0, count: 10_001), generation: changes.current)
        #expect(cache.page(key(9)) == nil)
        // A page read at a generation that has passed is never kept.
        let old = changes.current
        changes.advance()
        cache.keep(page: key(10), body: body, generation: old)
        #expect(cache.page(key(10)) == nil)
    }

    @Test("If-None-Match as RFC 9110 compares: weakly, in a list, or *")
    func matching() {
        #expect(PageAnswer.matches("\"abc\"", "\"abc\""))
        #expect(PageAnswer.matches("W/\"abc\"", "\"abc\""))
        #expect(PageAnswer.matches("\"x\" ,\t\"abc\"", "\"abc\""))
        #expect(PageAnswer.matches("*", "\"abc\""))
        #expect(!PageAnswer.matches("\"abcd\"", "\"abc\""))
        #expect(!PageAnswer.matches("abc", "\"abc\""))
        #expect(!PageAnswer.matches("", "\"abc\""))
    }
}
