public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
public import ReceiptAPI
public import ReceiptCore
public import ReceiptNetwork
import Synchronization

/// The receipts server's API as calls, over AsyncHTTPClient, with the session cookie kept and every
/// transient failure retried within the `RetryPolicy`.
public final class ReceiptsClient: Sendable {
    /// The server's base address; paths such as `/api/v1/changes` are appended to it.
    public var server: URL { exchange.server }
    private let exchange: HTTPExchange
    private let cookie: Mutex<String?>
    private let device: Mutex<String?>
    private let language: Language

    /// A client of `server`, sending `cookie` (a saved session's) until the server sets another, and
    /// `device` (the device mark of an earlier login) when it checks a password; `observer` hears each
    /// try, answer and wait; the server's error messages come in `language`. Without `http` it shares
    /// one process-wide client whose failed connection fails the try at once, so that each refusal is
    /// seen and retried here.
    public init(
        server: URL, cookie: String?, device: String? = nil, http: HTTPClient? = nil, retry: RetryPolicy = .standard,
        observer: ClientObserver? = nil, language: Language = .english
    ) {
        exchange = HTTPExchange(server: server, http: http, retry: retry, observer: observer)
        self.language = language
        self.cookie = Mutex(cookie)
        self.device = Mutex(device)
    }

    /// The session cookie's value, as last set by the server.
    public var sessionCookie: String? { cookie.withLock { $0 } }
    /// The device mark, as last set by the server (a successful login sets a new one).
    public var deviceMark: String? { device.withLock { $0 } }

    // MARK: Sessions

    /// Creates an account and opens its session; a broken rule or a taken login is
    /// ``ClientError/rejected(status:message:)``.
    public func register(login: String, password: String) async throws(ClientError) -> SessionInfo {
        try await send(.POST, "/api/v1/accounts", body: Credentials(login: login, password: password)).value
    }

    /// Opens a session for an account; ``ClientError/wrongCredentials`` or
    /// ``ClientError/throttled(seconds:)`` when refused.
    public func logIn(login: String, password: String) async throws(ClientError) -> SessionInfo {
        try await send(.POST, "/api/v1/sessions", body: Credentials(login: login, password: password)).value
    }

    /// Opens a new anonymous account and its session.
    public func openAnonymous() async throws(ClientError) -> SessionInfo {
        try await send(.POST, "/api/v1/sessions/anonymous", body: Empty?.none).value
    }

    /// Who the current session belongs to; ``ClientError/unauthorized(server:)`` when it no longer lives.
    public func whoAmI() async throws(ClientError) -> SessionInfo {
        try await send(.GET, "/api/v1/sessions/current", body: Empty?.none).value
    }

    /// Ends the session on the server and forgets the cookie here.
    public func logOut() async throws(ClientError) {
        _ = try await send(.DELETE, "/api/v1/sessions/current", body: Empty?.none) { _ in () }
        cookie.withLock { $0 = nil }
    }

    /// Ends every session of the account, this one too, and forgets the cookie here.
    public func logOutEverywhere() async throws(ClientError) {
        _ = try await send(.DELETE, "/api/v1/sessions", body: Empty?.none) { _ in () }
        cookie.withLock { $0 = nil }
    }

    /// Changes the account's password; the server ends every other session. A wrong present password
    /// is ``ClientError/rejected(status:message:)`` with 403, a new one outside the rules with 400.
    public func changePassword(from password: String, to newPassword: String) async throws(ClientError) {
        _ = try await send(
            .POST, Self.passwordPath, body: PasswordChange(password: password, newPassword: newPassword)
        ) { _ in () }
    }

    static let passwordPath = "/api/v1/accounts/current/password"

    // MARK: Receipts

    /// Receipts changed after `since`, oldest change first.
    public func changes(since: Int64, limit: Int = APIContract.defaultPageSize) async throws(ClientError)
        -> ReceiptChangesPage
    {
        try await send(.GET, "/api/v1/changes?since=\(since)&limit=\(limit)", body: Empty?.none).value
    }

    /// Adds a receipt by its QR payload; `created` is false when the account had it already.
    public func add(qr: String) async throws(ClientError) -> (receipt: ReceiptEnvelope, created: Bool) {
        let (receipt, status): (ReceiptEnvelope, Int) = try await send(
            .POST, "/api/v1/receipts", body: AddReceiptRequest(qr: qr))
        return (receipt, status == 201)
    }

    // MARK: Households

    /// The account's household; 404 (``ClientError/rejected(status:message:)``) when it is in none.
    public func household() async throws(ClientError) -> HouseholdInfo {
        try await send(.GET, "/api/v1/household", body: Empty?.none).value
    }

    /// Creates a household with the account its owner.
    public func createHousehold() async throws(ClientError) -> HouseholdInfo {
        try await send(.POST, "/api/v1/household", body: Empty?.none).value
    }

    /// A one-time code to join the account's household with `role` (owners only).
    public func invite(role: HouseholdRole) async throws(ClientError) -> Invitation {
        try await send(.POST, "/api/v1/household/invitations", body: InvitationRequest(role: role)).value
    }

    /// Joins the household of an invitation's code.
    public func join(code: String) async throws(ClientError) -> HouseholdInfo {
        try await send(.POST, "/api/v1/household/members", body: JoinRequest(code: code)).value
    }

    /// Leaves the account's household.
    public func leaveHousehold() async throws(ClientError) {
        _ = try await send(.DELETE, "/api/v1/household/membership", body: Empty?.none) { _ in () }
    }

