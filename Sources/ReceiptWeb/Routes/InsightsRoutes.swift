import Foundation
import Hummingbird
import ReceiptCore
import ReceiptStats
import ReceiptStore

/// What the command line tells beyond sums: `prices`, `inflation`, `budget` (and `budget set`,
/// `unset`), `recurring`.
struct InsightsRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/prices") { request, context in try await prices(RequestValues(request, context)) }
        router.get("/api/inflation") { request, context in try await inflation(RequestValues(request, context)) }
        router.get("/api/recurring") { request, context in try await recurring(RequestValues(request, context)) }
        router.get("/api/budgets") { request, context in try await budgets(RequestValues(request, context)) }
        router.post("/api/budgets/set") { request, context in
            try await setBudget(
                RequestValues(request, context), try await request.decode(as: BudgetRequest.self, context: context))
        }
        router.post("/api/budgets/unset") { request, context in
            try await unsetBudget(
                RequestValues(request, context), try await request.decode(as: BudgetRequest.self, context: context))
        }
    }

    /// The products whose names have the words, by month, as `prices --from --to` takes the months
    /// (either may be left open).
    private func prices(_ asked: RequestValues) async throws -> Response {
        guard let query = asked.text("q") else { throw WebError.badRequest(asked.words.pricesNeedWords, field: "q") }
        let (first, last) = try asked.monthRange()
        let report = try await app.inDatabase {
            try PriceReport.read(from: $0, matching: query, from: first, through: last)
        }
        return try WebApp.json(PricesView(report, query: query, words: asked.words))
    }

    private func inflation(_ asked: RequestValues) async throws -> Response {
        let inflation = try await app.inDatabase { database throws -> PersonalInflation? in
            guard let range = try PersonalInflation.defaultRange(in: database) else { return nil }
            return try PersonalInflation.read(from: database, months: range)
        }
        return try WebApp.json(InflationView(inflation, words: asked.words))
    }

    private func recurring(_ asked: RequestValues) async throws -> Response {
        let today = try app.now()
        let payments = try await app.inDatabase { try RecurringPayment.read(from: $0, today: today) }
        return try WebApp.json(RecurringView(payments, words: asked.words))
    }

    private func budgets(_ asked: RequestValues) async throws -> Response {
        let today = try app.now()
        let month = try asked.month("month") ?? today.yearMonth
        let status = try await app.inDatabase { try BudgetStatus.read(from: $0, month: month, today: today) }
        return try WebApp.json(BudgetView(status, today: today, words: asked.words))
    }

    private func setBudget(_ asked: RequestValues, _ body: BudgetRequest) async throws -> Response {
        let (category, limit, month) = try body.read(words: asked.words, needsAmount: true)
        guard let limit else { throw WebError.badRequest(asked.words.badAmount(body.amount ?? ""), field: "amount") }
        try await app.inDatabase { try $0.setBudget(category, amount: limit, month: month) }
        return try WebApp.json([
            "message": BudgetChange.set(category, limit, month: month).message(in: asked.words.language)
        ])
    }

    /// The limit that holds in the month shown goes: its own if it has one, else the monthly one.
    private func unsetBudget(_ asked: RequestValues, _ body: BudgetRequest) async throws -> Response {
        let (category, _, month) = try body.read(words: asked.words, needsAmount: false)
        let change = try await app.inDatabase { database throws -> BudgetChange in
            if let month, try database.removeBudget(category, month: month) {
                return .removed(category, month: month)
            }
            return try database.removeBudget(category)
                ? .removed(category, month: nil) : .noneToRemove(category, month: nil)
        }
        let message = change.message(in: asked.words.language)
        if case .noneToRemove = change { throw WebError.notFound(message) }
        return try WebApp.json(["message": message])
    }
}
