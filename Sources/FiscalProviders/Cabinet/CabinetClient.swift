public import Foundation
import NIOHTTP1
import ReceiptAPI
public import ReceiptCore
public import ReceiptNetwork
import Synchronization

/// «Мои чеки онлайн» (the tax service's web cabinet, lkdr) as its web app uses it: signing in by
/// phone and SMS code, renewing the session with its refresh token, the receipt list a page at a
/// time, and each receipt's document by its key. Every call is a `POST` of JSON under the base
/// address (`https://lkdr.nalog.ru/api`); 429 and 5xx are waited out (`Retry-After`, then backoff)
/// within the retry budget. A session about to end, or refused, is renewed once and the call made
/// again; every renewal is handed to `keep` at once, since the old refresh token may no longer work.
public final class CabinetClient: Sendable {
    private let exchange: HTTPExchange
    private let userAgent: String
    private let session: Mutex<CabinetSession?>
    private let deviceID: String
    private let keep: @Sendable (CabinetSession) -> Void

    /// A client of the cabinet at `server`, signed in with `session` (nil to sign in first) or, for a
    /// new sign-in, from `deviceID`; `keep` hears every session opened or renewed.
    public init(
        server: URL, session: CabinetSession?, deviceID: String = CabinetSession.newDeviceID(),
        userAgent: String = "Mozilla/5.0 (X11; Linux x86_64) receipts", retry: RetryPolicy = .standard,
        observer: ClientObserver? = nil, keep: @escaping @Sendable (CabinetSession) -> Void = { _ in }
    ) {
        exchange = HTTPExchange(server: server, retry: retry, observer: observer)
        self.userAgent = userAgent
        self.session = Mutex(session)
        self.deviceID = session?.deviceID ?? deviceID
        self.keep = keep
    }

    /// The session in use, as last opened or renewed.
    public var currentSession: CabinetSession? { session.withLock { $0 } }

    /// What a receipt's document call gave.
    public enum Document: Sendable, Equatable {
        /// The receipt.
        case receipt(Receipt)
        /// The cabinet keeps the receipt in its list but no longer has (or has not yet) its document.
        case unavailable
    }

    // MARK: Signing in

