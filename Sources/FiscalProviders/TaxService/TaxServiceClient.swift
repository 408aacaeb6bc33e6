import Foundation
import NIOHTTP1
public import ReceiptCore
public import ReceiptNetwork
import Synchronization

/// The tax service's mobile API, as its app and the public clients use it: signing in by SMS or by
/// the personal account's INN and password, the account's tickets, and a receipt's document by its
/// QR code. A session that has expired is renewed once with the refresh token and the call retried;
/// every renewal is handed to `keep` at once, since the old refresh token no longer works.
public final class TaxServiceClient: FiscalProvider {
    /// ``ProviderName/fns``.
    public let name = ProviderName.fns
    private let settings: TaxServiceSettings
    private let exchange: HTTPExchange
    private let deviceID: String
    private let session: Mutex<TaxServiceSession?>
    private let keep: @Sendable (TaxServiceSession) -> Void
    private let keeper = Mutex<(any TaxServiceSessionKeeper)?>(nil)

    /// A client signed in with `session` (nil to sign in first) from `deviceID`; `keep` hears every
    /// session opened or renewed.
    public init(
        settings: TaxServiceSettings, session: TaxServiceSession?, deviceID: String, retry: RetryPolicy = .standard,
        observer: ClientObserver? = nil, keep: @escaping @Sendable (TaxServiceSession) -> Void = { _ in }
    ) {
        self.settings = settings
        exchange = HTTPExchange(server: settings.server, retry: retry, observer: observer)
        self.deviceID = settings.deviceID ?? session?.deviceID ?? deviceID
        self.session = Mutex(session)
        self.keep = keep
    }

    /// The session in use, as last opened or renewed.
    public var currentSession: TaxServiceSession? { session.withLock { $0 } }

    /// Goes on with `session`, opened or renewed elsewhere (by another client of the same keeper).
    public func use(_ session: TaxServiceSession) {
        self.session.withLock { $0 = session }
    }

    /// Renews refused sessions through `keeper` from now on, one client at a time, rather than alone.
    public func share(through keeper: any TaxServiceSessionKeeper) {
        self.keeper.withLock { $0 = keeper }
    }

    // MARK: Signing in

    /// Asks the service to send a sign-in code by SMS to `phone`.
    public func requestCode(phone: PhoneNumber) async throws(ProviderError) {
        _ = try await call(
            .POST, "/v2/auth/phone/request",
            json: ["phone": phone.international, "client_secret": settings.clientSecret, "os": settings.deviceOS],
            signIn: true)
    }

    /// Opens a session with the code the SMS brought.
    public func verify(phone: PhoneNumber, code: String) async throws(ProviderError) -> TaxServiceSession {
        let data = try await call(
            .POST, "/v2/auth/phone/verify",
            json: ["phone": phone.international, "client_secret": settings.clientSecret, "code": code], signIn: true)
        return try opened(data, phone: phone.international, inn: nil)
    }

    /// Opens a session with the INN and the password of the taxpayer's personal account.
    public func signIn(inn: TaxpayerNumber, password: String) async throws(ProviderError) -> TaxServiceSession {
        let data = try await call(
            .POST, "/v2/mobile/users/lkfl/auth",
            json: ["inn": inn.digits, "password": password, "client_secret": settings.clientSecret], signIn: true)
        return try opened(data, phone: nil, inn: inn.digits)
    }

    /// Opens a session from a refresh token (taken from the app, or kept from before).
    public func signIn(refreshToken: String) async throws(ProviderError) -> TaxServiceSession {
        let previous = currentSession
        let data = try await refreshCall(refreshToken)
        return try opened(data, phone: previous?.phone, inn: previous?.inn)
    }

    // MARK: Tickets

    /// The account's tickets, short: no receipt inside.
    public func tickets() async throws(ProviderError) -> [TaxServiceTicket] {
        try TaxServiceTicket.list(try await authorized(.GET, "/v2/tickets"))
    }

    /// One ticket in full: its receipt when it is ready; nil when the service knows no such ticket.
    public func ticket(id: String) async throws(ProviderError) -> (ticket: TaxServiceTicket, receipt: Receipt?)? {
        do {
            return try TaxServiceTicket.full(try await authorized(.GET, "/v2/tickets/" + Self.pathEscaped(id)))
        } catch .rejected(status: 404, _) {
            return nil
        }
    }

