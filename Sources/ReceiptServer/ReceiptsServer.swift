import ConnectionGuards
public import Foundation
public import Hummingbird
import HummingbirdBcrypt
import HummingbirdCore
public import Logging
import NIOCore
import ReceiptAPI
import ReceiptCore
import ServiceLifecycle

/// How a receipts server is set up.
public struct ServerSettings: Sendable {
    /// The address to listen on; `127.0.0.1` keeps the server to this machine.
    public var host: String
    /// The port to listen on; 0 takes any free one (``ReceiptsServer/application(onRunning:)`` says which).
    public var port: Int
    /// Where the server keeps its data: an SQLite file, or a PostgreSQL database several instances share.
    public var database: ServerDatabase
    /// How long a session lasts; 30 days unless set.
    public var sessionLifetime: TimeInterval
    /// bcrypt's cost for new passwords: 12 unless set (tests use the minimum, 4).
    public var bcryptCost: UInt8
    /// The lowest level logged to standard error; every request is logged at `info`.
    public var logLevel: Logger.Level
    /// What time it is for sessions: the system clock unless a test sets its own.
    public var clock: @Sendable () -> Date = { Date() }
    /// How long a client may take to send a request's head (from connecting, or from the previous
    /// response); a connection that takes longer is closed.
    public var requestHeadTimeout: Duration = .seconds(15)
    /// How long a client may take to send a whole request once its head has arrived.
    public var requestTimeout: Duration = .seconds(60)
    /// How long a request waits for PostgreSQL (a connection, a lock, the query) before it is
    /// answered 503: the database is taken to be gone.
    public var databasePatience: Duration = .seconds(10)
    /// What completes pending receipts in the background (`serve --complete-with`); none when nil.
    public var completer: (any ReceiptCompleter)?
    /// How the background completion paces itself.
    public var completionPacing = CompletionPacing()
    /// How many failed logins, registrations, anonymous accounts and added receipts the server
    /// takes before 429.
    public var throttle = ThrottleLimits()
    /// The proxies whose `Forwarded`/`X-Forwarded-For` name the client (`--trusted-proxy`); none
    /// unless set, so the client is the connection's peer.
    public var trustedProxies: [AddressRange] = []
    /// The one header the trusted proxies name the client in (`--forwarded-header`); the other is
    /// ignored, since a proxy passes on what a client wrote in a header it does not write itself.
    public var forwardedHeader: ForwardedHeader = .xForwardedFor
    /// The names, besides addresses and `localhost`, the server answers for (`--allowed-host`).
    public var allowedHosts: [String] = []
    /// The bearer token `/metrics` asks for; `/metrics` is off without one.
    public var metricsToken: String?
    /// How many bytes of feed pages the server keeps in memory to answer again while nothing they
    /// show has changed (`--answer-cache`, in megabytes); 64 MB unless set, 0 keeps none.
    public var answerCacheBytes = 64 << 20

    /// Settings with the defaults `receipts serve` uses: loopback, port 8080, 30-day sessions, bcrypt cost 12.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String, sessionLifetime: TimeInterval = 30 * 86_400,
        bcryptCost: UInt8 = 12, logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.database = .sqlite(path: databasePath)
        self.sessionLifetime = sessionLifetime
        self.bcryptCost = bcryptCost
        self.logLevel = logLevel
    }

    /// True when the server only listens on this machine.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// The receipts server: accounts and sessions, each account's receipts, adding by QR, places.
public final class ReceiptsServer: Sendable {
    /// What the server was set up with.
    public let settings: ServerSettings
    let storage: any ServerStorage
    let places: PlaceDirectory
    let placeJSON = PlaceJSONCache()
    let metrics = ServerMetrics()
    let cursors: CursorCodec
    let logger: Logger

    /// Opens (or creates) the server's database and loads its places and cursor secret; listens only
    /// once ``run()`` or ``application(onRunning:)`` runs. A PostgreSQL database that cannot be used
    /// throws ``PostgresOpenError``.
    public convenience init(settings: ServerSettings) async throws {
        let storage: any ServerStorage
        switch settings.database {
        case .sqlite(let path):
            storage = try SQLiteStorage(path: path)
        case .postgres(let address):
            var logger = Logger(label: "receipts.postgres")
            logger.logLevel = settings.logLevel == .trace ? .debug : .warning
            storage = try await PostgresStorage(address, logger: logger, patience: settings.databasePatience)
        }
        do {
            try await self.init(settings: settings, storage: storage)
        } catch {
            await storage.close()
            throw error
        }
    }

    /// Lets go of the database. The application closes it when it stops; a server that never ran
    /// (a command that only seeds or loads places) closes it here.
    public func close() async {
        await storage.close()
    }

    /// A server over `storage`.
    init(settings: ServerSettings, storage: any ServerStorage) async throws {
        self.settings = settings
        self.storage = storage
        places = PlaceDirectory(try await storage.places())
        cursors = CursorCodec(secret: try await storage.secret(named: "cursor-key"))
        var logger = Logger(label: "receipts.server")
        logger.logLevel = settings.logLevel
        self.logger = logger
        for file in (storage as? SQLiteStorage)?.narrowed ?? [] {
            logger.warning("others could read or write \(file): it is now readable by its owner only (mode 0600)")
        }
    }

    /// Loads (upserts) places from a CSV or GeoJSON file; returns how many.
    @discardableResult
    public func loadPlaces(from path: String) async throws -> Int {
        let loaded = try PlacesFile.read(path)
        try await storage.upsert(places: loaded)
        places.insert(loaded)
        return loaded.count
    }

