public import AsyncHTTPClient
public import Foundation
import NIOCore
public import NIOHTTP1
import NIOHTTPCompression

/// A request sent and its answer read, with every transient failure (refused or broken connections,
/// timeouts, whatever the caller's judge calls transient) retried with backoff within a
/// ``RetryPolicy``: the transport under `ReceiptsClient` and the fiscal providers' clients.
public struct HTTPExchange: Sendable {
    /// One answer: its status, headers and whole body (decompressed when it came gzip-encoded).
    public struct Answer: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// The answer's headers.
        public let headers: HTTPHeaders
        /// The whole body.
        public let body: Data

        /// The seconds `Retry-After` asks to wait, when it is a number.
        public var retryAfter: TimeInterval? { headers.first(name: "Retry-After").flatMap(TimeInterval.init) }
    }

    /// What a caller makes of an answer: the value it wanted, or a transient problem to try again after.
    public enum Verdict<Value> {
        /// The answer is final: this is what the call returns.
        case done(Value)
        /// Try again (after at least `after` seconds, when given): the server is busy or the answer broke.
        case retry(NetworkProblem, after: TimeInterval?)
    }

    /// The base address the paths are appended to.
    public let server: URL
    /// How long to keep trying.
    public let retry: RetryPolicy
    private let http: HTTPClient
    private let observer: ClientObserver?

    /// An exchange with `server`; without `http` it shares one process-wide client whose failed
    /// connection fails the try at once, so that each refusal is seen and retried here.
    public init(server: URL, http: HTTPClient? = nil, retry: RetryPolicy = .standard, observer: ClientObserver? = nil) {
        self.server = server
        self.http = http ?? Self.transport
        self.retry = retry
        self.observer = observer
    }

    /// Like `HTTPClient.shared`, but a connection that cannot be made fails the request at once instead
    /// of being retried by the library until the deadline, silently; gzip answers are decompressed.
    /// Never shut down, as the shared one.
    private static let transport: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        configuration.decompression = .enabled(limit: .ratio(200))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Sends `method path` with `headers` and `body` until `judge` makes a value of an answer or
    /// throws, retrying failed connections and what the judge calls transient until the budget is
    /// spent; then `gaveUp` names the failure. Time is measured on the continuous clock, which the wall
    /// clock's jumps do not move.
    public func send<Value, Failure: Error>(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: Data? = nil,
        judge: (Answer) throws(Failure) -> Verdict<Value>, gaveUp: (NetworkProblem) -> Failure
    ) async throws(Failure) -> Value {
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
                let answer = try await once(method, path, headers: headers, body: body, timeout: timeout)
                observer?(
                    .answered(
                        method: method.rawValue, path: path, status: answer.status,
                        duration: tried.duration(to: clock.now)))
                switch try judge(answer) {
                case .done(let value): return value
                case .retry(let transient, let after):
                    problem = transient
                    retryAfter = after
                }
            } catch let error as Failure {
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
                throw gaveUp(problem)
            }
            observer?(.retrying(problem: problem, wait: delay, deadline: deadline))
            try? await Task.sleep(for: delay)
        }
    }

    private func once(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: Data?, timeout: Duration)
        async throws -> Answer
    {
        var request = HTTPClientRequest(url: server.absoluteString.trimmingSuffix("/") + path)
        request.method = method
        request.headers = headers
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await http.execute(request, timeout: TimeAmount(timeout))
        let buffer = try await response.body.collect(upTo: 32 * 1024 * 1024)
        return Answer(
            status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
    }

    /// What a failed try met, from the transport's error.
    static func problem(_ error: any Error) -> NetworkProblem {
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