    /// Hands a QR code to the service; its ticket (the same for the same code) is checked from then on.
    public func addTicket(_ code: FiscalCode) async throws(ProviderError) -> String {
        let data = try await authorized(.POST, "/v2/ticket", json: ["qr": code.canonical])
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let id = object["id"] as? String, !id.isEmpty
        else { throw .badAnswer(.notShaped(expected: #"{"id"}"#)) }
        return id
    }

    /// The document of the receipt `code` names: handed to the service, then looked at with the
    /// waits of ``TaxServiceSettings/pollDelays``; not ready by then is ``FiscalAnswer/notYet``.
    public func document(for code: FiscalCode) async throws(ProviderError) -> FiscalAnswer {
        let id = try await addTicket(code)
        var waits = settings.pollDelays[...]
        while true {
            guard let (ticket, receipt) = try await ticket(id: id) else {
                return .invalid(reason: "HTTP 404")
            }
            if let receipt {
                guard receipt.identity == code.identity else {
                    throw .badAnswer(.otherReceipt(holds: receipt.identity, asked: code.identity))
                }
                return .document(receipt)
            }
            if ticket.stage == .final {
                return .invalid(reason: ticket.finalReason)
            }
            guard let wait = waits.popFirst() else { return .notYet }
            try? await Task.sleep(for: wait)
        }
    }

    // MARK: Transport

    /// An authenticated call: on 401 the session is renewed once and the call made again.
    private func authorized(_ method: HTTPMethod, _ path: String, json: [String: String]? = nil)
        async throws(ProviderError) -> Data
    {
        guard let current = currentSession else { throw .notSignedIn(.fns) }
        do {
            return try await call(method, path, json: json, sessionID: current.sessionID)
        } catch .rejected(status: 401, _) {
            let renewed = try await renewed(after: current)
            do {
                return try await call(method, path, json: json, sessionID: renewed.sessionID)
            } catch .rejected(status: 401, _) {
                throw .sessionEnded
            }
        }
    }

    /// A session in place of the refused `stale`: renewed with its refresh token, or, when sessions
    /// are shared, as the keeper gives it (perhaps renewed by another client meanwhile).
    private func renewed(after stale: TaxServiceSession) async throws(ProviderError) -> TaxServiceSession {
        let renew: @Sendable (TaxServiceSession) async throws(ProviderError) -> TaxServiceSession = {
            [self] (kept) throws(ProviderError) in
            try opened(try await refreshCall(kept.refreshToken), phone: kept.phone, inn: kept.inn)
        }
        guard let keeper = keeper.withLock({ $0 }) else { return try await renew(stale) }
        let renewed = try await keeper.renewed(after: stale, renew: renew)
        use(renewed)
        return renewed
    }

    private func refreshCall(_ token: String) async throws(ProviderError) -> Data {
        do {
            return try await call(
                .POST, "/v2/mobile/users/refresh",
                json: ["client_secret": settings.clientSecret, "refresh_token": token])
        } catch .rejected(status: let status, _) where status == 498 || status == 401 || status == 403 {
            throw .sessionEnded
        }
    }

    /// Reads `{sessionId, refresh_token}`, keeps the session and hands it to `keep`.
    private func opened(_ data: Data, phone: String?, inn: String?) throws(ProviderError) -> TaxServiceSession {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let sessionID = object["sessionId"] as? String, !sessionID.isEmpty,
            let refresh = object["refresh_token"] as? String, !refresh.isEmpty
        else { throw .badAnswer(.notShaped(expected: #"{"sessionId", "refresh_token"}"#)) }
        let opened = TaxServiceSession(
            sessionID: sessionID, refreshToken: refresh, deviceID: deviceID, phone: phone, inn: inn)
        session.withLock { $0 = opened }
        keep(opened)
        return opened
    }

    /// One call, its transient failures retried; 2xx gives the body, 429 the daily limit, other
    /// statuses an error kept with the service's own words (plain text, never branched on).
    private func call(
        _ method: HTTPMethod, _ path: String, json: [String: String]? = nil, sessionID: String? = nil,
        signIn: Bool = false
    ) async throws(ProviderError) -> Data {
        var headers = HTTPHeaders([
            ("Device-OS", settings.deviceOS), ("Device-Id", deviceID), ("ClientVersion", settings.clientVersion),
            ("User-Agent", settings.userAgent), ("Accept-Language", "ru-RU;q=1, en-US;q=0.9"),
            ("Accept", "application/json"), ("Accept-Encoding", "gzip"),
        ])
        if let sessionID { headers.add(name: "sessionId", value: sessionID) }
        var body: Data?
        if let json {
            headers.add(name: "Content-Type", value: "application/json")
            body = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        }
        let service = settings.server.absoluteString
        return try await exchange.send(method, path, headers: headers, body: body) {
            (answer) throws(ProviderError) -> HTTPExchange.Verdict<Data> in
            let detail = Self.words(answer.body)
            switch answer.status {
            case 200..<300: return .done(answer.body)
            case 429: throw .limited(.fns, until: ProviderError.nextMidnightUTC(after: Date()))
            case 500..<600: return .retry(.status(answer.status), after: answer.retryAfter)
            case 422, 426: throw .clientRefused(status: answer.status, detail: detail)
            case 400..<500 where signIn: throw .signInRefused(detail: detail)
            default: throw .rejected(status: answer.status, detail: detail)
            }
        } gaveUp: { problem in
            .unreachable(service: service, problem: problem)
        }
    }

    /// An error body's words: plain text, trimmed and cut to a line.
    private static func words(_ body: Data) -> String {
        let text = String(decoding: body.prefix(400), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? "no explanation" : String(line.prefix(200))
    }

    private static func pathEscaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