    /// The HTTP application; `onRunning` learns the bound port (useful with port 0).
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let headTimeout = TimeAmount(settings.requestHeadTimeout)
        let requestTimeout = TimeAmount(settings.requestTimeout)
        return Application(
            router: router(),
            server: .http1(
                configuration: HTTP1Channel.Configuration(
                    additionalChannelHandlers: [
                        ProtocolErrorHandler(),
                        RequestDeadlineHandler(headTimeout: headTimeout, requestTimeout: requestTimeout),
                    ])),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: "receipts"),
            services: services(),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// What runs beside the HTTP server: the storage's closing (last to stop), the place and change
    /// watchers, and the completion worker when a provider is set.
    private func services() -> [any Service] {
        var services: [any Service] = [
            StorageCloser(storage: storage), PlaceWatcher(storage: storage, places: places, logger: logger),
            ChangeWatcher(storage: storage),
        ]
        if let completer = settings.completer {
            services.append(
                CompletionWorker(
                    storage: storage, completer: completer, pacing: settings.completionPacing,
                    limits: AccountLimits(storage: storage, limits: settings.throttle), clock: settings.clock,
                    metrics: metrics, logger: logger))
        }
        return services
    }

    /// Runs until the process is told to stop (SIGINT, SIGTERM).
    public func run() async throws {
        try await application().runService()
    }

    func router() -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: AccessLogMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: ForwardedMiddleware(trusted: settings.trustedProxies, header: settings.forwardedHeader))
        router.add(
            middleware: HostCheckMiddleware(
                allowed: Set(settings.allowedHosts.map { HostCheckMiddleware.host(of: $0) })))
        let answers = AnswerCache(changes: storage.changes, capacity: settings.answerCacheBytes)
        let accounts = AccountStore(
            storage: storage, sessionLifetime: settings.sessionLifetime, clock: settings.clock, answers: answers)
        let guarded = router.group().add(middleware: SessionMiddleware(accounts: accounts))
        let hasher = PasswordHasher(cost: settings.bcryptCost)

        router.get(Route.health.routerPath) { _, context in
            // A load balancer's question: any failure of the database is "not now", never a 500.
            let counts: (receipts: Int, places: Int)
            do {
                counts = try await self.storage.counts()
            } catch {
                context.logger.error("health: the database does not answer: \(error)")
                throw APIError.storageUnavailable
            }
            return jsonResponse(HealthStatus(status: "ok", receipts: counts.receipts, places: counts.places))
        }
        router.get(Route.metrics.routerPath) { request, _ in
            try Self.checkMetricsToken(request, expected: self.settings.metricsToken)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        bytes: self.metrics.exposition(storage: self.storage.timings))))
        }
        router.get(Route.openAPI.routerPath) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: try APIContract.openAPIDocument)))
        }
        SessionRoutes(
            accounts: accounts, hasher: hasher,
            throttle: LoginThrottle(
                storage: storage, limits: settings.throttle, signer: cursors, clock: settings.clock),
            metrics: metrics,
            decoyHash: Bcrypt.hash("decoy password", cost: settings.bcryptCost)
        ).register(on: router, guarded: guarded)
        ReceiptRoutes(
            receipts: AccountReceipts(storage: storage, placeJSON: placeJSON), accounts: accounts, answers: answers,
            cursors: cursors,
            metrics: metrics, limits: AccountLimits(storage: storage, limits: settings.throttle)
        ).register(on: router, guarded: guarded)
        HouseholdRoutes(storage: storage, limits: settings.throttle, metrics: metrics, clock: settings.clock)
            .register(guarded: guarded)
        PlaceRoutes(index: places, cursors: cursors).register(on: router)
        return router
    }

    /// `/metrics` is for the operator's Prometheus: it needs `Authorization: Bearer` the token the
    /// server was started with, and is off (403) when none was set.
    static func checkMetricsToken(_ request: Request, expected: String?) throws {
        guard let expected else {
            throw APIError(status: .forbidden, code: "metrics_off", problem: .metricsToken(configured: false))
        }
        let given = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given, Secret.matches(given, expected) else {
            var error = APIError(status: .unauthorized, code: "unauthorized", problem: .metricsToken(configured: true))
            error.headers[.wwwAuthenticate] = "Bearer"
            throw error
        }
    }
}

/// Closes the storage when the application stops: a service started before the HTTP server, so
/// stopped after it, once the requests in flight have their answers.
struct StorageCloser: Service {
    let storage: any ServerStorage

    func run() async {
        try? await gracefulShutdown()
        await storage.close()
    }
}

/// Hears the writes of other instances for the answers kept in memory (PostgreSQL's `LISTEN`);
/// nothing to hear on SQLite.
struct ChangeWatcher: Service {
    let storage: any ServerStorage

    func run() async {
        await cancelWhenGracefulShutdown { await storage.watchChanges() }
        try? await gracefulShutdown()
    }
}

/// Keeps the place index as the storage's places are: another instance's `--places` is searched
/// here within a second (PostgreSQL's `LISTEN`); nothing to watch on SQLite.
struct PlaceWatcher: Service {
    let storage: any ServerStorage
    let places: PlaceDirectory
    let logger: Logger

    func run() async {
        await cancelWhenGracefulShutdown {
            await storage.watchPlaces { [storage, places, logger] in
                do {
                    places.replace(with: try await storage.places())
                } catch {
                    logger.warning("reloading places: \(error)")
                }
            }
        }
        try? await gracefulShutdown()
    }
}
