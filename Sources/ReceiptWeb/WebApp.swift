import Foundation
public import Hummingbird
import Logging
import NIOPosix
import ReceiptAPI
import ReceiptCore
import ReceiptReports
import ReceiptScan
import ReceiptStats
public import ReceiptStore
public import ReceiptSync

/// `receipts web`: the receipts app in a browser, over the user's own database, on this machine.
/// Hummingbird serves the page's files and a JSON API of its own under `/api/`; database work runs
/// on NIO's thread pool, never on an event loop.
public final class WebApp: Sendable {
    let settings: WebSettings
    let database: ReceiptDatabase
    let adding: ReceiptAdding
    /// The receipts server's client, for its places search; nil when none is set.
    let server: ReceiptsClient?

    /// The app over `database`; `server` answers the nearby shops; `adding` adds receipts as `receipts add` does (to the receipts
    /// server when someone is logged in, else here, pending); by default, here.
    public init(
        settings: WebSettings, database: ReceiptDatabase, adding: ReceiptAdding? = nil, server: ReceiptsClient? = nil
    ) {
        self.settings = settings
        self.database = database
        self.adding = adding ?? ReceiptAdding(database: database, client: nil)
        self.server = server
    }

    /// The address to open, token included, once the app listens on `port`.
    public func address(port: Int) -> String {
        "http://\(Self.urlHost(settings.host)):\(port)/?token=\(settings.token)"
    }

