import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ReceiptAPI
import ReceiptCore
import ReceiptServerTesting
import ReceiptTesting
import Synchronization

@testable import ReceiptServer

/// The real server (ReceiptServerTesting's ``TestServer``), with clients of the API. Its requests go
/// straight to the router unless the test asks for a socket (`transport: .live`).
struct ServerHarness: Sendable {
    /// The port the server listens on; 0 when requests go to its router.
    let port: Int
    let server: ReceiptsServer
    /// What hands requests to the router; nil over a socket.
    var router: (any TestClientProtocol)? = nil

    /// Runs `body` against a server started for it, and stops the server afterwards.
    static func run<T: Sendable>(
        transport: TestServer.Transport = .router, sessionLifetime: TimeInterval = 3600, clock: TestClock? = nil,
        configure: (inout ServerSettings) -> Void = { _ in },
        _ body: @Sendable (ServerHarness) async throws -> T
    ) async throws -> T {
        func configured(_ settings: inout ServerSettings) {
            settings.sessionLifetime = sessionLifetime
            if let clock { settings.clock = { clock.now } }
            configure(&settings)
        }
        return try await TestServer.run(transport: transport, configure: configured) { test in
            try await body(ServerHarness(port: test.port, server: test.server, router: test.router))
        }
    }

    /// A client of its own (its own connection and cookie), like a separate app or person.
    func client() -> APIClient {
        if let router { return APIClient(router: router) }
        return APIClient(port: port)
    }

    /// A client with a fresh anonymous session.
    func anonymous() async throws -> APIClient {
        let client = client()
        let response = try await client.post("/api/v1/sessions/anonymous")
        guard response.status == .created else { throw HarnessError.unexpected(response.status, response.text) }
        return client
    }

    /// A client logged in to a newly registered account.
    func registered(_ login: String, password: String = "correct horse battery") async throws -> APIClient {
        let client = client()
        let response = try await client.post("/api/v1/accounts", json: Credentials(login: login, password: password))
        guard response.status == .created else { throw HarnessError.unexpected(response.status, response.text) }
        return client
    }
}

enum HarnessError: Error {
    case unexpected(HTTPResponse.Status, String)
}

/// A tiny HTTP client with a cookie jar of one cookie: the session. It sends over a connection of
/// its own, or hands its requests to the server's router.
final class APIClient: Sendable {
    private let connection: TestClient?
    private let router: (any TestClientProtocol)?
    private let cookie = Mutex<String?>(nil)

    init(port: Int) {
        // What is answered, not how fast: a loaded machine may keep an answer long (the suite's time
        // limit ends a hang).
        let connection = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(300)))
        connection.connect()
        self.connection = connection
        router = nil
    }

    init(router: any TestClientProtocol) {
        connection = nil
        self.router = router
    }

    deinit {
        guard let connection else { return }
        Task { try? await connection.shutdown() }
    }

    struct Response: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body read as the client reads it: with the wire types' own reader.
        func decode<T: JSONReadable>(_ type: T.Type) throws -> T {
            try JSONReader.read(type, from: body)
        }

        /// The error code of a JSON error body.
        var errorCode: String? { try? decode(APIErrorBody.self).error }
    }

    var sessionCookie: String? {
        get { cookie.withLock { $0 } }
        set { cookie.withLock { $0 = newValue } }
    }

    func get(_ uri: String) async throws -> Response { try await send(uri, method: .get, body: nil) }
    func delete(_ uri: String) async throws -> Response { try await send(uri, method: .delete, body: nil) }

    func post(_ uri: String, body: Data? = nil) async throws -> Response {
        try await send(uri, method: .post, body: body)
    }

    func post(_ uri: String, json: some Encodable) async throws -> Response {
        try await send(uri, method: .post, body: try JSONEncoder().encode(json))
    }

    func send(_ uri: String, method: HTTPRequest.Method, body: Data?, headers extra: HTTPFields = [:]) async throws
        -> Response
    {
        var headers = extra
        if let value = sessionCookie { headers[.cookie] = "\(APIContract.sessionCookie)=\(value)" }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let bytes = body.map { ByteBuffer(bytes: $0) }
        let response: Response
        if let router {
            let answer = try await router.executeRequest(uri: uri, method: method, headers: headers, body: bytes)
            response = Response(
                status: answer.status, headers: answer.headers, body: Data(answer.body.readableBytesView))
        } else if let connection {
            let answer = try await connection.execute(
                TestClient.Request(uri, method: method, authority: "localhost", headers: headers, body: bytes))
            response = Response(
                status: answer.status, headers: answer.headers,
                body: answer.body.map { Data($0.readableBytesView) } ?? Data())
        } else {
            preconditionFailure("an APIClient sends over a connection or to a router")
        }
        if let setCookie = response.headers[.setCookie], setCookie.hasPrefix(APIContract.sessionCookie + "=") {
            let value = setCookie.dropFirst(APIContract.sessionCookie.count + 1).prefix { $0 != ";" }
            sessionCookie = value.isEmpty ? nil : String(value)
        }
        return response
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date())

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
