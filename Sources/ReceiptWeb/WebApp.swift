import ConnectionGuards
import Foundation
public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
public import ReceiptCore
import ReceiptReports
public import ReceiptStore
public import ReceiptSync
import Synchronization

/// `receipts web`: the receipts app in a browser, over the user's own database, on this machine.
/// Hummingbird serves the page's files and a JSON API of its own under `/api/`; database work runs
/// on NIO's thread pool, never on an event loop.
public final class WebApp: Sendable {
    let settings: WebSettings
    let database: ReceiptDatabase
    /// The receipts server and the session kept for it (as `receipts login` keeps it): places,
    /// adding to the account, signing in and importing. Nil when none is set.
    let account: ServerAccount?
    /// The import the page started, if any.
    let importRun = ImportRun()
    /// The tax service and proverkacheka.com, with the session and token kept on this machine; nil
    /// in an app given none (a test's).
    let fiscalAccess: FiscalAccess?
    /// The import from the tax service the page started, if any.
    let taxServiceImport = WebJob()
    /// The completion of pending receipts the page started, if any.
    let completion = WebJob()
    /// The import from «Мои чеки онлайн» the page started, if any.
    let cabinetImport = WebJob()
    /// The one-time codes `--open` gave the browser, waiting for the page to exchange them.
    let openingCodes = OpeningCodes()
    /// The port the app listens on, once it does.
    private let listening = Mutex<Int?>(nil)
    /// The local date and time now: this machine's clock, or a fixed one in tests. Budgets and
    /// regular payments are counted as of it.
    let now: @Sendable () throws -> LocalDateTime

    /// The app over `database`, with the receipts server of `account`; `now` stands in for the
    /// machine's clock.
    public init(
        settings: WebSettings, database: ReceiptDatabase, account: ServerAccount? = nil,
        fiscal: FiscalAccess? = nil,
        now: (@Sendable () throws -> LocalDateTime)? = nil
    ) {
        self.settings = settings
        self.database = database
        self.account = account
        self.fiscalAccess = fiscal
        self.now = now ?? Self.localNow
    }

    /// Adding as `receipts add` does: to the account on the server when a session is kept for it
    /// now (the page may have signed in since the app started), else here, pending.
    func adding() async throws -> ReceiptAdding {
        guard let account else { return ReceiptAdding(database: database, client: nil) }
        let session = try await offLoop { try account.saved() }
        return ReceiptAdding(database: database, client: session.map { account.client($0) })
    }

    /// A client of the receipts server with the session kept now; the page waits for it, so it
    /// tries for a few seconds, not the command line's minute.
    func serverClient() async throws -> ReceiptsClient? {
        guard let account = account?.trying(atMost: 8) else { return nil }
        let session = try await offLoop { try account.saved() }
        return account.client(session)
    }

    /// The address to open once the app listens on `port`, the key in its fragment (`#key=`), which
    /// the browser keeps to itself: no server receives it, nor any log.
    public func address(port: Int) -> String {
        address(host: settings.ownHost, port: port)
    }

    /// The address with the key at `host` (with `--lan`, one of ``LANAddresses``).
    public func address(host: String, port: Int) -> String {
        "http://\(Self.urlHost(host)):\(port)/#key=\(settings.key)"
    }

    /// An address for another process to open (`xdg-open`), whose arguments any user of the machine
    /// can read: a one-time code in place of the key, which the page exchanges for it once, within a
    /// minute.
    public func openingAddress(port: Int) -> String {
        "http://\(Self.urlHost(settings.ownHost)):\(port)/#code=\(openingCodes.issue())"
    }

    /// Calls `action` with what became of each exchange of a code ``openingAddress(port:)`` gave:
    /// the terminal says when the page opened, and when a code came back spent (another page, or
    /// another user, had it first).
    public func whenOpened(_ action: @escaping @Sendable (OpeningOutcome) -> Void) {
        openingCodes.listen(action)
    }

