import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
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

    /// The connection to the app.
    let connection: TestClient
    /// The port the app listens on.
    let port: Int
    /// The key sent as `Authorization: Bearer`; nil for none.
    var key: String?
    /// What `Host` names.
    var authority: String
    /// What `Origin` names in a change; nil for none.
    var origin: String?

    /// The page of the app on `port` that holds `key`.
    init(connection: TestClient, port: Int, key: String?) {
        self.connection = connection
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
        let response = try await connection.execute(
            TestClient.Request(uri, method: method, authority: authority, headers: fields, body: body))
        return Answer(status: response.status, headers: response.headers, body: response.body ?? ByteBuffer())
    }

    /// A GET of `uri`.
    func get(_ uri: String) async throws -> Answer { try await execute(uri: uri, method: .get) }

    /// A POST of `json` to `uri`.
    func post(_ uri: String, _ json: String = "{}") async throws -> Answer {
        try await execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }
}

extension WebApp {
    /// Runs the app live on a free loopback port; `body` gets the page, which holds the key.
    func withPage<Value: Sendable>(_ body: @Sendable (AppPage) async throws -> Value) async throws -> Value {
        let key = settings.key
        return try await application().test(.live) { client in
            let port = try #require(client.port)
            // Tests check what is answered, not how fast: on a loaded machine an import's answer may
            // take long (the suite's time limit ends a hang).
            let connection = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(300)))
            connection.connect()
            do {
                let value = try await body(AppPage(connection: connection, port: port, key: key))
                try await connection.shutdown()
                return value
            } catch {
                try? await connection.shutdown()
                throw error
            }
        }
    }
}
