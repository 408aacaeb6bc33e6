import Foundation
import GRDB
import HTTPTypes
import ReceiptAPI
import ReceiptServerTesting
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// Throttling slows down whoever floods, not the people they aim at: failed logins count per login
/// and address (with a slower cap per login), accounts per address. The other addresses are
/// 127.0.0.2, 127.0.0.3, …: Linux routes the whole of 127/8 to loopback.
@Suite("Server: throttling by login and address", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ThrottleTests {
    static let wrong = #"{"login": "erin", "password": "not her password"}"#
    static let right = #"{"login": "erin", "password": "correct horse battery"}"#

    static func attempt(_ port: Int, from address: String, _ body: String) async throws -> Int {
        await (try RawConnection(port: port, from: address)).exchange("POST", "/api/v1/sessions", json: body).status
    }

    @Test("an attacker's wrong passwords from one address do not stop the owner logging in from another")
    func attackerSlowsOnlyThemself() async throws {
        try await ServerHarness.run(transport: .live) { server in
            _ = try await server.registered("erin")
            var attacker: [Int] = []
            for _ in 0..<8 { attacker.append(try await Self.attempt(server.port, from: "127.0.0.2", Self.wrong)) }
            #expect(attacker == [401, 401, 401, 401, 401, 429, 429, 429])
            // Even the right password waits, from the attacker's address.
            #expect(try await Self.attempt(server.port, from: "127.0.0.2", Self.right) == 429)

            let owner = server.client()
            let login = try await owner.post(
                "/api/v1/sessions", json: Credentials(login: "erin", password: "correct horse battery"))
            #expect(login.status == .ok)
            #expect(try await Self.attempt(server.port, from: "127.0.0.3", Self.right) == 200)
        }
    }

    /// The device mark a login's answer sets, as a `Cookie` header value.
    static func deviceCookie(_ response: APIClient.Response) throws -> String {
        let mark = try #require(
            response.headers[values: .setCookie].first { $0.hasPrefix(APIContract.deviceCookie + "=") })
        return String(mark.prefix { $0 != ";" })
    }

    @Test(
        "ten addresses fill the login's bucket: the owner's device logs in at once, a new device after a short wait, not an hour"
    )
    func noLockout() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.failedLoginsPerLogin = .init(50, per: 3600)
            $0.throttle.slowedLoginsPerLogin = .init(1, per: 2)
        }
        // The server's time moves only when the test moves it: on a loaded machine the requests
        // below may take longer than the slowed window, which would open it between them.
        let clock = TestClock()
        try await ServerHarness.run(transport: .live, clock: clock, configure: limits) { server in
            _ = try await server.registered("erin")
            // The owner logged in once from their phone: it carries a device mark since.
            let phone = try await server.client().post(
                "/api/v1/sessions", json: Credentials(login: "erin", password: "correct horse battery"))
            #expect(phone.status == .ok)
            let mark = try Self.deviceCookie(phone)
            // The review's attack (issue 31): 5 wrong passwords from each of ten addresses, 50 in all.
            var statuses: [Int] = []
            for host in 2...11 {
                for _ in 0..<5 {
                    statuses.append(try await Self.attempt(server.port, from: "127.0.0.\(host)", Self.wrong))
                }
            }
            #expect(statuses.allSatisfy { $0 == 401 }, "\(statuses)")
            // The bucket is full: guessing goes on at the slowed pace only, one attempt in 2 seconds.
            #expect(try await Self.attempt(server.port, from: "127.0.0.12", Self.wrong) == 401)
            #expect(try await Self.attempt(server.port, from: "127.0.0.13", Self.wrong) == 429)
            // The phone logs in at once, from any address, the attacker's too.
            for address in ["127.0.0.2", "127.0.0.20"] {
                let answer = await (try RawConnection(port: server.port, from: address)).exchange(
                    "POST", "/api/v1/sessions", json: Self.right, headers: ["Cookie": mark])
                #expect(answer.status == 200, "\(address): \(answer.body)")
            }
            // A mark the server did not sign is no device: slowed like any other.
            let forged = await (try RawConnection(port: server.port, from: "127.0.0.21")).exchange(
                "POST", "/api/v1/sessions", json: Self.right, headers: ["Cookie": mark + "x"])
            #expect(forged.status == 429)
            // The owner on a new laptop waits at most the slowed window, not the hour, and gets in.
            let laptop = server.client()
            let first = try await laptop.post(
                "/api/v1/sessions", json: Credentials(login: "erin", password: "correct horse battery"))
            #expect(first.status == .tooManyRequests)
            let wait = try #require(Int(first.headers[.retryAfter] ?? ""))
            #expect((1...2).contains(wait), "Retry-After \(wait)")
            clock.advance(by: TimeInterval(wait))
            let again = try await laptop.post(
                "/api/v1/sessions", json: Credentials(login: "erin", password: "correct horse battery"))
            #expect(again.status == .ok)
        }
    }

    @Test(
        "an attacker retrying as each wait runs out holds only their own range's turn: the owner on a new device from another network gets in at once"
    )
    func slowedTurnPerRange() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.failedLoginsPerLogin = .init(10, per: 3600)
            $0.throttle.slowedLoginsPerLogin = .init(1, per: 30)
        }
        let clock = TestClock()
        try await ServerHarness.run(transport: .live, clock: clock, configure: limits) { server in
            _ = try await server.registered("erin")
            // Ten wrong passwords from 127.0.0.2 … 127.0.0.6 fill the login's bucket (10 an hour).
            for host in 2...6 {
                for _ in 0..<2 {
                    #expect(try await Self.attempt(server.port, from: "127.0.0.\(host)", Self.wrong) == 401)
                }
            }
            // The attacker takes the slowed turn the moment it opens, each time: at 0 s, 30 s, 60 s.
            for round in 0..<3 {
                #expect(try await Self.attempt(server.port, from: "127.0.0.7", Self.wrong) == 401, "round \(round)")
                // Another address of the same /24 waits: the turn is the range's.
                #expect(try await Self.attempt(server.port, from: "127.0.0.8", Self.right) == 429)
                // The owner's new laptop, on another network (127.0.1.0/24 here), is not held out by
                // it (before, every new device shared the attacker's one turn and got 429 here).
                if round == 1 {
                    #expect(try await Self.attempt(server.port, from: "127.0.1.5", Self.right) == 200)
                }
                clock.advance(by: 30)
            }
        }
    }

    @Test("a counted address's range: an IPv4 /24, an IPv6 /64's /48")
    func ranges() {
        #expect(LoginThrottle.range(of: "192.0.2.77") == "192.0.2.0/24")
        #expect(LoginThrottle.range(of: "2001:db8:1:2::/64") == "2001:db8:1::/48")
        #expect(LoginThrottle.range(of: "unknown") == "unknown")
    }

    @Test("one address trying many logins is stopped by its cap on all failed logins; others go on")
    func manyLoginsFromOneAddress() async throws {
        let limits: (inout ServerSettings) -> Void = { $0.throttle.failedLoginsFromAddress = .init(6, per: 300) }
        try await ServerHarness.run(transport: .live, configure: limits) { server in
            _ = try await server.registered("erin")
            var statuses: [Int] = []
            for index in 0..<8 {
                let body = #"{"login": "user\#(index)", "password": "a wrong password"}"#
                statuses.append(try await Self.attempt(server.port, from: "127.0.0.2", body))
            }
            #expect(statuses == [401, 401, 401, 401, 401, 401, 429, 429])
            #expect(try await Self.attempt(server.port, from: "127.0.0.3", Self.right) == 200)
        }
    }

    @Test("a login or password no account can have is refused before any count or bcrypt; counts are stored hashed")
    func outsideTheRules() async throws {
        let folder = try TemporaryFolder("throttle")
        let path = folder.file("server.sqlite")
        let database: (inout ServerSettings) -> Void = { $0.database = .sqlite(path: path) }
        try await ServerHarness.run(transport: .live, configure: database) { server in
            _ = try await server.registered("erin")
            // 60,000 characters of login: refused at once, as a wrong password is, and never stored.
            let long = String(repeating: "a", count: 60_000)
            let answer = await (try RawConnection(port: server.port, from: "127.0.0.2")).exchange(
                "POST", "/api/v1/sessions", json: #"{"login": "\#(long)", "password": "whatever it is"}"#)
            #expect(answer.status == 401)
            #expect(try await Self.attempt(server.port, from: "127.0.0.2", Self.wrong) == 401)
        }
        // The server's last connection may still be closing (its checkpoint holds the file a moment
        // on a loaded machine: "database is locked" once): a reader waits for it, as any second
        // connection to a SQLite file should.
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let keys = try await queue.read { db in try String.fetchAll(db, sql: "SELECT key FROM attempts") }
        #expect(!keys.isEmpty)
        #expect(keys.allSatisfy { $0.utf8.count < 64 && !$0.contains("erin") && !$0.contains("127.0.0") }, "\(keys)")
    }

    @Test("an IPv6 client counts by its /64; an IPv4 address written as IPv6 counts as itself")
    func addresses() {
        #expect(ServerContext.countedAddress("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(ServerContext.countedAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee") == "2001:db8:1:2::/64")
        #expect(ServerContext.countedAddress("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(ServerContext.countedAddress("::1") == "0:0:0:0::/64")
        #expect(ServerContext.countedAddress("127.0.0.2") == "127.0.0.2")
        #expect(ServerContext.countedAddress("unknown") == "unknown")
    }

    @Test("bcrypt runs one a core with a short queue; past it the hasher is busy, and the server says 503 Retry-After")
    func boundedHashing() async throws {
        let hasher = PasswordHasher(cost: 10, slots: 1, waiting: 1)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask { (try? await hasher.hash("correct horse battery")) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        // One runs, one waits; the others find both places taken (they all start at once).
        #expect(outcomes.filter { $0 }.count >= 2)
        #expect(outcomes.contains(false))
        #expect(try await hasher.hash("afterwards it is free").hasPrefix("$2"))
    }

    @Test("registrations and anonymous accounts from one address are throttled; other addresses go on")
    func accountFloods() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.registrationsPerAddress = .init(3, per: 3600)
            $0.throttle.anonymousAccountsPerAddress = .init(2, per: 3600)
        }
        try await ServerHarness.run(transport: .live, configure: limits) { server in
            var registrations: [(status: Int, body: String, head: String)] = []
            for index in 1...5 {
                registrations.append(
                    await (try RawConnection(port: server.port, from: "127.0.0.2")).exchange(
                        "POST", "/api/v1/accounts", json: #"{"login": "flood\#(index)", "password": "long enough"}"#))
            }
            #expect(registrations.map(\.status) == [201, 201, 201, 429, 429])
            #expect(registrations[3].body.contains("too many registrations from this address"))
            _ = try await server.registered("neighbour")

            var anonymous: [Int] = []
            for _ in 0..<3 {
                anonymous.append(
                    await (try RawConnection(port: server.port, from: "127.0.0.3")).exchange(
                        "POST", "/api/v1/sessions/anonymous"
                    ).status)
            }
            #expect(anonymous == [201, 201, 429])
            _ = try await server.anonymous()
        }
    }

    @Test("an account adds receipts within its hourly and daily counts; the next waits with 429; others go on")
    func addLimit() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.receiptsAddedPerHour = .init(3, per: 3600)
            $0.throttle.receiptsAddedPerDay = .init(4, per: 86_400)
        }
        try await ServerHarness.run(transport: .live, configure: limits) { server in
            let flooder = try await server.anonymous()
            var statuses: [HTTPResponse.Status] = []
            for i in 1...4 {
                statuses.append(
                    try await flooder.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i))).status
                )
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests])
            let refused = try await flooder.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(5)))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.text.contains("this account has added too many receipts"))
            let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect(wait > 3000 && wait <= 3600)
            // A registered account, from the same address, is not held back.
            let other = try await server.registered("neighbour")
            #expect(
                try await other.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(1))).status
                    == .created)
        }
    }

    @Test(
        "anonymous accounts opened from one address share its adds: a second account does not start a fresh count; another address does"
    )
    func anonymousAddsPerAddress() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.receiptsAddedPerHour = .init(3, per: 3600)
            $0.throttle.receiptsAddedPerDay = .init(10, per: 86_400)
        }
        try await ServerHarness.run(transport: .live, configure: limits) { server in
            /// Opens an anonymous account from `address`: its session cookie, as a `Cookie` header.
            func open(from address: String) async throws -> String {
                let opened = await (try RawConnection(port: server.port, from: address)).exchange(
                    "POST", "/api/v1/sessions/anonymous")
                #expect(opened.status == 201, "\(opened.body)")
                let line = try #require(
                    opened.head.split(separator: "\r\n").first {
                        $0.lowercased().hasPrefix("set-cookie: \(APIContract.sessionCookie)=")
                    })
                return String(line.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
            }
            func add(_ cookie: String, from address: String, _ index: Int) async throws -> Int {
                await (try RawConnection(port: server.port, from: address)).exchange(
                    "POST", "/api/v1/receipts", json: #"{"qr": "\#(FeedTests.payload(index))"}"#,
                    headers: ["Cookie": cookie]
                ).status
            }
            let first = try await open(from: "127.0.0.5")
            let second = try await open(from: "127.0.0.5")
            // 2 adds by the first and 1 by the second fill the address's 3 an hour: the second's next
            // waits (before, each account had 3 of its own and this was 201).
            #expect(try await add(first, from: "127.0.0.5", 1) == 201)
            #expect(try await add(first, from: "127.0.0.5", 2) == 201)
            #expect(try await add(second, from: "127.0.0.5", 3) == 201)
            #expect(try await add(second, from: "127.0.0.5", 4) == 429)
            // An anonymous account adding from another address counts there.
            let elsewhere = try await open(from: "127.0.0.6")
            #expect(try await add(elsewhere, from: "127.0.0.6", 5) == 201)
        }
    }
}
