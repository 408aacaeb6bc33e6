import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import ReceiptServerTesting
import Synchronization
import Testing

@testable import ReceiptWeb

/// The app's page as a browser runs it: every request sent to the address the app listens on
/// (`Host: localhost:PORT`), with the key as `Authorization: Bearer`, and each change from the
/// app's own origin. A test changes any of them to see the app refuse.
struct AppPage: Sendable {
    /// An answer of the app.
    struct Answer: Sendable {
        /// Its status.
        let status: HTTPResponse.Status
        /// Its headers.
        let headers: HTTPFields
        /// Its body, whole.
        let body: ByteBuffer
    }

    /// How a request reaches the app: over a connection, or handed to its router.
    let link: AppLink
    /// The port the app listens on (or, handed to its router, takes itself to listen on).
    let port: Int
    /// The key sent as `Authorization: Bearer`; nil for none.
    var key: String?
    /// What `Host` names.
    var authority: String
    /// What `Origin` names in a change; nil for none.
    var origin: String?

    /// The page of the app on `port` that holds `key`.
    init(link: AppLink, port: Int, key: String?) {
        self.link = link
        self.port = port
        self.key = key
        authority = "localhost:\(port)"
        origin = "http://localhost:\(port)"
    }

    /// Sends a request as the page does, `headers` added to (or replacing) the page's own.
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil)
        async throws -> Answer
    {
        var fields = HTTPFields()
        if let key { fields[.authorization] = "Bearer \(key)" }
        if let origin, ![.get, .head].contains(method) { fields[.origin] = origin }
        for field in headers { fields[field.name] = field.value }
        fields[.connection] = "keep-alive"
        switch link {
        case .connection(let connection):
            let response = try await connection.execute(
                TestClient.Request(uri, method: method, authority: authority, headers: fields, body: body))
            return Answer(status: response.status, headers: response.headers, body: response.body ?? ByteBuffer())
        case .router(let router):
            return try await router.respond(
                to: HTTPRequest(method: method, scheme: "http", authority: authority, path: uri, headerFields: fields),
                body: body)
        }
    }

    /// A GET of `uri`.
    func get(_ uri: String) async throws -> Answer { try await execute(uri: uri, method: .get) }

    /// A POST of `json` to `uri`.
    func post(_ uri: String, _ json: String = "{}") async throws -> Answer {
        try await execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }
}

/// How a page's requests reach the app.
enum AppLink: Sendable {
    /// A connection to the app listening on a loopback port.
    case connection(TestClient)
    /// The app's router in this process: no socket, the request as the page wrote it.
    case router(AppRouter)
}

/// The app's router, answering requests handed to it as Hummingbird's server would hand them: each
/// with a context of its own whose connection came in on the app's address (`127.0.0.1:PORT`).
struct AppRouter: Sendable {
    let responder: RouterResponder<WebContext>
    let local: SocketAddress

    /// The answer to `head` with `body`, its body read whole (a stream of events until it ends).
    func respond(to head: HTTPRequest, body: ByteBuffer?) async throws -> AppPage.Answer {
        var head = head
        if let body { head.headerFields[.contentLength] = String(body.readableBytes) }
        let channel = NIOAsyncTestingChannel()
        channel.localAddress = local
        let context = WebContext(source: ApplicationRequestContextSource(channel: channel, logger: Self.logger))
        let response = try await responder.respond(
            to: Request(head: head, body: RequestBody(buffer: body ?? ByteBuffer())), context: context)
        let writer = Collected()
        try await response.body.write(writer)
        return AppPage.Answer(status: response.status, headers: response.headers, body: writer.bytes.withLock { $0 })
    }

    /// A response's body as it is written.
    final class Collected: ResponseBodyWriter, Sendable {
        let bytes = Mutex(ByteBuffer())

        func write(_ buffer: ByteBuffer) async throws {
            _ = bytes.withLock { $0.writeImmutableBuffer(buffer) }
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    private static var logger: Logger {
        var logger = Logger(label: "receipts.web.test")
        logger.logLevel = .critical
        return logger
    }
}

extension WebApp {
    /// Runs the app, its requests handed to its router (`transport: .router`, the app taking itself to
    /// listen on a port nobody uses) or live on a free loopback port; `body` gets the page, which holds
    /// the key.
    func withPage<Value: Sendable>(
        transport: TestServer.Transport = .router, _ body: @Sendable (AppPage) async throws -> Value
    ) async throws -> Value {
        let key = settings.key
        if transport == .router {
            let port = 9
            listens(on: port)
            let router = AppRouter(
                responder: router().buildResponder(), local: try SocketAddress(ipAddress: "127.0.0.1", port: port))
            return try await body(AppPage(link: .router(router), port: port, key: key))
        }
        return try await application().test(.live) { client in
            let port = try #require(client.port)
            // Tests check what is answered, not how fast: on a loaded machine an import's answer may
            // take long (the suite's time limit ends a hang).
            let connection = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(300)))
            connection.connect()
            do {
                let value = try await body(AppPage(link: .connection(connection), port: port, key: key))
                try await connection.shutdown()
                return value
            } catch {
                try? await connection.shutdown()
                throw error
            }
        }
    }
}
