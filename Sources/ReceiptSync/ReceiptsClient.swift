public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
public import ReceiptAPI
public import ReceiptCore
import Synchronization

/// The receipts server's API as calls, over AsyncHTTPClient, with the session cookie kept and every
/// transient failure retried within the ``RetryPolicy``.
public final class ReceiptsClient: Sendable {
    /// The server's base address; paths such as `/api/v1/changes` are appended to it.
    public let server: URL
    private let http: HTTPClient
    private let retry: RetryPolicy
    private let cookie: Mutex<String?>
    private let observer: ClientObserver?
    private let language: Language

    /// A client of `server`, sending `cookie` (a saved session's) until the server sets another;
    /// `observer` hears each try, answer and wait; the server's error messages come in `language`.
    /// Without `http` it shares one process-wide client whose failed connection fails the try at
    /// once, so that each refusal is seen and retried here.
    public init(
        server: URL, cookie: String?, http: HTTPClient? = nil, retry: RetryPolicy = .standard,
        observer: ClientObserver? = nil, language: Language = .english
    ) {
        self.server = server
        self.language = language
        self.http = http ?? Self.transport
        self.retry = retry
        self.cookie = Mutex(cookie)
        self.observer = observer
    }

    /// Like `HTTPClient.shared`, but a connection that cannot be made fails the request at once instead
    /// of being retried by the library until the deadline, silently. Never shut down, as the shared one.
    private static let transport: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The session cookie's value, as last set by the server.
    public var sessionCookie: String? { cookie.withLock { $0 } }

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

    struct Answer {
        let status: Int
        let body: Data
        let retryAfter: TimeInterval?
    }

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
    /// once. Time is measured on the continuous clock, which the wall clock's jumps do not move.
    private func send<Value>(
        _ method: HTTPMethod, _ path: String, body: (some Encodable)?,
        read: (Data) throws(JSONReadError) -> Value
    ) async throws(ClientError) -> (value: Value, status: Int) {
        var encoded: Data?
        if let body {
            do {
                encoded = try JSONEncoder().encode(body)
            } catch {
                throw .badResponse(detail: "cannot encode the request: \(error)")
            }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + .seconds(retry.budget)
        var attempt = 0
        while true {
            // No try may outlive the budget: a stalled server is a failed try, then a retry or the end.
            let timeout = max(.milliseconds(50), min(.seconds(retry.requestTimeout), started.duration(to: deadline)))
            let tried = clock.now
            let problem: NetworkProblem
            var retryAfter: TimeInterval?
            do {
                let answer = try await once(method, path, body: encoded, timeout: timeout)
                observer?(
                    .answered(
                        method: method.rawValue, path: path, status: answer.status,
                        duration: tried.duration(to: clock.now)
                    ))
                switch answer.status {
                case 200..<300:
                    do throws(JSONReadError) {
                        return (try read(answer.body), answer.status)
                    } catch {
                        problem = .unreadable("\(answer.body.count) bytes; \(error.message(in: .english))")
                    }
                case 401:
                    if path == "/api/v1/sessions" { throw ClientError.wrongCredentials }
                    throw ClientError.unauthorized(server: server.absoluteString)
                case 429 where path == "/api/v1/sessions":
                    throw ClientError.throttled(seconds: Int(answer.retryAfter ?? 60))
                case 429, 500..<600:
                    problem = .status(answer.status)
                    retryAfter = answer.retryAfter
                default:
                    let message =
                        (try? JSONReader.read(APIErrorBody.self, from: answer.body).message)
                        ?? "HTTP \(answer.status)"
                    throw ClientError.rejected(status: answer.status, message: message)
                }
            } catch let error as ClientError {
                throw error
            } catch {
                problem = Self.problem(error)
                observer?(
                    .failed(
                        method: method.rawValue, path: path, problem: problem, duration: tried.duration(to: clock.now)))
            }
            attempt += 1
            let delay = retry.delay(attempt: attempt, retryAfter: retryAfter)
            guard clock.now + delay <= deadline, !Task.isCancelled else {
                observer?(.gaveUp(problem: problem))
                throw .unreachable(server: server.absoluteString, problem: problem)
            }
            observer?(.retrying(problem: problem, wait: delay, deadline: deadline))
            try? await Task.sleep(for: delay)
        }
    }

    private func once(_ method: HTTPMethod, _ path: String, body: Data?, timeout: Duration) async throws -> Answer {
        var request = HTTPClientRequest(url: server.absoluteString.trimmingSuffix("/") + path)
        request.method = method
        request.headers.add(name: "Accept-Language", value: language.acceptLanguageHeader)
        if let value = sessionCookie {
            request.headers.add(name: "Cookie", value: "\(APIContract.sessionCookie)=\(value)")
        }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await http.execute(request, timeout: TimeAmount(timeout))
        let buffer = try await response.body.collect(upTo: 32 * 1024 * 1024)
        for header in response.headers[canonicalForm: "Set-Cookie"]
        where header.hasPrefix(APIContract.sessionCookie + "=") {
            let value = header.dropFirst(APIContract.sessionCookie.count + 1).prefix { $0 != ";" }
            cookie.withLock { $0 = value.isEmpty ? nil : String(value) }
        }
        return Answer(
            status: Int(response.status.code), body: Data(buffer.readableBytesView),
            retryAfter: response.headers.first(name: "Retry-After").flatMap(TimeInterval.init))
    }

    /// What a failed try met, from the transport's error.
    private static func problem(_ error: any Error) -> NetworkProblem {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout: return .timedOut
            case .remoteConnectionClosed: return .connectionLost
            default: break
            }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .refused
            case ECONNRESET, EPIPE: return .connectionLost
            case ETIMEDOUT: return .timedOut
            default: break
            }
        }
        // NIO's connection error (NIOPosix, not a dependency here) wraps the errno in its description.
        let text = String(describing: error)
        if text.contains("Connection refused") { return .refused }
        if text.hasPrefix("DNS error") { return .unknownHost }
        return .other(text.count > 200 ? String(text.prefix(200)) + "…" : text)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
