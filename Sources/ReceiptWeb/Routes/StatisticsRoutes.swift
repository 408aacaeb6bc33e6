import Hummingbird
import NIOPosix
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

extension WebApp {
    /// A month's statistics, a category's items and receipts, the 12-month chart.
    func addStatisticsRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/stats") { request, _ in
            let words = Self.words(request)
            // One month (`month`, else the latest), or a range (`from`, `to`) as `stats --from --to` reads it.
            let query = request.uri.queryParameters
            var asked: [String: Month] = [:]
            for key in ["month", "from", "to"] {
                guard let text = query[Substring(key)].map(String.init) else { continue }
                guard let month = Month(text) else { throw HTTPError(.badRequest) }
                asked[key] = month
            }
            if let from = asked["from"], let to = asked["to"], from > to { throw HTTPError(.badRequest) }
            let chosen = asked
            let (database, today) = (self.database, try self.now())
            let view = try await NIOThreadPool.singleton.runIfActive { () throws -> StatisticsView? in
                let available = try database.monthTotals().map(\.month)
                guard let last = chosen["to"] ?? chosen["month"] ?? chosen["from"] ?? available.last else { return nil }
                let first = chosen["from"] ?? chosen["month"] ?? last
                guard first <= last,
                    let statistics = try SpendingStatistics.read(
                        from: database, range: first...last, top: 10, ongoing: Self.thisMonth())
                else { return nil }
                // One month shows its categories' limits beside what they spent.
                let budget = first == last ? try BudgetStatus.read(from: database, month: first, today: today) : nil
                return StatisticsView(statistics, available: available, budget: budget, words: words)
            }
            guard let view else { throw HTTPError(.notFound, message: words.page["noStatistics"] ?? "") }
            return try Self.json(view)
        }
        router.get("/api/stats/category") { request, _ in
            let words = Self.words(request)
            let query = request.uri.queryParameters
            guard let from = query["from"].flatMap({ Month(String($0)) }),
                let to = query["to"].flatMap({ Month(String($0)) }), from <= to,
                let category = query["category"].flatMap({ Category(rawValue: String($0)) })
            else { throw HTTPError(.badRequest) }
            let database = self.database
            let detail = try await NIOThreadPool.singleton.runIfActive {
                CategoryDetail(
                    category: category, months: from...to,
                    names: try database.names(in: category, months: from...to, limit: 20),
                    hits: try database.search(
                        SearchQuery(text: "", filters: SearchFilters(category: category, from: from, to: to))),
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
    }
}
