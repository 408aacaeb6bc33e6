import Hummingbird
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// A month's statistics, a category's items and receipts, the 12-month chart; the statistics and the
/// chart the household's or one person's.
struct StatisticsRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/stats") { request, context in try await statistics(RequestValues(request, context)) }
        router.get("/api/stats/category") { request, context in try await category(RequestValues(request, context)) }
        router.get("/api/stats/chart.svg") { request, context in try await chart(RequestValues(request, context)) }
    }

    /// One month (`month`, else the latest), or a range (`from`, `to`) as `stats --from --to` reads it,
    /// the household's or one person's (`person`, an id, as `stats --person`); `{"empty": true}` when
    /// there are no receipts there (or none at all), 404 for a person who is not there.
    private func statistics(_ asked: RequestValues) async throws -> Response {
        let words = asked.words
        let (month, (from, to)) = (try asked.month("month"), try asked.monthRange())
        let whose = try asked.person()
        let today = try app.now()
        let view = try await app.inDatabase { database throws -> StatisticsView? in
            let people = try database.people()
            let person = try whose.map { id in
                guard let person = people.first(where: { $0.id == id }) else {
                    throw WebError.notFound(words.noPerson(id))
                }
                return person
            }
            let available = try database.monthTotals().map(\.month)
            guard let last = to ?? month ?? from ?? available.last else { return nil }
            let first = from ?? month ?? last
            // Months without a receipt are no statistics, as `report` finds them nothing to report.
            guard first <= last,
                let statistics = try SpendingStatistics.read(
                    from: database, range: first...last, top: 10, ongoing: WebApp.thisMonth(), person: person?.id),
                statistics.months.contains(where: { $0.receipts > 0 })
            else { return nil }
            // One month shows its categories' limits (the person's own, for a person) beside what they spent.
            let budget =
                first == last
                ? try BudgetStatus.read(from: database, month: first, today: today, person: person?.id) : nil
            return StatisticsView(
                statistics, available: available, budget: budget, people: people, person: person, words: words)
        }
        // No receipts there is an answer, not an error: the page says what to do next.
        guard let view else { return try WebApp.json(["empty": true]) }
        return try WebApp.json(view)
    }

    private func category(_ asked: RequestValues) async throws -> Response {
        let words = asked.words
        guard case (let from?, let to?) = try asked.monthRange() else {
            throw WebError.badRequest(words.badMonth(asked.string("from") ?? asked.string("to") ?? ""), field: "from")
        }
        guard let category = asked.string("category").flatMap(Category.init(rawValue:)) else {
            throw WebError.badRequest(words.unknownCategory(asked.string("category") ?? ""), field: "category")
        }
        let detail = try await app.inDatabase { database in
            CategoryView(
                category: category, months: from...to,
                names: try database.names(in: category, months: from...to, limit: 20),
                hits: try database.search(
                    SearchQuery(text: "", filters: SearchFilters(category: category, from: from, to: to))),
                words: words)
        }
        return try WebApp.json(detail)
    }

    /// The chart of spending by month that ends with the page's month (`month`, or `from` and `to`;
    /// else the latest), twelve months or the whole range, as the report draws it; one person's with
    /// `person`.
    private func chart(_ asked: RequestValues) async throws -> Response {
        let (language, narrow) = (asked.words.language, asked.string("narrow") == "1")
        let (month, (from, to)) = (try asked.month("month"), try asked.monthRange())
        let person = try asked.person()
        let svg = try await app.inDatabase { database throws -> String? in
            guard let last = try to ?? month ?? from ?? database.monthTotals().last?.month else { return nil }
            let first = min(from ?? month ?? last, last)
            guard
                let statistics = try SpendingStatistics.read(
                    from: database, range: SpendingStatistics.history(for: first...last), top: 10,
                    ongoing: WebApp.thisMonth(), person: person)
            else { return nil }
            return ReportCharts.spendingByMonth(statistics, language: language, narrow: narrow)
        }
        guard let svg else { throw WebError.notFound(asked.words.page["noStatistics"] ?? "") }
        return Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }
}
