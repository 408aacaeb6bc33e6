public import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// An answer of a stand-in before it is sent: a status, a body, its type.
struct StandInAnswer: Sendable {
    let status: Int
    let body: Data
    let contentType: String
    /// `Retry-After`, in seconds, when set.
    var retryAfter: Int? = nil

    /// Plain text, as the tax service writes its errors.
    static func text(_ status: Int, _ text: String) -> StandInAnswer {
        StandInAnswer(status: status, body: Data(text.utf8), contentType: "text/plain; charset=utf-8")
    }

    /// A JSON value.
    static func json(_ value: Any, status: Int = 200) -> StandInAnswer {
        let body = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
        return StandInAnswer(status: status, body: body, contentType: "application/json; charset=utf-8")
    }

    /// No body.
    static func empty(_ status: Int) -> StandInAnswer {
        StandInAnswer(status: status, body: Data(), contentType: "text/plain")
    }
}

/// A request as a stand-in saw it, for tests that check what the client sent.
public struct StandInRequest: Sendable {
    /// `GET`, `POST`.
    public let method: String
    /// The path without the query.
    public let path: String
    /// Every header, names lower-cased.
    public let headers: [String: String]
    /// The body.
    public let body: Data
}

/// Runs a stand-in's router on a free loopback port for the length of `body`.
enum StandInServer {
    static func run<T: Sendable>(
        latency: @escaping @Sendable () -> Duration, gzip: @escaping @Sendable () -> Bool,
        routes: [(method: String, path: String)],
        answer: @escaping @Sendable (StandInRequest) -> StandInAnswer, _ body: @Sendable (URL) async throws -> T
    ) async throws -> T {
        let router = Router(context: BasicRequestContext.self)
        for route in routes {
            router.on(RouterPath(route.path), method: HTTPRequest.Method(route.method) ?? .get) {
                request, _ -> Response in
                let bytes = try await request.body.collect(upTo: 1 << 20)
                var headers: [String: String] = [:]
                for field in request.headers { headers[field.name.canonicalName] = field.value }
                let seen = StandInRequest(
                    method: request.method.rawValue, path: request.uri.path, headers: headers,
                    body: Data(bytes.readableBytesView))
                let delay = latency()
                if delay > .zero { try? await Task.sleep(for: delay) }
                let result = answer(seen)
                var fields: HTTPFields = [.contentType: result.contentType]
                if let wait = result.retryAfter { fields[.retryAfter] = String(wait) }
                var data = result.body
                if gzip(), (headers["accept-encoding"] ?? "").contains("gzip"), !data.isEmpty {
                    data = StoredGzip.encode(data)
                    fields[.contentEncoding] = "gzip"
                }
                return Response(
                    status: HTTPResponse.Status(code: result.status), headers: fields,
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            }
        }
        var logger = Logger(label: "stand-in")
        logger.logLevel = .critical
        let application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            logger: logger)
        return try await application.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(client.port ?? 0)") ?? URL(fileURLWithPath: "/"))
        }
    }
}
