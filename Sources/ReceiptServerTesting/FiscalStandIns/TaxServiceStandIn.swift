public import Foundation
public import ReceiptCore
import Synchronization

/// A stand-in for the tax service's mobile API (the one its app «Проверка чеков» uses), written
/// from the protocol as the public clients describe it, for tests that cannot reach the real one.
///
/// It keeps to that description, errors included: device headers on every call; a `client_secret`
/// in the sign-in bodies; SMS codes and the personal account's INN and password; sessions that end
/// (``endSessions()``) and refresh tokens that rotate, a used or unknown one answering 498; tickets
/// that are checked for a while before their document is ready; a daily limit of ticket requests
/// (429 until ``newDay()``); plain-text error bodies; gzip answers when asked for
/// (``Rules/gzip``); slowness (``Rules/latency``); transient 5xx (``failNext(_:)``).
public final class TaxServiceStandIn: Sendable {
    /// How the stand-in behaves; changed with ``update(_:)``.
    public struct Rules: Sendable {
        /// The `client_secret` the sign-in bodies must carry.
        public var clientSecret = "IyvrAbKt9h/8p6a7QPh8gpkXYQ4="
        /// `ClientVersion` values answered with 422.
        public var refusedClientVersions: Set<String> = []
        /// How many looks (`GET /v2/tickets/{id}`, or a listing of the account's tickets) a new ticket
        /// is checked for before its answer: with 3, the third look finds the document.
        public var looksUntilReady = 1
        /// Ticket requests (`POST /v2/ticket`, `GET /v2/tickets/{id}`) an account may make a day.
        public var dailyLimit = 10_000
        /// The final status a ticket of a receipt the service does not know ends in.
        public var unknownReceiptStatus = 4
        /// Answer gzip-encoded when the client accepts it.
        public var gzip = false
        /// Wait this long before every answer.
        public var latency: Duration = .zero
        /// How long an SMS code may be used; after that it is refused as expired.
        public var smsCodeLifetime: Duration = .seconds(300)
        /// Hears each SMS the service sends (the phone and the code), where a person trying the stand-in
        /// by hand reads it.
        public var sms: (@Sendable (_ phone: String, _ code: String) -> Void)?
        /// Rules as described.
        public init() {}
    }

    /// A person with an account: a phone for SMS sign-in, or an INN and the personal account's password.
    public struct Account: Sendable {
        /// `+7` and ten digits.
        public var phone: String?
        /// 12 digits.
        public var inn: String?
        /// The personal account's password.
        public var password: String?

        /// An account signing in by `phone`, or by `inn` and `password`.
        public init(phone: String? = nil, inn: String? = nil, password: String? = nil) {
            self.phone = phone
            self.inn = inn
            self.password = password
        }
    }

    struct Ticket {
        let id: String
        let account: Int
        let code: FiscalCode
        var looks: Int
    }

    struct State {
        var rules = Rules()
        var accounts: [Account] = []
        var documents: [FiscalIdentity: Receipt] = [:]
        var broken: Set<FiscalIdentity> = []
        var finalStatuses: [FiscalIdentity: Int] = [:]
        var smsCodes: [String: (code: String, sent: ContinuousClock.Instant)] = [:]
        var sessions: [String: (account: Int, device: String)] = [:]
        var refreshTokens: [String: Int] = [:]
        var tickets: [String: Ticket] = [:]
        var ticketOrder: [String] = []
        var requestsToday: [Int: Int] = [:]
        var failures: [Int] = []
        var log: [StandInRequest] = []
        var serial = 0

        mutating func newID(length: Int = 24) -> String {
            serial += 1
            let hex = String(serial, radix: 16)
            return String(repeating: "0", count: max(0, length - 8 - hex.count)) + "5f1e2d3c" + hex
        }
    }

    let state = Mutex(State())

    /// A stand-in with `accounts`, knowing no receipts yet.
    public init(accounts: [Account]) {
        state.withLock { $0.accounts = accounts }
    }

    // MARK: What tests set up and look at

    /// Changes the rules.
    public func update(_ change: (inout Rules) -> Void) {
        state.withLock { change(&$0.rules) }
    }

    /// The service knows these receipts' documents; with `account`, they are also tickets in that
    /// account already (scanned in the app or received by e-mail), checked and ready, or, when not
    /// `checked`, still to be looked at ``Rules/looksUntilReady`` times.
    public func know(_ receipts: [Receipt], inAccount account: Int? = nil, checked: Bool = true) {
        state.withLock { state in
            for receipt in receipts {
                state.documents[receipt.identity] = receipt
                guard let account, let code = try? receipt.fiscalCode else { continue }
                let id = state.newID()
                state.tickets[id] = Ticket(id: id, account: account, code: code, looks: checked ? 1_000_000 : 0)
                state.ticketOrder.append(id)
            }
        }
    }

    /// The document of `identity` is served malformed (its `totalSum` is not a number).
    public func breakDocument(_ identity: FiscalIdentity) {
        _ = state.withLock { $0.broken.insert(identity) }
    }

    /// The check of `identity` ends in `status` (a final answer, such as 15) instead of its document.
    public func refuse(_ identity: FiscalIdentity, status: Int) {
        state.withLock { $0.finalStatuses[identity] = status }
    }

    /// The code last sent by SMS to `phone`.
    public func smsCode(for phone: String) -> String? {
        state.withLock { $0.smsCodes[phone]?.code }
    }

    /// A refresh token of `account`, as the app would hold one.
    public func issueRefreshToken(account: Int) -> String {
        state.withLock { state in
            let token = "refresh-" + state.newID()
            state.refreshTokens[token] = account
            return token
        }
    }

    /// Every open session ends (a day has passed): the next call with one gets 401.
    public func endSessions() {
        state.withLock { $0.sessions.removeAll() }
    }

    /// The limit counts start again, as they do at midnight UTC.
    public func newDay() {
        state.withLock { $0.requestsToday.removeAll() }
    }

    /// How many ticket requests `account` has made today (they count against ``Rules/dailyLimit``).
    public func requestsToday(account: Int) -> Int {
        state.withLock { $0.requestsToday[account, default: 0] }
    }

    /// The next requests are answered with these statuses (503, 502 …) before anything else.
    public func failNext(_ statuses: [Int]) {
        state.withLock { $0.failures += statuses }
    }

    /// Every request seen, in order.
    public var requests: [StandInRequest] { state.withLock { $0.log } }

    /// The ids of `account`'s tickets, in the order they were made.
    public func ticketIDs(account: Int) -> [String] {
        state.withLock { state in state.ticketOrder.filter { state.tickets[$0]?.account == account } }
    }

    /// Runs the stand-in on a free loopback port for the length of `body`, which gets its address.
    public func run<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        try await StandInServer.run(
            latency: { [self] in self.state.withLock { $0.rules.latency } },
            gzip: { [self] in self.state.withLock { $0.rules.gzip } },
            routes: [
                ("POST", "/v2/auth/phone/request"), ("POST", "/v2/auth/phone/verify"),
                ("POST", "/v2/mobile/users/lkfl/auth"), ("POST", "/v2/mobile/users/refresh"), ("GET", "/v2/tickets"),
                ("GET", "/v2/tickets/:id"), ("POST", "/v2/ticket"),
            ],
            answer: { [self] request in self.state.withLock { $0.answer(request) } }, body)
    }
}