    /// Removes a member from the account's household (owners only).
    public func removeMember(login: String) async throws(ClientError) {
        _ = try await send(.DELETE, "/api/v1/household/members/" + Self.queryEscaped(login), body: Empty?.none) {
            _ in ()
        }
    }

    /// A receipt's shares, with the version a change must name.
    public func shares(receipt: Int64) async throws(ClientError) -> ReceiptShares {
        try await send(.GET, "/api/v1/receipts/\(receipt)/shares", body: Empty?.none).value
    }

    /// Changes a receipt's shares from `shares.version`; another member's change since is
    /// ``ClientError/rejected(status:message:)`` with 409: read them again and retry.
    public func changeShares(receipt: Int64, to shares: ReceiptShares) async throws(ClientError) -> ReceiptShares {
        try await send(.PUT, "/api/v1/receipts/\(receipt)/shares", body: shares).value
    }

    // MARK: Places

    /// Places nearest to a point, optionally filtered by text and radius (metres), a page at a time.
    public func places(
        near center: Coordinate, text: String?, radius: Double?, limit: Int = APIContract.defaultPageSize,
        cursor: String?
    ) async throws(ClientError) -> PlacesPage {
        var query = "lat=\(center.latitude)&lon=\(center.longitude)&limit=\(limit)"
        if let text, !text.isEmpty { query += "&q=" + Self.queryEscaped(text) }
        if let radius { query += "&radius=\(radius)" }
        if let cursor { query += "&cursor=" + Self.queryEscaped(cursor) }
        return try await send(.GET, "/api/v1/places?" + query, body: Empty?.none).value
    }

    private static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    // MARK: Transport

    /// The body of requests that send none.
    struct Empty: Encodable {}

    /// Sends a request and reads its answer as `Value`.
    private func send<Value: JSONReadable>(
        _ method: HTTPMethod, _ path: String, body: (some Encodable)?
    ) async throws(ClientError) -> (value: Value, status: Int) {
        try await send(method, path, body: body) { (data) throws(JSONReadError) in
            try JSONReader.read(Value.self, from: data)
        }
    }

    /// Sends a request and reads its answer with `read`, retrying connection failures, timeouts, 5xx,
    /// 429 and answers cut short with backoff until the budget is spent; other 4xx are answered at
    /// once.
    private func send<Value>(
        _ method: HTTPMethod, _ path: String, body: (some Encodable)?,
        read: (Data) throws(JSONReadError) -> Value
    ) async throws(ClientError) -> (value: Value, status: Int) {
        var encoded: Data?
        if let body {
            do {
                encoded = try JSONEncoder().encode(body)
            } catch {
                throw .badResponse(
                    LocalizedText(
                        russian: "запрос не кодируется в JSON: \(error)", english: "cannot encode the request: \(error)"
                    ))
            }
        }
        var headers = HTTPHeaders([("Accept-Language", language.acceptLanguageHeader)])
        var cookies = sessionCookie.map { ["\(APIContract.sessionCookie)=\($0)"] } ?? []
        if path == "/api/v1/sessions" || path == Self.passwordPath, let mark = deviceMark {
            cookies.append("\(APIContract.deviceCookie)=\(mark)")
        }
        if !cookies.isEmpty { headers.add(name: "Cookie", value: cookies.joined(separator: "; ")) }
        if encoded != nil { headers.add(name: "Content-Type", value: "application/json") }
        let server = exchange.server.absoluteString
        return try await exchange.send(method, path, headers: headers, body: encoded) {
            (answer) throws(ClientError) -> HTTPExchange.Verdict<(Value, Int)> in
            keepCookie(from: answer)
            switch answer.status {
            case 200..<300:
                do throws(JSONReadError) {
                    return .done((try read(answer.body), answer.status))
                } catch {
                    let bytes = answer.body.count
                    let what = LocalizedText(
                        russian: "\(bytes) байт; \(error.message(in: .russian))",
                        english: "\(bytes) bytes; \(error.message(in: .english))")
                    return .retry(.unreadable(what), after: nil)
                }
            case 401:
                if path == "/api/v1/sessions", method == .POST { throw .wrongCredentials }
                throw .unauthorized(server: server)
            case 429 where path == "/api/v1/sessions" || path == Self.passwordPath:
                throw .throttled(seconds: Int(answer.retryAfter ?? 60))
            case 429, 500..<600:
                return .retry(.status(answer.status), after: answer.retryAfter)
            default:
                let message =
                    (try? JSONReader.read(APIErrorBody.self, from: answer.body).message) ?? "HTTP \(answer.status)"
                throw .rejected(status: answer.status, message: message)
            }
        } gaveUp: { problem in
            .unreachable(server: server, problem: problem)
        }
    }

    /// Keeps the session cookie and the device mark an answer sets; an empty session cookie (logging
    /// out) forgets it.
    private func keepCookie(from answer: HTTPExchange.Answer) {
        func value(of name: String, in header: Substring) -> String?? {
            guard header.hasPrefix(name + "=") else { return nil }
            let value = header.dropFirst(name.count + 1).prefix { $0 != ";" }
            return .some(value.isEmpty ? nil : String(value))
        }
        for header in answer.headers[canonicalForm: "Set-Cookie"] {
            if let session = value(of: APIContract.sessionCookie, in: header) { cookie.withLock { $0 = session } }
            if let mark = value(of: APIContract.deviceCookie, in: header) { device.withLock { $0 = mark } }
        }
    }
}
