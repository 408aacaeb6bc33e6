import Foundation
import Hummingbird
import NIOPosix
import ReceiptCore
import ReceiptStats
import ReceiptStore

extension WebApp {
    /// What the command line tells beyond sums: `prices`, `inflation`, `budget` (and `budget set`,
    /// `unset`), `recurring`.
    func addInsightsRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/prices") { request, _ in
            let words = Self.words(request)
            let query = (request.uri.queryParameters["q"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return try Self.json(["error": words.pricesNeedWords], status: .badRequest) }
            // The months, as `prices --from --to` takes them; either may be left open.
            var bounds: [String: Month] = [:]
            for key in ["from", "to"] {
                guard let text = request.uri.queryParameters[Substring(key)].map(String.init), !text.isEmpty else {
                    continue
                }
                guard let month = Month(text) else {
                    return try Self.json(["error": words.badMonth(text)], status: .badRequest)
                }
                bounds[key] = month
            }
            if let from = bounds["from"], let to = bounds["to"], from > to {
                return try Self.json(["error": words.fromAfterTo], status: .badRequest)
            }
            let (database, first, last) = (self.database, bounds["from"], bounds["to"])
            let products = try await NIOThreadPool.singleton.runIfActive {
                try ProductPrices.read(from: database, matching: query, from: first, through: last)
            }
            return try Self.json(PricesView(products, query: query, words: words))
        }
        router.get("/api/inflation") { request, _ in
            let words = Self.words(request)
            let database = self.database
            let inflation = try await NIOThreadPool.singleton.runIfActive { () throws -> PersonalInflation? in
                guard let range = try PersonalInflation.defaultRange(in: database) else { return nil }
                return try PersonalInflation.read(from: database, months: range)
            }
            return try Self.json(InflationView(inflation, words: words))
        }
        router.get("/api/recurring") { request, _ in
            let words = Self.words(request)
            let (database, today) = (self.database, try self.now())
            let payments = try await NIOThreadPool.singleton.runIfActive {
                try RecurringPayment.read(from: database, today: today)
            }
            return try Self.json(RecurringView(payments, words: words))
        }
        router.get("/api/budgets") { request, _ in
            let words = Self.words(request)
            let today = try self.now()
            var month = today.yearMonth
            if let asked = request.uri.queryParameters["month"].map(String.init) {
                guard let parsed = Month(asked) else {
                    return try Self.json(["error": words.badMonth(asked)], status: .badRequest)
                }
                month = parsed
            }
            let (database, shown) = (self.database, month)
            let status = try await NIOThreadPool.singleton.runIfActive {
                try BudgetStatus.read(from: database, month: shown, today: today)
            }
            return try Self.json(BudgetView(status, today: today, words: words))
        }
        router.post("/api/budgets/set") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: BudgetRequest.self, context: context)
            let category: Category
            let limit: Money?
            let month: Month?
            do throws(BudgetProblem) {
                (category, limit, month) = try asked.read(words: words, needsAmount: true)
            } catch {
                return try Self.json(error, status: .badRequest)
            }
            guard let limit else { throw HTTPError(.badRequest) }
            let database = self.database
            try await NIOThreadPool.singleton.runIfActive {
                try database.setBudget(category, amount: limit, month: month)
            }
            return try Self.json([
                "message": BudgetChange.set(category, limit, month: month).message(in: words.language)
            ])
        }
        router.post("/api/budgets/unset") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: BudgetRequest.self, context: context)
            let category: Category
            let month: Month?
            do throws(BudgetProblem) {
                (category, _, month) = try asked.read(words: words, needsAmount: false)
            } catch {
                return try Self.json(error, status: .badRequest)
            }
            let database = self.database
            // The limit that holds in the month shown: its own if it has one, else the monthly one.
            let change = try await NIOThreadPool.singleton.runIfActive { () throws -> BudgetChange in
                if let month, try database.removeBudget(category, month: month) {
                    return .removed(category, month: month)
                }
                return try database.removeBudget(category)
                    ? .removed(category, month: nil) : .noneToRemove(category, month: nil)
            }
            if case .noneToRemove = change {
                return try Self.json(["error": change.message(in: words.language)], status: .notFound)
            }
            return try Self.json(["message": change.message(in: words.language)])
        }
    }
}
