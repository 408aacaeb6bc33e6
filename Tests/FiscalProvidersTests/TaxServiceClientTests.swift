import FiscalProviders
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptServerTesting
import ReceiptTesting
import Synchronization
import Testing

@Suite("The tax service's mobile API, against its stand-in", .timeLimit(.minutes(20)))
struct TaxServiceClientTests {
    static let phone = "+79991234567"
    static let inn = "500100732259"
    static var until: LocalDateTime { get throws { try LocalDateTime(year: 2026, month: 11, day: 20, hour: 12) } }

    /// A client of the stand-in at `url`, giving up after `budget` seconds, with no waits between looks at a ticket
    /// but the ones given; `kept` hears every session opened or renewed.
    static func client(
        _ url: URL, session: TaxServiceSession? = nil, environment: [String: String] = [:],
        polls: [Duration] = [.milliseconds(20), .milliseconds(20), .milliseconds(20)],
        kept: SessionLog? = nil, budget: Double = 30
    ) -> TaxServiceClient {
        var settings = TaxServiceSettings(server: url, environment: environment)
        settings.pollDelays = polls
        return TaxServiceClient(
            settings: settings, session: session, deviceID: "0123456789abcdef",
            // Generous by default: the stand-in answers from this process, which other tests keep busy.
            retry: RetryPolicy(initialDelay: 0.01, maximumDelay: 0.05, budget: budget, requestTimeout: budget),
            keep: { session in kept?.sessions.withLock { $0.append(session) } })
    }

    static func standIn() -> TaxServiceStandIn {
        TaxServiceStandIn(accounts: [
            TaxServiceStandIn.Account(phone: phone), TaxServiceStandIn.Account(inn: inn, password: "секрет-1"),
        ])
    }

