import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptServer
import ReceiptTesting
import Testing

/// Throttling slows down whoever floods, not the people they aim at: failed logins count per login
/// and address (with a slower cap per login), accounts per address. The other addresses are
/// 127.0.0.2, 127.0.0.3, …: Linux routes the whole of 127/8 to loopback.
@Suite("Server: throttling by login and address")
struct ThrottleTests {
    static let wrong = #"{"login": "erin", "password": "not her password"}"#
    static let right = #"{"login": "erin", "password": "correct horse battery"}"#

    static func attempt(_ port: Int, from address: String, _ body: String) async throws -> Int {
        await (try RawConnection(port: port, from: address)).exchange("POST", "/api/v1/sessions", json: body).status
    }

    @Test("an attacker's wrong passwords from one address do not stop the owner logging in from another")
    func attackerSlowsOnlyThemself() async throws {
        try await ServerHarness.run { server in
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

    @Test("failed logins from many addresses together stop at the slower cap per login")
    func globalCapPerLogin() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.failedLoginsPerAddress = .init(3, per: 300)
            $0.throttle.failedLoginsPerLogin = .init(7, per: 3600)
        }
        try await ServerHarness.run(configure: limits) { server in
            _ = try await server.registered("erin")
            var statuses: [Int] = []
            for address in ["127.0.0.2", "127.0.0.3", "127.0.0.4"] {
                for _ in 0..<3 { statuses.append(try await Self.attempt(server.port, from: address, Self.wrong)) }
            }
            #expect(statuses == [401, 401, 401, 401, 401, 401, 401, 429, 429])
            // The cap holds for every address, the owner's too, until the hour is out.
            let owner = try await server.client().post(
                "/api/v1/sessions", json: Credentials(login: "erin", password: "correct horse battery"))
            #expect(owner.status == .tooManyRequests)
            #expect(Int(owner.headers[.retryAfter] ?? "") ?? 0 > 3000)
            // Another login is not touched.
            _ = try await server.registered("frank")
        }
    }

    @Test("registrations and anonymous accounts from one address are throttled; other addresses go on")
    func accountFloods() async throws {
        let limits: (inout ServerSettings) -> Void = {
            $0.throttle.registrationsPerAddress = .init(3, per: 3600)
            $0.throttle.anonymousAccountsPerAddress = .init(2, per: 3600)
        }
        try await ServerHarness.run(configure: limits) { server in
            var registrations: [(status: Int, body: String)] = []
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
}