    /// The application; `onRunning` hears the port it listens on.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: "receipts-web"),
            onServerRunning: { channel in
                await onRunning(channel.localAddress?.port ?? 0)
            },
            logger: Self.logger)
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: AccessGuard(token: settings.token))
        router.get("/api/words") { request, _ in
            try Self.json(Self.words(request).page)
        }
        router.get("/api/feed") { request, _ in
            let offset = request.uri.queryParameters["offset"].flatMap { Int(String($0)) } ?? 0
            guard offset >= 0 else { throw HTTPError(.badRequest) }
            let words = Self.words(request)
            let database = self.database
            let listings = try await NIOThreadPool.singleton.runIfActive {
                try database.listing(from: nil, through: nil, offset: offset, limit: FeedPage.size)
            }
            return try Self.json(FeedPage(listings, offset: offset, words: words))
        }
        router.get("/api/receipts/:id") { request, context in
            let id = try Self.receiptID(context)
            let words = Self.words(request)
            let database = self.database
            let found = try await NIOThreadPool.singleton.runIfActive { () throws -> ReceiptDetail? in
                guard let (receipt, place) = try database.receipt(id: id) else { return nil }
                return ReceiptDetail(
                    id: id, receipt: receipt, place: place, categories: try database.itemCategories(ofReceipt: id),
                    check: receipt.status == .pending ? try database.check(of: receipt.identity) : nil, words: words)
            }
            guard let found else { throw HTTPError(.notFound, message: words.page["notFound"] ?? "") }
            return try Self.json(found)
        }
        router.get("/api/receipts/:id/qr.png") { _, context in
            let id = try Self.receiptID(context)
            let database = self.database
            let png = try await NIOThreadPool.singleton.runIfActive { () throws -> Data? in
                guard let (receipt, _) = try database.receipt(id: id) else { return nil }
                return try PNGCodec.encode(try QRRenderer.render(receipt.fiscalCode.canonical, scale: 6))
            }
            guard let png else { throw HTTPError(.notFound) }
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.get("/api/search") { request, _ in
            let words = Self.words(request)
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            let asked: SearchRequest
            do throws(SearchRequestError) {
                asked = try SearchRequest(query, words: words)
            } catch {
                return try Self.json(["error": error.message], status: .badRequest)
            }
            let database = self.database
            let hits = try await NIOThreadPool.singleton.runIfActive {
                let hits = try database.search(
                    SearchQuery(text: asked.text, filters: asked.filters, offset: asked.offset, limit: SearchPage.size))
                // As `receipts search` does: the last five searches and the last filters are kept.
                if asked.offset == 0 { try database.remember(search: asked.text, filters: asked.filters) }
                return hits
            }
            return try Self.json(SearchPage(hits, offset: asked.offset, words: words))
        }
        router.get("/api/search/memory") { request, _ in
            let part = request.uri.queryParameters["part"].map(String.init)
            let database = self.database
            let memory = try await NIOThreadPool.singleton.runIfActive {
                SearchMemory(
                    texts: try database.searchHistory(containing: part), filters: try database.lastSearchFilters())
            }
            return try Self.json(memory)
        }
        router.get("/api/categories") { request, _ in
            let language = Self.words(request).language
            return try Self.json(Category.allCases.map { ["category": $0.rawValue, "name": $0.name(in: language)] })
        }
        router.get("/api/categories/uncategorized") { request, _ in
            let words = Self.words(request)
            let database = self.database
            let names = try await NIOThreadPool.singleton.runIfActive {
                try database.names(in: .uncategorized, limit: 50)
            }
            return try Self.json(UncategorizedNames(names, words: words))
        }
        router.post("/api/categories/choice") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryChange.self, context: context)
            guard !ItemName.key(asked.name).isEmpty else {
                return try Self.json(["error": words.noItemName], status: .badRequest)
            }
            guard let category = asked.category.flatMap(Category.init(rawValue:)) else {
                return try Self.json(["error": words.unknownCategory(asked.category ?? "")], status: .badRequest)
            }
            let database = self.database
            let choice = try await NIOThreadPool.singleton.runIfActive {
                try database.choose(category, forItemNamed: asked.name)
            }
            return try Self.json(["message": choice.chosenMessage(in: words.language)])
        }
        router.post("/api/categories/undo") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryChange.self, context: context)
            let database = self.database
            let forgotten = try await NIOThreadPool.singleton.runIfActive {
                try database.forgetChoice(forItemNamed: asked.name)
            }
            guard let forgotten else { return try Self.json(["error": words.noChoice(asked.name)], status: .notFound) }
            return try Self.json(["message": forgotten.forgottenMessage(in: words.language)])
        }
        router.post("/api/add/photo") { request, context in
            let language = Self.words(request).language
            let data = Data(try await request.body.collect(upTo: Self.largestPhoto).readableBytesView)
            let report = try await AddingReport.photo(data, adding: self.adding, language: language)
            return try Self.json(report, status: report.problem == nil ? .ok : .unprocessableContent)
        }
        router.post("/api/add/qr") { request, context in
            let language = Self.words(request).language
            let pasted = try await request.decode(as: PastedPayload.self, context: context)
            let report = try await AddingReport.payload(pasted.qr, adding: self.adding, language: language)
            return try Self.json(report, status: report.problem == nil ? .ok : .unprocessableContent)
        }
        router.get("/api/places") { request, _ in
            let words = Self.words(request)
            let query = request.uri.queryParameters
            guard let latitude = query["lat"].flatMap({ Double(String($0)) }),
                let longitude = query["lon"].flatMap({ Double(String($0)) }),
                let center = try? Coordinate(latitude: latitude, longitude: longitude)
            else { return try Self.json(["problem": words.badPoint], status: .badRequest) }
            guard let server = self.server else {
                return try Self.json(["problem": words.noServer], status: .badGateway)
            }
            let page: PlacesPage
            do throws(ClientError) {
                page = try await server.places(
                    near: center, text: query["q"].map(String.init), radius: nil,
                    cursor: query["cursor"].map(String.init))
            } catch {
                return try Self.json(["problem": error.message(in: words.language)], status: .badGateway)
            }
            let database = self.database
            let favourites = try await NIOThreadPool.singleton.runIfActive { () throws -> Set<String> in
                // Kept here as `receipts places` keeps them: found offline later, and starred.
                try database.save(
                    page.places.compactMap { entry in
                        (try? Coordinate(latitude: entry.lat, longitude: entry.lon)).map {
                            Place(
                                id: entry.id, name: entry.name, coordinate: $0,
                                category: Category(rawValue: entry.category) ?? .uncategorized, address: entry.address)
                        }
                    })
                return try database.favouritePlaceIDs()
            }
            return try Self.json(NearbyPlaces(page, favourites: favourites, words: words))
        }
        router.post("/api/places/star") { request, context in
            let choice = try await request.decode(as: PlaceChoice.self, context: context)
            let database = self.database
            let done = try await NIOThreadPool.singleton.runIfActive { try database.star(placeID: choice.id) }
            return try Self.json(["starred": done], status: done ? .ok : .notFound)
        }
        router.post("/api/places/unstar") { request, context in
            let choice = try await request.decode(as: PlaceChoice.self, context: context)
            let database = self.database
            let done = try await NIOThreadPool.singleton.runIfActive { try database.unstar(placeID: choice.id) }
            return try Self.json(["starred": !done], status: done ? .ok : .notFound)
        }
        router.get("/api/stats") { request, _ in
            let words = Self.words(request)
            let asked = request.uri.queryParameters["month"].map(String.init)
            let chosen = asked.flatMap(Month.init)
            if asked != nil, chosen == nil { throw HTTPError(.badRequest) }
            let database = self.database
            let view = try await NIOThreadPool.singleton.runIfActive { () throws -> StatisticsView? in
                let available = try database.monthTotals().map(\.month)
                guard let month = chosen ?? available.last,
                    let statistics = try SpendingStatistics.read(
                        from: database, range: month...month, top: 10, ongoing: Self.thisMonth())
                else { return nil }
                return StatisticsView(statistics, available: available, words: words)
            }
            guard let view else { throw HTTPError(.notFound, message: words.page["noStatistics"] ?? "") }
            return try Self.json(view)
        }
        router.get("/api/stats/category") { request, _ in
            let words = Self.words(request)
            guard let month = request.uri.queryParameters["month"].flatMap({ Month(String($0)) }),
                let category = request.uri.queryParameters["category"].flatMap({ Category(rawValue: String($0)) })
            else { throw HTTPError(.badRequest) }
            let database = self.database
            let detail = try await NIOThreadPool.singleton.runIfActive {
                CategoryDetail(
                    category: category, month: month,
                    names: try database.names(in: category, months: month...month, limit: 20),
                    hits: try database.search(
                        SearchQuery(text: "", filters: SearchFilters(category: category, from: month, to: month))),
                    words: words)
            }
            return try Self.json(detail)
        }
        router.get("/api/stats/chart.svg") { request, _ in
            let words = Self.words(request)
            let narrow = request.uri.queryParameters["narrow"] == "1"
            let database = self.database
            let svg = try await NIOThreadPool.singleton.runIfActive { () throws -> String? in
                guard let range = try SpendingStatistics.recentMonths(12, in: database),
                    let statistics = try SpendingStatistics.read(
                        from: database, range: range, top: 10, ongoing: Self.thisMonth())
                else { return nil }
                return ReportCharts.spendingByMonth(statistics, language: words.language, narrow: narrow)
            }
            guard let svg else { throw HTTPError(.notFound) }
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
        }
        for path in ["/", "/index.html", "/app.js", "/style.css"] {
            router.get(RouterPath(stringLiteral: path)) { _, _ in
                StaticFiles.response(path) ?? Response(status: .notFound)
            }
        }
        return router
    }

    /// The largest photo the page may send: a 50 MP phone picture as JPEG stays well under it.
    static let largestPhoto = 40 * 1_024 * 1_024

    /// The month that has not ended yet, by this machine's clock: its statistics are marked so, as
    /// `receipts stats` marks them.
    private static func thisMonth() -> Month? {
        let parts = Calendar.current.dateComponents([.year, .month], from: Date())
        return try? Month(year: parts.year ?? 0, month: parts.month ?? 0)
    }

    /// The `:id` of the path: a positive whole number, else 400.
    private static func receiptID(_ context: BasicRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id").flatMap({ Int64($0) }), id > 0 else {
            throw HTTPError(.badRequest)
        }
        return id
    }

    private static func words(_ request: Request) -> WebWords {
        WebWords(
            query: request.uri.queryParameters["lang"].map(String.init),
            acceptLanguage: request.headers[.acceptLanguage])
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
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