    @Test("SMS sign-in: the code is sent, a wrong one refused in the service's words, the right one opens a session")
    func sms() async throws {
        let service = Self.standIn()
        try await service.run { url in
            let client = Self.client(url)
            let phone = try #require(PhoneNumber("8 (999) 123-45-67"))
            try await client.requestCode(phone: phone)
            let code = try #require(service.smsCode(for: Self.phone))
            await #expect(throws: ProviderError.signInRefused(detail: "Указан неверный код подтверждения")) {
                _ = try await client.verify(phone: phone, code: "0000")
            }
            let session = try await client.verify(phone: phone, code: code)
            #expect(session.phone == Self.phone && session.deviceID == "0123456789abcdef")
            #expect(try await client.tickets().isEmpty)

            // A code used too late is refused, and is used up.
            service.update { $0.smsCodeLifetime = .zero }
            try await client.requestCode(phone: phone)
            let late = try #require(service.smsCode(for: Self.phone))
            try await Task.sleep(for: .milliseconds(10))
            await #expect(
                throws: ProviderError.signInRefused(detail: "Срок действия кода подтверждения истёк, запросите новый")
            ) { _ = try await client.verify(phone: phone, code: late) }
            await #expect(throws: ProviderError.signInRefused(detail: "Указан неверный код подтверждения")) {
                _ = try await client.verify(phone: phone, code: late)
            }
        }
        // What every public client sends: device headers always, JSON bodies with the secret, the session.
        let requests = service.requests
        #expect(requests.count == 7)
        for request in requests {
            #expect(request.headers["device-os"] == "Android" && request.headers["device-id"] == "0123456789abcdef")
            #expect(request.headers["clientversion"] != nil && request.headers["user-agent"] != nil)
        }
        let sent = try #require(
            try JSONSerialization.jsonObject(with: requests[0].body) as? [String: String])
        #expect(sent == ["phone": Self.phone, "client_secret": "IyvrAbKt9h/8p6a7QPh8gpkXYQ4=", "os": "Android"])
        #expect(requests[0].headers["content-type"] == "application/json")
        #expect(requests[3].headers["sessionid"]?.hasPrefix("session-") == true)
        #expect(requests[0].headers["sessionid"] == nil)
    }

    @Test("INN and password sign-in; a wrong password is refused; a refused client version is told apart")
    func password() async throws {
        let service = Self.standIn()
        try await service.run { url in
            let inn = try TaxpayerNumber(Self.inn)
            await #expect(throws: ProviderError.signInRefused(detail: "Неверный ИНН или пароль")) {
                _ = try await Self.client(url).signIn(inn: inn, password: "нет")
            }
            let session = try await Self.client(url).signIn(inn: inn, password: "секрет-1")
            #expect(session.inn == Self.inn && session.phone == nil)
            service.update { $0.refusedClientVersions = ["2.9.0"] }
            let refused = await #expect(throws: ProviderError.self) {
                _ = try await Self.client(url).signIn(inn: inn, password: "секрет-1")
            }
            guard case .clientRefused(422, _) = refused else {
                Issue.record("expected 422 as the client refused, got \(String(describing: refused))")
                return
            }
            let newer = Self.client(url, environment: ["RECEIPTS_FNS_CLIENT_VERSION": "2.28.1"])
            #expect(try await newer.signIn(inn: inn, password: "секрет-1").inn == Self.inn)
        }
        #expect(service.requests.last?.headers["clientversion"] == "2.28.1")
    }

    @Test("a session that ends mid-way is renewed once with the rotated refresh token; a dead token says sign in")
    func renewal() async throws {
        let service = Self.standIn()
        service.know(StandInReceipts.sample(count: 3, until: try Self.until), inAccount: 0)
        try await service.run { url in
            let kept = SessionLog()
            let client = Self.client(url, kept: kept)
            try await client.requestCode(phone: try #require(PhoneNumber(Self.phone)))
            let first = try await client.verify(
                phone: try #require(PhoneNumber(Self.phone)), code: #require(service.smsCode(for: Self.phone)))
            service.endSessions()
            #expect(try await client.tickets().count == 3)
            let renewed = try #require(client.currentSession)
            #expect(renewed.sessionID != first.sessionID && renewed.refreshToken != first.refreshToken)
            #expect(kept.sessions.withLock { $0 }.map(\.sessionID) == [first.sessionID, renewed.sessionID])
            #expect(renewed.phone == Self.phone)

            // The old refresh token was used up by the renewal: 498, and the person signs in again.
            let stale = Self.client(url, session: first)
            service.endSessions()
            await #expect(throws: ProviderError.sessionEnded) { _ = try await stale.tickets() }

            // A 401 is followed by one renewal and one more try, never a loop.
            let before = service.requests.count
            service.endSessions()
            await #expect(throws: ProviderError.sessionEnded) { _ = try await stale.tickets() }
            #expect(service.requests.count - before == 2)
        }
    }

    @Test("a token from the app opens a session; an unknown one is 498, a session ended")
    func refreshToken() async throws {
        let service = Self.standIn()
        try await service.run { url in
            let token = service.issueRefreshToken(account: 1)
            let session = try await Self.client(url).signIn(refreshToken: token)
            #expect(session.refreshToken != token)
            await #expect(throws: ProviderError.sessionEnded) {
                _ = try await Self.client(url).signIn(refreshToken: token)
            }
        }
    }

    @Test("a receipt handed over by QR is ready on the third look; final statuses and 404 are final answers")
    func tickets() async throws {
        let service = Self.standIn()
        let receipts = StandInReceipts.sample(count: 3, until: try Self.until)
        service.know(Array(receipts.prefix(2)))
        service.refuse(receipts[1].identity, status: 15)
        service.update { $0.looksUntilReady = 3 }
        try await service.run { url in
            let token = service.issueRefreshToken(account: 0)
            let client = Self.client(url)
            _ = try await client.signIn(refreshToken: token)
            let looksBefore = service.requests.filter { $0.path.hasPrefix("/v2/tickets/") }.count
            let answer = try await client.document(for: try receipts[0].fiscalCode)
            #expect(answer == .document(receipts[0]))
            #expect(service.requests.filter { $0.path.hasPrefix("/v2/tickets/") }.count - looksBefore == 3)

            guard case .invalid(let reason) = try await client.document(for: try receipts[1].fiscalCode) else {
                Issue.record("a final status is an invalid receipt")
                return
            }
            #expect(reason.contains("15"))
            guard case .invalid = try await client.document(for: try receipts[2].fiscalCode) else {
                Issue.record("a receipt the service does not know is invalid")
                return
            }
            #expect(try await client.ticket(id: "no-such-ticket") == nil)

            // Fewer looks than the check takes: not yet, asked again on a later run.
            let impatient = Self.client(url, session: client.currentSession, polls: [.milliseconds(10)])
            let fresh = StandInReceipts.sample(count: 4, seed: 99, until: try Self.until)[3]
            service.know([fresh])
            #expect(try await impatient.document(for: try fresh.fiscalCode) == .notYet)
            #expect(try await impatient.document(for: try fresh.fiscalCode) == .document(fresh))
        }
    }

    @Test("the daily limit is 429 until midnight UTC; transient 5xx are retried; gzip and plain-text errors are read")
    func limitsAndBodies() async throws {
        let service = Self.standIn()
        let receipts = StandInReceipts.sample(count: 3, until: try Self.until)
        service.know(receipts, inAccount: 0)
        service.update {
            $0.dailyLimit = 2
            $0.gzip = true
        }
        try await service.run { url in
            let client = Self.client(url)
            _ = try await client.signIn(refreshToken: service.issueRefreshToken(account: 0))
            let ids = service.ticketIDs(account: 0)
            service.failNext([503, 502])
            #expect(try await client.ticket(id: ids[0])?.receipt == receipts[0])
            #expect(try await client.ticket(id: ids[1])?.receipt == receipts[1])
            let limit = await #expect(throws: ProviderError.self) { _ = try await client.ticket(id: ids[2]) }
            guard case .limited(.fns, let until) = limit else {
                Issue.record("expected the daily limit, got \(String(describing: limit))")
                return
            }
            let midnight = try #require(until).timeIntervalSince1970
            #expect(midnight.truncatingRemainder(dividingBy: 86_400) == 0 && midnight > Date().timeIntervalSince1970)
            #expect(limit?.message(in: .russian).contains("UTC") == true)
            service.newDay()
            #expect(try await client.ticket(id: ids[2])?.receipt == receipts[2])
            // An error body, gzip-encoded plain text, read as the service's words.
            await #expect(throws: ProviderError.signInRefused(detail: "Неверный ИНН или пароль")) {
                _ = try await client.signIn(inn: try TaxpayerNumber(Self.inn), password: "x")
            }
        }
        #expect(service.requests.allSatisfy { $0.headers["accept-encoding"]?.contains("gzip") == true })
    }

    @Test("a malformed document fails that receipt with its reason; the tickets' identities come from query")
    func malformed() async throws {
        let service = Self.standIn()
        let receipts = StandInReceipts.sample(count: 4, until: try Self.until)
        service.know(receipts, inAccount: 0)
        service.breakDocument(receipts[0].identity)
        try await service.run { url in
            let client = Self.client(url)
            _ = try await client.signIn(refreshToken: service.issueRefreshToken(account: 0))
            let tickets = try await client.tickets()
            #expect(tickets.map(\.identity) == receipts.map(\.identity))
            #expect(tickets.allSatisfy { $0.stage == .ready })
            let broken = await #expect(throws: ProviderError.self) { _ = try await client.ticket(id: tickets[0].id) }
            guard case .badAnswer(let detail) = broken else {
                Issue.record("expected a bad answer, got \(String(describing: broken))")
                return
            }
            #expect(
                detail
                    == .badReceipt(
                        .badReceipt(index: 1, problem: .invalid(field: "totalSum", reason: .notAWholeNumber))))
            #expect(
                broken?.message(in: .russian)
                    == "сервис ответил не по протоколу: чек №1: поле totalSum: должно быть целым числом")
            // Unix seconds with the shop-local time beside them (Vladivostok's receipt keeps its own
            // time), padded INNs trimmed, fractional quantities whole.
            for index in 1..<4 {
                let whole = try #require(try await client.ticket(id: tickets[index].id)?.receipt)
                #expect(whole == receipts[index] && whole.sellerINN?.count == 10)
            }
        }
    }

    @Test("a service that does not answer is unreachable, named, after the retry budget")
    func unreachable() async throws {
        let client = Self.client(try #require(URL(string: "http://127.0.0.1:9")), budget: 2)
        let error = await #expect(throws: ProviderError.self) {
            _ = try await client.signIn(refreshToken: "whatever")
        }
        #expect(error?.message(in: .english).contains("http://127.0.0.1:9 does not answer") == true)
    }
}

/// The sessions a client was given to keep, in order.
final class SessionLog: Sendable {
    let sessions = Mutex<[TaxServiceSession]>([])
}