    /// What a request's `Host` may name: the app's own address on the port it listens on; on
    /// loopback, under any of the names that reach it; with `--lan`, those and the address of this
    /// machine the request came in on (`local`), as a number: a name of another site that was
    /// pointed at this machine is refused. None before it listens.
    func authorities(local: SocketAddress?) -> [String] {
        guard let port = listening.withLock({ $0 }) else { return [] }
        var hosts: [String]
        if settings.isLoopback || settings.lan {
            hosts = ["127.0.0.1", "localhost", "[::1]"]
            if settings.lan, let ip = local?.ipAddress {
                // An IPv4 client of a dual-stack socket shows as `::ffff:a.b.c.d`.
                let plain = ip.lowercased().hasPrefix("::ffff:") && ip.contains(".") ? String(ip.dropFirst(7)) : ip
                hosts.append(Self.urlHost(plain.lowercased()))
            }
        } else {
            hosts = [Self.urlHost(settings.host.lowercased())]
        }
        return hosts.map { "\($0):\(port)" }
    }

    /// Takes the app to listen on `port`: the server, once it does; a test handing requests to the
    /// router, before it does.
    func listens(on port: Int) {
        listening.withLock { $0 = port }
    }

    /// The application; `onRunning` hears the port it listens on.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let settings = settings
        // With --lan any device on the network may connect: none may hold more than its share.
        let cap = settings.lan ? PeerConnectionCap(limit: settings.connectionsPerPeer) : nil
        @Sendable func guards() -> [any RemovableChannelHandler] {
            let deadlines = RequestDeadlineHandler(
                headTimeout: TimeAmount(settings.requestHeadTimeout),
                requestTimeout: TimeAmount(settings.requestTimeout),
                exempt: { AccessGuard.isAcceptedUpload($0, key: settings.key) })
            return (cap.map { [$0.handler()] } ?? []) + [deadlines]
        }
        return Application(
            router: router(),
            server: .http1(configuration: HTTP1Channel.Configuration(additionalChannelHandlers: guards())),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.listenHost, port: settings.port), serverName: "receipts-web"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                self.listens(on: port)
                await onRunning(port)
            },
            logger: Self.logger)
    }

    func router() -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        router.add(middleware: AccessGuard(key: settings.key, authorities: { self.authorities(local: $0) }))
        AccessRoutes(app: self).register(on: router)
        ReceiptsRoutes(app: self).register(on: router)
        SearchRoutes(app: self).register(on: router)
        CategoriesRoutes(app: self).register(on: router)
        BankRoutes(app: self).register(on: router)
        AddRoutes(app: self).register(on: router)
        PlacesRoutes(app: self).register(on: router)
        StatisticsRoutes(app: self).register(on: router)
        InsightsRoutes(app: self).register(on: router)
        ImportRoutes(app: self).register(on: router)
        DataRoutes(app: self).register(on: router)
        FiscalRoutes(app: self).register(on: router)
        CabinetRoutes(app: self).register(on: router)
        ShopsRoutes(app: self).register(on: router)
        HouseholdRoutes(app: self).register(on: router)
        for path in StaticFiles.paths {
            router.get(RouterPath(stringLiteral: path)) { _, _ in
                StaticFiles.response(path) ?? Response(status: .notFound)
            }
        }
        for path in StaticFiles.views {
            router.get(RouterPath(stringLiteral: path)) { _, _ in
                StaticFiles.response("/") ?? Response(status: .notFound)
            }
        }
        return router
    }

    /// The largest photo the page may send: a 50 MP phone picture as JPEG stays well under it.
    static let largestPhoto = 40 * 1_024 * 1_024

    /// The largest export file the page may send: years of receipts of a family stay well under it.
    static let largestExport = 64 * 1_024 * 1_024

    /// The month that has not ended yet, by this machine's clock: its statistics are marked so, as
    /// `receipts stats` marks them.
    static func thisMonth() -> Month? {
        let parts = Calendar.current.dateComponents([.year, .month], from: Date())
        return try? Month(year: parts.year ?? 0, month: parts.month ?? 0)
    }

    /// The date and time on this machine's clock, in its time zone, as `receipts budget` reads it.
    @Sendable static func localNow() throws -> LocalDateTime {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        return try LocalDateTime(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0)
    }

    /// A JSON answer, written as `--json` writes it.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONOutput.data(value))))
    }

    /// Hummingbird's own log: warnings only, the command prints the address itself.
    private static var logger: Logger {
        var logger = Logger(label: "receipts.web")
        logger.logLevel = .warning
        return logger
    }

    /// An IPv6 address in brackets, as a URL writes it.
    private static func urlHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}
