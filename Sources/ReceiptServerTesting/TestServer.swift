public import Foundation
import Hummingbird
public import HummingbirdTesting
import Logging
public import ReceiptCore
public import ReceiptServer
import ReceiptTesting

/// The real receipts server, in this process, with a fresh database in a temporary folder: what the
/// server's and the client's tests run against. It listens on a free loopback port (``Transport/live``)
/// or answers requests handed straight to its router (``Transport/router``).
public struct TestServer: Sendable {
    /// How requests reach the server.
    public enum Transport: Sendable {
        /// Over a loopback connection: what a test of the connection itself needs (a slow client, a
        /// malformed request, a peer's address, a client of another process or library).
        case live
        /// Handed to the router in this process, no socket: the routes, middleware and services as
        /// they run, without the HTTP layer (its channel handlers, its deadlines). Every request
        /// names `localhost` and comes from an unknown peer, so all count as one client.
        case router
    }

    /// The port it listens on; 0 under ``Transport/router``.
    public let port: Int
    /// The client that hands requests to the router (``Transport/router``); nil over a socket.
    public let router: (any TestClientProtocol)?
    /// The server itself, for reaching past HTTP (seeding, the clock).
    public let server: ReceiptsServer
    /// The temporary folder of the server's database, free for the test's own files until the
    /// server stops.
    public let folder: String

    /// The server's address.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// The demo a server can be seeded with before it starts: `receipts` demo receipts ending at
    /// `until`, drawn from `seed`.
    public struct Demo: Sendable {
        let seed: UInt64
        let until: LocalDateTime
        let receipts: Int

        /// The demo of `receipts` receipts up to `until`, drawn from `seed`.
        public init(seed: UInt64, until: LocalDateTime, receipts: Int) {
            self.seed = seed
            self.until = until
            self.receipts = receipts
        }
    }

    /// Runs `body` against a server started for it, and stops the server and removes its folder
    /// afterwards. Passwords are hashed cheaply (cost 4), the log is quiet, and a kept-alive
    /// connection may wait long for its next request (a loaded machine makes test clients slow).
    /// With `RECEIPTS_TEST_STORAGE=postgresql`, the server's database is one of its own on the test
    /// cluster (`RECEIPTS_TEST_POSTGRES_URL`, else one started for it): the same tests, over PostgreSQL.
    public static func run<T: Sendable>(
        transport: Transport = .live, demo: Demo? = nil, configure: (inout ServerSettings) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        guard ProcessInfo.processInfo.environment["RECEIPTS_TEST_STORAGE"] == "postgresql" else {
            return try await run(transport: transport, postgres: nil, demo: demo, configure: configure, body)
        }
        let cluster = try await PostgresCluster()
        return try await cluster.withDatabase { database in
            try await run(transport: transport, postgres: database, demo: demo, configure: configure, body)
        }
    }

    private static func run<T: Sendable>(
        transport: Transport, postgres: String?, demo: Demo?, configure: (inout ServerSettings) -> Void,
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let folder = try TemporaryFolder("server")
        var settings = ServerSettings.forTests(databasePath: folder.file("server.sqlite"))
        if let postgres { settings.database = .postgres(try PostgresAddress(postgres)) }
        configure(&settings)
        let server = try await ReceiptsServer(settings: settings)
        do {
            if let demo {
                _ = try await server.seedDemo(seed: demo.seed, until: demo.until, receiptCount: demo.receipts)
            }
        } catch {
            await server.close()
            throw error
        }
        switch transport {
        case .live:
            return try await server.application().test(.live) { client in
                try await body(TestServer(port: client.port ?? 0, router: nil, server: server, folder: folder.path))
            }
        case .router:
            return try await server.application().test(.router) { client in
                try await body(TestServer(port: 0, router: client, server: server, folder: folder.path))
            }
        }
    }
}

extension ServerSettings {
    /// Settings for a server a test starts on a free loopback port: passwords hashed cheaply (cost 4),
    /// a quiet log, and patience for a loaded machine. A kept-alive test client may wait long for its
    /// next request (the test's task waits for a thread of the pool), and PostgreSQL may be slow to
    /// answer: tests check what is answered, not how fast. A test of the limits sets its own.
    public static func forTests(databasePath: String = "") -> ServerSettings {
        var settings = ServerSettings(
            host: "127.0.0.1", port: 0, databasePath: databasePath, bcryptCost: 4, logLevel: .critical)
        settings.requestHeadTimeout = .seconds(600)
        settings.databasePatience = .seconds(120)
        return settings
    }
}