    /// Asks the cabinet to send a code by SMS to `phone`; returns the challenge the code answers.
    public func requestCode(phone: PhoneNumber) async throws(CabinetError) -> String {
        let data = try await call(
            "/v2/auth/challenge/sms/start", json: ["phone": Self.digits(phone), "deviceInfo": deviceInfo],
            signIn: true)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let challenge = object["challengeToken"] as? String, !challenge.isEmpty
        else { throw .badAnswer(#"{"challengeToken"}"#) }
        return challenge
    }

    /// Opens a session with the code the SMS brought.
    public func verify(phone: PhoneNumber, challenge: String, code: String) async throws(CabinetError)
        -> CabinetSession
    {
        let data = try await call(
            "/v1/auth/challenge/sms/verify",
            json: [
                "phone": Self.digits(phone), "challengeToken": challenge, "code": code, "deviceInfo": deviceInfo,
            ], signIn: true)
        return try opened(data, phone: Self.digits(phone))
    }

    /// Opens a session from a refresh token (from the browser, or kept from before).
    public func signIn(refreshToken: String) async throws(CabinetError) -> CabinetSession {
        try opened(try await refreshCall(refreshToken), phone: currentSession?.phone)
    }

    // MARK: Receipts

    /// The page of the list at `offset` (up to `limit` receipts, newest first), of the receipts made
    /// from the day of `from` to the day of `to` (either open).
    public func page(offset: Int, limit: Int = 10, from: LocalDateTime? = nil, to: LocalDateTime? = nil)
        async throws(CabinetError) -> CabinetPage
    {
        let json: [String: Any] = [
            "limit": limit, "offset": offset, "dateFrom": from.map { $0.isoDate as Any } ?? NSNull(),
            "dateTo": to.map { $0.isoDate as Any } ?? NSNull(), "orderBy": "CREATED_DATE:DESC", "inn": NSNull(),
            "kktOwner": "",
        ]
        let data: Data
        do {
            data = try await authorized("/v1/receipt", json: json)
        } catch .rejected(status: 422, _) {
            throw .actionNeeded
        }
        do {
            return try CabinetPage.read(data)
        } catch {
            throw .badAnswer(error.message(in: .english))
        }
    }

    /// The document of the receipt the list calls `key`.
    public func document(key: String) async throws(CabinetError) -> Document {
        let data: Data
        do {
            data = try await authorized("/v1/receipt/fiscal_data", json: ["key": key])
        } catch .rejected(status: 422, _), .rejected(status: 404, _) {
            return .unavailable
        }
        do {
            return .receipt(try CabinetDocument.receipt(from: data))
        } catch {
            throw .badAnswer(error.message(in: .english))
        }
    }

    // MARK: Transport

    private var deviceInfo: [String: Any] {
        [
            "sourceDeviceId": deviceID, "sourceType": "WEB", "appVersion": "1.0.0",
            "metaDetails": ["userAgent": userAgent],
        ]
    }

    /// A call with the session: renewed first when it is about to end, and once more when refused.
    private func authorized(_ path: String, json: [String: Any]) async throws(CabinetError) -> Data {
        guard var current = currentSession else { throw .notSignedIn }
        if current.isEnding() { current = try await renewed(current) }
        do {
            return try await call(path, json: json, token: current.token)
        } catch .sessionEnded {
            let fresh = try await renewed(current)
            do {
                return try await call(path, json: json, token: fresh.token)
            } catch .sessionEnded {
                throw .sessionEnded
            }
        }
    }

    private func renewed(_ stale: CabinetSession) async throws(CabinetError) -> CabinetSession {
        try opened(try await refreshCall(stale.refreshToken), phone: stale.phone)
    }

    private func refreshCall(_ token: String) async throws(CabinetError) -> Data {
        do {
            return try await call("/v1/auth/token", json: ["refreshToken": token, "deviceInfo": deviceInfo])
        } catch .rejected(status: let status, _) where (400..<500).contains(status) {
            throw .sessionEnded
        }
    }

    /// Reads `{token, tokenExpireIn, refreshToken, refreshTokenExpiresIn}`, keeps the session and
    /// hands it to `keep`.
    private func opened(_ data: Data, phone: String?) throws(CabinetError) -> CabinetSession {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let token = object["token"] as? String, !token.isEmpty,
            let refresh = object["refreshToken"] as? String, !refresh.isEmpty
        else { throw .badAnswer(#"{"token", "refreshToken"}"#) }
        let opened = CabinetSession(
            token: token, tokenExpires: Self.date(object["tokenExpireIn"]), refreshToken: refresh,
            refreshExpires: Self.date(object["refreshTokenExpiresIn"]), deviceID: deviceID, phone: phone)
        session.withLock { $0 = opened }
        keep(opened)
        return opened
    }

    /// One call: 2xx gives the body; 401 (or the words of an ended token in any answer) an ended
    /// session; 429 and 5xx are retried; a sign-in's 4xx is its refusal, a captcha asked for said so.
    private func call(_ path: String, json: [String: Any], token: String? = nil, signIn: Bool = false)
        async throws(CabinetError) -> Data
    {
        var headers = HTTPHeaders([
            ("Content-Type", "application/json;charset=UTF-8"), ("Accept", "application/json, text/plain, */*"),
            ("User-Agent", userAgent), ("Accept-Language", "ru,en;q=0.9"),
        ])
        if let token { headers.add(name: "Authorization", value: "Bearer " + token) }
        let body = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        let service = exchange.server.absoluteString
        return try await exchange.send(.POST, path, headers: headers, body: body) {
            (answer) throws(CabinetError) -> HTTPExchange.Verdict<Data> in
            let (code, words) = Self.refusal(answer.body)
            if token != nil, answer.status == 401 || words.contains("Срок действия токена доступа истек") {
                throw .sessionEnded
            }
            switch answer.status {
            case 200..<300: return .done(answer.body)
            case 429, 500..<600: return .retry(.status(answer.status), after: answer.retryAfter)
            case 400..<500 where signIn:
                if code.hasSuffix(".captcha") { throw .captchaRequired }
                throw .signInRefused(detail: [code, words].filter { !$0.isEmpty }.joined(separator: ": "))
            default:
                let detail = [code, words].filter { !$0.isEmpty }.joined(separator: ": ")
                throw .rejected(status: answer.status, detail: detail.isEmpty ? "no explanation" : detail)
            }
        } gaveUp: { problem in
            .unreachable(service: service, problem: problem)
        }
    }

    /// An error answer's `code` and `message`, cut to a line; never its `additionalInfo`.
    private static func refusal(_ body: Data) -> (code: String, words: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: body.prefix(64 * 1024))) as? [String: Any] else {
            return ("", "")
        }
        func line(_ value: Any?) -> String {
            let text = (value as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return String((text.split(whereSeparator: \.isNewline).first ?? "").prefix(200))
        }
        return (line(object["code"]), line(object["message"]))
    }

    /// `79991234567`: the phone's digits, as the cabinet takes them.
    private static func digits(_ phone: PhoneNumber) -> String { phone.international.filter(\.isNumber) }

    /// An ISO 8601 time, with or without fractions of a second; nil for anything else.
    private static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
