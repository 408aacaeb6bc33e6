import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptServerTesting
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// Behind a load balancer every connection comes from the balancer: the client's address is
/// believed from the header the proxy writes (`X-Forwarded-For`, or `Forwarded` when set so) only
/// when the balancer is a trusted proxy, and
/// requests that name a host the server does not answer for are refused. The balancer here is
/// 127.0.0.2, a client that connects itself 127.0.0.3 (Linux routes all of 127/8 to loopback).
@Suite("Server: trusted proxies and the Host header", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ProxyTests {
    static let wrong = #"{"login": "erin", "password": "not her password"}"#

    /// Two failed logins of erin from one address are all it may make (pair limit 2 in 5 minutes).
    static func strict(_ settings: inout ServerSettings) {
        settings.throttle.failedLoginsPerAddress = .init(2, per: 300)
    }

    static func login(_ port: Int, from peer: String, _ headers: [String: String]) async throws -> Int {
        await (try RawConnection(port: port, from: peer)).exchange(
            "POST", "/api/v1/sessions", json: wrong, headers: headers
        ).status
    }

    @Test("without a trusted proxy, the header is ignored: every client behind the balancer is one address")
    func untrusted() async throws {
        let configure: (inout ServerSettings) -> Void = { Self.strict(&$0) }
        try await ServerHarness.run(transport: .live, configure: configure) { server in
            _ = try await server.registered("erin")
            var statuses: [Int] = []
            for client in ["203.0.113.7", "203.0.113.8", "203.0.113.9"] {
                statuses.append(try await Self.login(server.port, from: "127.0.0.2", ["X-Forwarded-For": client]))
            }
            // Three different clients, but all counted as 127.0.0.2: the third is refused.
            #expect(statuses == [401, 401, 429])
        }
    }

    @Test("a trusted proxy's header names the client: the right-most address it did not write itself")
    func trusted() async throws {
        let configure: (inout ServerSettings) -> Void = {
            Self.strict(&$0)
            $0.trustedProxies = [AddressRange("127.0.0.2/32")].compactMap { $0 }
        }
        try await ServerHarness.run(transport: .live, configure: configure) { server in
            _ = try await server.registered("erin")
            let port = server.port
            // 203.0.113.7 fails twice and is then refused …
            #expect(try await Self.login(port, from: "127.0.0.2", ["X-Forwarded-For": "203.0.113.7"]) == 401)
            #expect(try await Self.login(port, from: "127.0.0.2", ["X-Forwarded-For": "203.0.113.7"]) == 401)
            #expect(try await Self.login(port, from: "127.0.0.2", ["X-Forwarded-For": "203.0.113.7"]) == 429)
            // … also when it writes another address on the left (the proxy appends the real one) …
            #expect(
                try await Self.login(port, from: "127.0.0.2", ["X-Forwarded-For": "198.51.100.1, 203.0.113.7"]) == 429)
            // … while another client behind the same proxy goes on.
            #expect(try await Self.login(port, from: "127.0.0.2", ["X-Forwarded-For": "203.0.113.8"]) == 401)
            // A chain through the trusted proxy twice still ends at the client.
            #expect(
                try await Self.login(port, from: "127.0.0.2", ["X-Forwarded-For": "203.0.113.7, 127.0.0.2"]) == 429)
            // `Forwarded` is not read (the proxy writes X-Forwarded-For and passes this one on from
            // the client): 203.0.113.7 cannot get out by naming someone else in it.
            let both = ["X-Forwarded-For": "203.0.113.7", "Forwarded": "for=198.51.100.77"]
            #expect(try await Self.login(port, from: "127.0.0.2", both) == 429)
            // A client that connects itself cannot pretend to be someone else: 127.0.0.3 is no proxy.
            #expect(try await Self.login(port, from: "127.0.0.3", ["X-Forwarded-For": "192.0.2.1"]) == 401)
            #expect(try await Self.login(port, from: "127.0.0.3", ["X-Forwarded-For": "192.0.2.2"]) == 401)
            #expect(try await Self.login(port, from: "127.0.0.3", ["X-Forwarded-For": "192.0.2.3"]) == 429)
        }
    }

    @Test("--forwarded-header forwarded: RFC 7239 names the client (IPv6 by its /64); X-Forwarded-For is not read")
    func forwardedHeader() async throws {
        let configure: (inout ServerSettings) -> Void = {
            Self.strict(&$0)
            $0.trustedProxies = [AddressRange("127.0.0.2/32")].compactMap { $0 }
            $0.forwardedHeader = .forwarded
        }
        try await ServerHarness.run(transport: .live, configure: configure) { server in
            _ = try await server.registered("erin")
            let port = server.port
            // IPv6 with a port: counted by its /64, so a neighbour address of the same /64 shares the
            // count; X-Forwarded-For beside it, a new address each time, changes nothing.
            let v6 = ["Forwarded": #"for="[2001:db8:cafe::17]:4711";proto=https"#, "X-Forwarded-For": "192.0.2.1"]
            let neighbour = ["Forwarded": #"for="[2001:db8:cafe::99]""#, "X-Forwarded-For": "192.0.2.2"]
            #expect(try await Self.login(port, from: "127.0.0.2", v6) == 401)
            #expect(try await Self.login(port, from: "127.0.0.2", neighbour) == 401)
            #expect(
                try await Self.login(
                    port, from: "127.0.0.2", ["Forwarded": "for=[2001:db8:cafe::17]", "X-Forwarded-For": "192.0.2.3"])
                    == 429)
            // The right-most hop the trusted proxy did not write itself.
            let chain = ["Forwarded": "for=198.51.100.1, for=[2001:db8:cafe::5], for=127.0.0.2"]
            #expect(try await Self.login(port, from: "127.0.0.2", chain) == 429)
            #expect(try await Self.login(port, from: "127.0.0.2", ["Forwarded": "for=203.0.113.9"]) == 401)
        }
    }

    @Test("cookies are Secure when the client reached a trusted proxy over https, and only then")
    func secureCookie() async throws {
        let configure: (inout ServerSettings) -> Void = {
            $0.trustedProxies = [AddressRange("127.0.0.2")].compactMap { $0 }
        }
        try await ServerHarness.run(transport: .live, configure: configure) { server in
            func cookie(from peer: String, _ headers: [String: String]) async throws -> String {
                let answer = await (try RawConnection(port: server.port, from: peer)).exchange(
                    "POST", "/api/v1/sessions/anonymous", headers: headers)
                #expect(answer.status == 201)
                return answer.head
            }
            let https = try await cookie(from: "127.0.0.2", ["X-Forwarded-Proto": "https"])
            #expect(https.lowercased().contains("set-cookie: receipts_session=") && https.contains("Secure"))
            // `Forwarded` is a client's, passed on: its proto means nothing by default.
            let forwarded = try await cookie(
                from: "127.0.0.2", ["Forwarded": "for=203.0.113.7;proto=https", "X-Forwarded-Proto": "http"])
            #expect(!forwarded.contains("Secure"))
            let plain = try await cookie(from: "127.0.0.2", ["X-Forwarded-Proto": "http"])
            #expect(!plain.contains("Secure"))
            // The same header from a peer that is no proxy means nothing.
            let forged = try await cookie(from: "127.0.0.3", ["X-Forwarded-Proto": "https"])
            #expect(!forged.contains("Secure"))
        }
        let forwardedOnly: (inout ServerSettings) -> Void = {
            $0.trustedProxies = [AddressRange("127.0.0.2")].compactMap { $0 }
            $0.forwardedHeader = .forwarded
        }
        try await ServerHarness.run(transport: .live, configure: forwardedOnly) { server in
            func cookie(_ headers: [String: String]) async throws -> String {
                await (try RawConnection(port: server.port, from: "127.0.0.2")).exchange(
                    "POST", "/api/v1/sessions/anonymous", headers: headers
                ).head
            }
            // With --forwarded-header forwarded, the client's hop's proto, and X-Forwarded-Proto not.
            let https = try await cookie(["Forwarded": "for=203.0.113.7;proto=https"])
            #expect(https.contains("Secure"))
            let claimed = try await cookie(["Forwarded": "for=203.0.113.7", "X-Forwarded-Proto": "https"])
            #expect(!claimed.contains("Secure"))
        }
    }

    @Test("a Host naming another site is refused with 421 (DNS rebinding); addresses, localhost and allowed names pass")
    func hostHeader() async throws {
        let configure: (inout ServerSettings) -> Void = { $0.allowedHosts = ["Receipts.Example.org"] }
        try await ServerHarness.run(transport: .live, configure: configure) { server in
            func health(_ host: String) async throws -> (status: Int, body: String, head: String) {
                await (try RawConnection(port: server.port)).exchange("GET", "/health", headers: ["Host": host])
            }
            let rebound = try await health("attacker.example:\(server.port)")
            #expect(rebound.status == 421)
            #expect(rebound.body.contains("host_not_allowed") && rebound.body.contains("--allowed-host"))
            #expect(try await health("127.0.0.1:\(server.port)").status == 200)
            #expect(try await health("[::1]:\(server.port)").status == 200)
            #expect(try await health("localhost").status == 200)
            #expect(try await health("receipts.example.org").status == 200)
            #expect(try await health("RECEIPTS.example.org.:443").status == 200)
            #expect(try await health("receipts.example.org.attacker.example").status == 421)
        }
    }

    @Test("CIDR blocks: IPv4 and IPv6, lone addresses, v4-mapped peers; nonsense refused")
    func ranges() throws {
        let ten = try #require(AddressRange("10.0.0.0/8"))
        #expect(ten.contains("10.200.3.4") && ten.contains("::ffff:10.1.1.1") && !ten.contains("11.0.0.1"))
        #expect(!ten.contains("2001:db8::1") && !ten.contains("unknown"))
        let six = try #require(AddressRange("2001:db8:cafe::/48"))
        #expect(six.contains("2001:db8:cafe:1::5") && !six.contains("2001:db8:caff::1"))
        #expect(AddressRange("192.0.2.77")?.description == "192.0.2.77/32")
        #expect(AddressRange("10.9.8.7/8")?.description == "10.0.0.0/8")
        #expect(AddressRange("10.0.0.0/12")?.contains("10.15.255.255") == true)
        #expect(AddressRange("10.0.0.0/12")?.contains("10.16.0.0") == false)
        #expect(AddressRange("0.0.0.0/0")?.contains("203.0.113.1") == true)
        for bad in ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/+8", "example.org", "", "10.0.0/8", "1.2.3.4/٨"] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
    }
}
