public import Foundation
public import ReceiptCore
import Synchronization

/// A stand-in for «Мои чеки онлайн» (the tax service's web cabinet, lkdr), written from the
/// protocol as the public clients describe it (`POST` of JSON under `/api`), for tests that cannot
/// reach the real one.
///
/// It keeps to that description, errors included: a phone and an SMS code answering a challenge
/// that expires; a captcha asked for when ``Rules/captcha`` says so; access tokens that end
/// (``Rules/tokenLifetime``, 401 with the cabinet's words) and refresh tokens that rotate and belong
/// to the device that signed in; a list of pages of at most 100 receipts, newest first, filtered by
/// day, with `hasMore`; documents by the list's keys, 422 for one the cabinet no longer has; 422 on
/// the list while the cabinet waits for a choice (``Rules/actionNeeded``); 429 with `Retry-After`
/// (``limitNext(_:retryAfter:)``) and 503 (``failNext(_:)``); slowness (``Rules/latency``); and, to
/// try a client's guard, a list that answers every offset with its first page (``Rules/repeatPages``).
public final class CabinetStandIn: Sendable {
    /// How the stand-in behaves; changed with ``update(_:)``.
    public struct Rules: Sendable {
        /// The code every SMS brings.
        public var code = "123456"
        /// How long a challenge (an SMS code) may be answered.
        public var challengeLifetime: TimeInterval = 300
        /// How long an access token works.
        public var tokenLifetime: TimeInterval = 3_600
        /// Refuse to send a code without a captcha (`empty.captcha`), as the real cabinet now does.
        public var captcha = false
        /// Answer the list with 422 until a choice is made in the cabinet.
        public var actionNeeded = false
        /// Answer every offset of the list with its first page, `hasMore` true.
        public var repeatPages = false
        /// Wait this long before every answer.
        public var latency: Duration = .zero
        /// Rules as described.
        public init() {}
    }

    struct Entry {
        let key: String
        let receipt: Receipt
    }

    struct State {
        var rules = Rules()
        /// The account's phone (digits), and what it holds, newest first.
        let phone: String
        var entries: [Entry] = []
        var unavailable: Set<String> = []
        var challenges: [String: (phone: String, expires: Date)] = [:]
        var tokens: [String: Date] = [:]
        var refreshTokens: [String: String] = [:]
        var limited: (count: Int, retryAfter: Int) = (0, 0)
        var failures = 0
        var log: [StandInRequest] = []
    }

    let state: Mutex<State>

    /// A cabinet of the account whose phone is `phone` (`+79991234567`).
    public init(phone: String) {
        state = Mutex(State(phone: phone.filter(\.isNumber)))
    }

    /// Changes the rules.
    public func update(_ change: (inout Rules) -> Void) {
        state.withLock { change(&$0.rules) }
    }

    /// The cabinet holds these receipts (sent to the account's phone).
    public func hold(_ receipts: [Receipt]) {
        state.withLock { state in
            for receipt in receipts {
                let time = receipt.dateTime.iso.replacingOccurrences(of: "T", with: " ").prefix(19)
                let key = "\(state.phone)|1|\(time)|\(receipt.identity.i)|\(receipt.identity.fn)"
                state.entries.append(Entry(key: key, receipt: receipt))
            }
            state.entries.sort { ($0.receipt.dateTime.iso, $0.key) > ($1.receipt.dateTime.iso, $1.key) }
        }
    }

    /// The keys of the receipts held, newest first.
    public var keys: [String] { state.withLock { $0.entries.map(\.key) } }

    /// The cabinet lists the receipt of `key` but has lost its document.
    public func loseDocument(_ key: String) {
        _ = state.withLock { $0.unavailable.insert(key) }
    }

    /// The next `count` requests are answered 429 with `Retry-After: retryAfter`.
    public func limitNext(_ count: Int, retryAfter: Int) {
        state.withLock { $0.limited = (count, retryAfter) }
    }

    /// The next `count` requests are answered 503.
    public func failNext(_ count: Int) {
        state.withLock { $0.failures = count }
    }

    /// Ends every access token at once, as time would.
    public func endTokens() {
        state.withLock { $0.tokens.removeAll() }
    }

    /// Every request seen, in order.
    public var requests: [StandInRequest] { state.withLock { $0.log } }

    /// Runs the stand-in on a free loopback port for the length of `body`, which gets its base
    /// address (`http://127.0.0.1:PORT/api`).
    public func run<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let paths = [
            "/api/v2/auth/challenge/sms/start", "/api/v1/auth/challenge/sms/verify", "/api/v1/auth/token",
            "/api/v1/receipt", "/api/v1/receipt/fiscal_data",
        ]
        let under: @Sendable (URL) async throws -> T = { url in try await body(url.appendingPathComponent("api")) }
        return try await StandInServer.run(
            latency: { [self] in self.state.withLock { $0.rules.latency } }, gzip: { false },
            routes: paths.map { ("POST", $0) },
            answer: { [self] request in self.state.withLock { $0.answer(request) } }, under)
    }
}

