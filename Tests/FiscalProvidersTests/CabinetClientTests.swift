import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptNetwork
import ReceiptServerTesting
import ReceiptTesting
import Synchronization
import Testing

/// «Мои чеки онлайн» as the client meets it: its stand-in on a loopback port.
@Suite("«Мои чеки онлайн», against its stand-in", .timeLimit(.minutes(20)))
struct CabinetClientTests {
    static let phone = "+79991234567"

    /// Every session the client opened or renewed, in order.
    final class Kept: Sendable {
        let sessions = Mutex<[CabinetSession]>([])
    }

    static func client(_ url: URL, session: CabinetSession? = nil, kept: Kept? = nil, budget: Double = 30)
        -> CabinetClient
    {
        CabinetClient(
            server: url, session: session, deviceID: "wby1adVqWfZHBVFAzUfX8",
            retry: RetryPolicy(initialDelay: 0.01, maximumDelay: 0.05, budget: budget, requestTimeout: budget),
            keep: { session in kept?.sessions.withLock { $0.append(session) } })
    }

    /// A signed-in client of `service` at `url`.
    static func signedIn(_ url: URL, kept: Kept? = nil, budget: Double = 30) async throws -> CabinetClient {
        let client = Self.client(url, kept: kept, budget: budget)
        let phone = try #require(PhoneNumber(Self.phone))
        let challenge = try await client.requestCode(phone: phone)
        _ = try await client.verify(phone: phone, challenge: challenge, code: "123456")
        return client
    }

    @Test(
        "signing in: a captcha asked for is said so, a wrong code refused in the cabinet's words, the right one opens a session"
    )
    func signIn() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        try await service.run { url in
            let kept = Kept()
            let client = Self.client(url, kept: kept)
            let phone = try #require(PhoneNumber("8 999 123-45-67"))
            service.update { $0.captcha = true }
            await #expect(throws: CabinetError.captchaRequired) { _ = try await client.requestCode(phone: phone) }
            service.update { $0.captcha = false }
            let challenge = try await client.requestCode(phone: phone)
            await #expect(throws: CabinetError.signInRefused(detail: "code.invalid: Неверный код")) {
                _ = try await client.verify(phone: phone, challenge: challenge, code: "000000")
            }
            let session = try await client.verify(phone: phone, challenge: challenge, code: "123456")
            #expect(session.deviceID == "wby1adVqWfZHBVFAzUfX8" && session.phone == "79991234567")
            #expect(session.tokenExpires.map { $0 > Date() } == true)
            #expect(kept.sessions.withLock { $0 } == [session])
            // The device went with every sign-in call, the phone as digits.
            let start = try #require(service.requests.first { $0.path.hasSuffix("/sms/start") })
            let body = try #require(try JSONSerialization.jsonObject(with: start.body) as? [String: Any])
            #expect(body["phone"] as? String == "79991234567")
            #expect((body["deviceInfo"] as? [String: Any])?["sourceDeviceId"] as? String == "wby1adVqWfZHBVFAzUfX8")
        }
    }

    @Test("23 receipts in pages of 10: three pages, hasMore false on the last; each document as the cabinet holds it")
    func pages() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        let receipts = StandInReceipts.sample(count: 23, until: try LocalDateTime(year: 2026, month: 11, day: 25))
        service.hold(receipts)
        try await service.run { url in
            let client = try await Self.signedIn(url)
            var keys: [String] = []
            var offset = 0
            var pages: [Int] = []
            while true {
                let page = try await client.page(offset: offset)
                pages.append(page.entries.count)
                keys += page.entries.map(\.key)
                offset += page.entries.count
                if !page.hasMore { break }
            }
            // 10 + 10 + 3, every receipt once, newest first.
            #expect(pages == [10, 10, 3] && Set(keys).count == 23 && keys == service.keys)
            for key in keys.prefix(5) {
                guard case .receipt(let receipt) = try await client.document(key: key) else {
                    Issue.record("no document for \(key)")
                    continue
                }
                let held = try #require(receipts.first { $0.identity == receipt.identity })
                // The same receipt, money back in kopecks to the last one, lines and all.
                #expect(receipt.total == held.total && receipt.items.map(\.sum) == held.items.map(\.sum))
                #expect(receipt.dateTime == held.dateTime && receipt.sellerINN == held.sellerINN)
            }
            service.loseDocument(keys[0])
            #expect(try await client.document(key: keys[0]) == .unavailable)
            // Days asked for: the list keeps to them.
            let day = receipts[0].dateTime
            let that = try await client.page(offset: 0, limit: 100, from: day, to: day)
            #expect(that.entries.allSatisfy { $0.dateTime.isoDate == day.isoDate } && !that.entries.isEmpty)
        }
    }

    @Test("429 with Retry-After: 2 is waited out; 503 retried; 422 on the list says a choice is needed in the cabinet")
    func refusals() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        service.hold(StandInReceipts.sample(count: 3, until: try LocalDateTime(year: 2026, month: 11, day: 25)))
        try await service.run { url in
            let client = try await Self.signedIn(url)
            service.limitNext(1, retryAfter: 2)
            let clock = ContinuousClock()
            let started = clock.now
            #expect(try await client.page(offset: 0).entries.count == 3)
            // Not sooner than the cabinet asked (a correctness bound, not a speed one).
            #expect(started.duration(to: clock.now) >= .seconds(2))
            service.failNext(2)
            #expect(try await client.page(offset: 0).entries.count == 3)
            service.update { $0.actionNeeded = true }
            await #expect(throws: CabinetError.actionNeeded) { _ = try await client.page(offset: 0) }
            #expect(CabinetError.actionNeeded.message(in: .russian).contains("Настройки отображения данных"))
        }
    }

    @Test("an ended token is renewed once with the refresh token, which rotates; a used one no longer works")
    func renewal() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        try await service.run { url in
            let kept = Kept()
            let client = try await Self.signedIn(url, kept: kept)
            let first = try #require(client.currentSession)
            service.endTokens()
            #expect(try await client.page(offset: 0).entries.isEmpty)
            let renewed = try #require(client.currentSession)
            #expect(renewed.refreshToken != first.refreshToken && kept.sessions.withLock { $0.count } == 2)
            // The old refresh token was used up: a client still holding it must sign in again.
            let stale = Self.client(url, session: first)
            service.endTokens()
            await #expect(throws: CabinetError.sessionEnded) { _ = try await stale.page(offset: 0) }
            // A session from another device is not renewed either.
            var other = renewed
            other.deviceID = "another-device-000000"
            service.endTokens()
            await #expect(throws: CabinetError.sessionEnded) {
                _ = try await Self.client(url, session: other).page(offset: 0)
            }
            await #expect(throws: CabinetError.notSignedIn) { _ = try await Self.client(url).page(offset: 0) }
        }
    }
}