extension CabinetStandIn.State {
    static func refusal(_ status: Int, _ code: String, _ message: String?) -> StandInAnswer {
        .json(
            ["code": code, "message": message.map { $0 as Any } ?? NSNull(), "additionalInfo": [:] as [String: Any]],
            status: status)
    }

    mutating func answer(_ request: StandInRequest) -> StandInAnswer {
        log.append(request)
        if limited.count > 0 {
            limited.count -= 1
            return StandInAnswer(
                status: 429, body: Data(#"{"code":"too.many.requests"}"#.utf8),
                contentType: "application/json", retryAfter: limited.retryAfter)
        }
        if failures > 0 {
            failures -= 1
            return .text(503, "Service Temporarily Unavailable")
        }
        guard (request.headers["content-type"] ?? "").hasPrefix("application/json"),
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
        else { return Self.refusal(400, "bad.request", "Некорректный запрос") }
        let now = Date()
        let device = ((body["deviceInfo"] as? [String: Any])?["sourceDeviceId"] as? String) ?? ""
        switch request.path {
        case "/api/v2/auth/challenge/sms/start":
            guard (body["phone"] as? String) == phone, !device.isEmpty else {
                return Self.refusal(400, "phone.invalid", "Неверный номер телефона")
            }
            if rules.captcha { return Self.refusal(400, "empty.captcha", nil) }
            let challenge = UUID().uuidString
            challenges[challenge] = (phone, now.addingTimeInterval(rules.challengeLifetime))
            return .json([
                "challengeToken": challenge, "challengeTokenExpiresInSec": Int(rules.challengeLifetime),
            ])
        case "/api/v1/auth/challenge/sms/verify":
            guard let token = body["challengeToken"] as? String, let challenge = challenges[token],
                challenge.expires > now
            else { return Self.refusal(400, "challenge.expired", "Код устарел, запросите новый") }
            guard (body["code"] as? String) == rules.code, !device.isEmpty else {
                return Self.refusal(400, "code.invalid", "Неверный код")
            }
            challenges[token] = nil
            return opened(device: device, now: now)
        case "/api/v1/auth/token":
            guard let refresh = body["refreshToken"] as? String, refreshTokens[refresh] == device, !device.isEmpty
            else { return Self.refusal(400, "refresh.token.invalid", "Сессия недействительна") }
            refreshTokens[refresh] = nil
            return opened(device: device, now: now)
        default:
            let bearer = (request.headers["authorization"] ?? "").replacingOccurrences(of: "Bearer ", with: "")
            guard let expires = tokens[bearer], expires > now else {
                return Self.refusal(401, "unauthorized", "Срок действия токена доступа истек")
            }
            return request.path == "/api/v1/receipt" ? list(body) : document(body)
        }
    }

    mutating func opened(device: String, now: Date) -> StandInAnswer {
        let token = "stand-in." + UUID().uuidString
        let refresh = UUID().uuidString
        tokens[token] = now.addingTimeInterval(rules.tokenLifetime)
        refreshTokens[refresh] = device
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return .json([
            "token": token, "tokenExpireIn": formatter.string(from: now.addingTimeInterval(rules.tokenLifetime)),
            "refreshToken": refresh, "refreshTokenExpiresIn": NSNull(),
        ])
    }

    func list(_ body: [String: Any]) -> StandInAnswer {
        if rules.actionNeeded {
            return Self.refusal(422, "identifiers.settings.required", "Выберите настройки отображения данных")
        }
        guard let limit = body["limit"] as? Int, (1...100).contains(limit), let offset = body["offset"] as? Int,
            offset >= 0
        else { return Self.refusal(400, "bad.request", "limit от 1 до 100, offset не меньше 0") }
        let from = body["dateFrom"] as? String
        let to = body["dateTo"] as? String
        let chosen = entries.filter { entry in
            let day = entry.receipt.dateTime.isoDate
            return from.map { day >= $0 } ?? true && to.map { day <= $0 } ?? true
        }
        let start = rules.repeatPages ? 0 : min(offset, chosen.count)
        let page = chosen[start..<min(start + limit, chosen.count)]
        let formatter = { (money: Money) in String(format: "%.2f", Double(money.kopecks) / 100) }
        return .json([
            "receipts": page.map { entry -> [String: Any] in
                [
                    "key": entry.key, "buyer": phone, "buyerType": "1",
                    "createdDate": String(entry.receipt.dateTime.iso.prefix(19)),
                    "fiscalDocumentNumber": String(entry.receipt.identity.i),
                    "fiscalDriveNumber": entry.receipt.identity.fn, "totalSum": formatter(entry.receipt.total),
                    "kktOwner": entry.receipt.seller ?? "", "kktOwnerInn": entry.receipt.sellerINN ?? "",
                    "brandId": NSNull(),
                ]
            },
            "brands": [] as [Any], "hasMore": rules.repeatPages || start + limit < chosen.count,
        ])
    }

    func document(_ body: [String: Any]) -> StandInAnswer {
        guard let key = body["key"] as? String, !unavailable.contains(key),
            let entry = entries.first(where: { $0.key == key })
        else { return Self.refusal(422, "receipt.fiscal.data.unavailable", nil) }
        return .json(StandInReceipts.cabinetDocument(entry.receipt))
    }
}
