import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite(
    "receipts web: prices, budgets, personal inflation, regular payments", .timeLimit(.minutes(20)))
struct WebInsightsTests {
    /// The page's requests, their answers decoded.
    struct Page: Sendable {
        /// The page of the app.
        let page: AppPage

        func get(_ path: String) async throws -> (HTTPResponse.Status, [String: Any]) {
            let answer = try await page.get(path)
            return (answer.status, try Self.json(answer))
        }

        func post(_ path: String, _ json: String) async throws -> (HTTPResponse.Status, [String: Any]) {
            let answer = try await page.post(path, json)
            return (answer.status, try Self.json(answer))
        }

        static func json(_ answer: AppPage.Answer) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any] ?? [:]
        }
    }

    /// Runs the app live on a free loopback port over `receipts`, its clock stopped at 2026-11-20, noon.
    static func withApp(
        _ receipts: [Receipt], _ body: @Sendable (ReceiptDatabase, Page) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder("web-insights")
        let database = try ReceiptDatabase.open(
            at: folder.file("receipts.sqlite"), rules: try CategoryRuleSet.standard(configFolder: nil))
        _ = try database.save(receipts)
        let today = try LocalDateTime(iso: "2026-11-20T12:00:00")
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database, now: { today })
        try await app.withPage { client in
            try await body(database, Page(page: client))
        }
    }

    static func receipt(_ number: Int64, _ date: String, shop: String, _ items: [(String, Int64)]) throws -> Receipt {
        let lines = items.map { Item(name: $0.0, price: Money(kopecks: $0.1), quantity: 1, sum: Money(kopecks: $0.1)) }
        let total = Money(kopecks: items.reduce(0) { $0 + $1.1 })
        return Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: number, fp: 1_000 + number),
            dateTime: try LocalDateTime(iso: date), operation: .sale, total: total, ecash: total, retailPlace: shop,
            items: lines, status: .complete)
    }

    /// Five products bought every month from August to October, 10 % dearer in September and the
    /// same in October; milk (930 ml) in August and October only, in two shops; two products in
    /// November, too few to compare.
    static func history() throws -> [Receipt] {
        let basket: [(String, Int64)] = [
            ("ХЛЕБ", 10_000), ("СЫР", 20_000), ("КЕФИР", 30_000), ("ЯЙЦА", 40_000), ("ТВОРОГ", 50_000),
        ]
        let dearer = basket.map { ($0.0, $0.1 * 11 / 10) }
        return [
            try receipt(1, "2026-08-03T10:00:00", shop: "Лента", basket + [("МОЛОКО ПАСТ.3,2% 930МЛ", 9_300)]),
            try receipt(2, "2026-09-21T10:00:00", shop: "Лента", dearer),
            try receipt(3, "2026-10-05T10:00:00", shop: "Лента", dearer),
            try receipt(4, "2026-10-12T10:00:00", shop: "Пятёрочка", [("МОЛОКО ПАСТ.3,2% 930МЛ", 9_765)]),
            try receipt(5, "2026-11-02T10:00:00", shop: "Лента", [("ХЛЕБ", 11_000), ("СЫР", 22_000)]),
        ]
    }

    @Test(
        "prices: each product with its unit, month rows, shops, the change and the line of medians, in the language asked"
    )
    func prices() async throws {
        try await Self.withApp(try Self.history()) { _, page in
            let (status, answer) = try await page.get("/api/prices?q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE&lang=ru")
            #expect(status == .ok)
            // Drinking milk, then its one product below it.
            let products = try #require(answer["products"] as? [[String: Any]])
            #expect(products.map { $0["role"] as? String } == ["kind", "part"])
            #expect(products.first?["heading"] as? String == "Молоко питьевое")
            #expect(products.first?["unitText"] as? String == "за литр")
            let milk = try #require(products.last)
            #expect(milk["unit"] as? String == "l" && milk["unitText"] as? String == "цена за л")
            #expect(milk["heading"] as? String == "МОЛОКО ПАСТ.3,2% 930МЛ")
            // 93.00 for 930 ml is 100.00 a litre; 97.65 is 105.00: 5 % dearer.
            let months = try #require(milk["months"] as? [[String: Any]])
            #expect(months.map { $0["month"] as? String } == ["2026-08", "2026-10"])
            #expect(months.map { $0["monthText"] as? String } == ["08.2026", "10.2026"])
            #expect(months.map { $0["medianText"] as? String } == ["100,00\u{00A0}₽", "105,00\u{00A0}₽"])
            #expect(months.map { $0["purchases"] as? Int } == [1, 1])
            #expect(milk["changeText"] as? String == "+5,0\u{00A0}% за период" && milk["trend"] as? String == "up")
            let shops = try #require(milk["shops"] as? [[String: Any]])
            #expect(shops.map { $0["shop"] as? String } == ["Лента", "Пятёрочка"], "the cheapest shop first")
            #expect(shops.first?["lastText"] as? String == "100,00\u{00A0}₽")
            #expect(milk["sparkline"] as? [[Double]] == [[0, 22], [100, 2]])
            // The numbers as `prices --json` gives them ride along.
            let json = try #require((answer["prices"] as? [String: Any])?["kinds"] as? [[String: Any]])
            #expect((json.first?["months"] as? [[String: Any]])?.map { $0["median"] as? Int } == [10_000, 10_500])

            let (_, english) = try await page.get("/api/prices?q=%D0%BA%D0%B5%D1%84%D0%B8%D1%80&lang=en")
            // Kefir with no size printed: priced per piece below its kind, which has no price per kg.
            let kefir = try #require(
                (english["products"] as? [[String: Any]])?.first { $0["role"] as? String == "part" })
            #expect(kefir["unitText"] as? String == "price per piece")
            #expect(kefir["changeText"] as? String == "+10.0% over the months")
            #expect(
                (kefir["months"] as? [[String: Any]])?.map { $0["maxText"] as? String } == [
                    "RUB 300.00", "RUB 330.00", "RUB 330.00",
                ])

            // From a month, to a month, as `prices --from --to` takes them; a wrong one is named.
            let kefirPrices = "/api/prices?q=%D0%BA%D0%B5%D1%84%D0%B8%D1%80"
            let (_, fromSeptember) = try await page.get(kefirPrices + "&from=2026-09&lang=en")
            let later = try #require(
                (fromSeptember["products"] as? [[String: Any]])?.first { $0["role"] as? String == "part" })
            #expect((later["months"] as? [[String: Any]])?.map { $0["month"] as? String } == ["2026-09", "2026-10"])
            #expect(later["changeText"] as? String == "0.0% over the months" && later["trend"] as? String == "flat")
            let (_, august) = try await page.get(kefirPrices + "&to=2026-08&lang=en")
            #expect(
                ((august["products"] as? [[String: Any]])?.first { $0["role"] as? String == "part" }?["months"]
                    as? [Any])?
                    .count == 1)
            for (range, message) in [
                ("from=2026-10&to=2026-09", "the first month comes after the last"),
                ("from=sept", "“sept” is not a month: YYYY-MM is"),
            ] {
                let (refused, answer) = try await page.get(kefirPrices + "&\(range)&lang=en")
                #expect(refused == .badRequest && answer["message"] as? String == message, "\(range)")
            }

            let (_, none) = try await page.get("/api/prices?q=%D0%B8%D0%BA%D1%80%D0%B0&lang=ru")
            #expect(
                (none["products"] as? [Any])?.isEmpty == true
                    && none["empty"] as? String == "Покупок «икра» в базе нет.")
            let (refused, empty) = try await page.get("/api/prices?q=%20&lang=en")
            #expect(refused == .badRequest && empty["message"] as? String == "Type words of a product's name.")
        }
    }

    @Test(
        "inflation: the pairs with their factor and products, the skipped pair named, the coverage, each category's index"
    )
    func inflation() async throws {
        try await Self.withApp(try Self.history()) { _, page in
            let (status, answer) = try await page.get("/api/inflation?lang=ru")
            #expect(status == .ok)
            let numbers = try #require(answer["inflation"] as? [String: Any])
            #expect(numbers["from"] as? String == "2026-08" && numbers["to"] as? String == "2026-11")
            // August → September: the five products 10 % dearer. September → October: the five the
            // same (165 000 → 165 000), and milk compared with its August price, two months back:
            // 0.93 l × 100.00 → 0.93 l × 105.00, 9 300 → 9 765; (165 000 + 9 765) / (165 000 + 9 300)
            // = 1.0026678. I = 1.1 × 1.0026678 = 1.1029346.
            #expect(numbers["index"] as? Double == 1.1029)
            let pairs = try #require(answer["pairs"] as? [[String: Any]])
            #expect(pairs.map { $0["monthsText"] as? String } == ["08.2026 → 09.2026", "09.2026 → 10.2026"])
            #expect(pairs.map { $0["changeText"] as? String } == ["+10,0\u{00A0}%", "+0,3\u{00A0}%"])
            #expect(pairs.map { $0["matched"] as? Int } == [5, 6])
            #expect(
                answer["skipped"] as? [String] == [
                    "2026-10 → 2026-11: пропущено — сравнить можно 2 товаров и видов, нужно не меньше 5; считается без изменения"
                ])
            // The basket's lines of August to October (1 500 + 1 650 + 1 650) and milk (93.00 and
            // 97.65) of all the spending (with November's 330.00): 4 990.65 / 5 320.65 = 93.8 %; the
            // rest, November's, in the pair left out.
            #expect(answer["summary"] as? String == "+10,3\u{00A0}% за период, по 93,8\u{00A0}% трат")
            #expect(
                (answer["coverageNote"] as? String)?.contains("это 93,8\u{00A0}% трат за период, а не все траты")
                    == true)
            #expect((answer["leftOut"] as? [String])?.first?.hasPrefix("330,00\u{00A0}₽ (6,2\u{00A0}%)") == true)
            #expect((answer["official"] as? [String])?.count == 2, "Росстат's index beside, or the months it lacks")
            let categories = try #require(answer["categories"] as? [[String: Any]])
            #expect(categories.map { $0["name"] as? String } == ["Продукты"])
            #expect(categories.map { $0["changeText"] as? String } == ["+10,3\u{00A0}%"])
            #expect(answer["empty"] is NSNull || answer["empty"] == nil)
        }
    }

    @Test(
        "budgets: set from the page as budget set does, wrong input refused beside its field with nothing stored, removed"
    )
    func budgets() async throws {
        let receipts = [try Self.receipt(1, "2026-11-05T10:00:00", shop: "Лента", [("ХЛЕБ", 60_000)])]
        try await Self.withApp(receipts) { database, page in
            let (_, none) = try await page.get("/api/budgets?lang=en")
            #expect(none["month"] as? String == "2026-11")
            #expect(none["title"] as? String == "Budgets: November 2026, 20 of 30 days gone")
            #expect((none["lines"] as? [Any])?.isEmpty == true)
            #expect(none["empty"] as? String == "No limits for this month. Set the first one below.")
            #expect(
                (none["choices"] as? [[String: Any]])?.contains { $0["category"] as? String == "groceries" } == true)

            for (body, field, message) in [
                (
                    #"{"category": "groceries", "amount": "abc"}"#, "amount",
                    "«abc» — не лимит: нужна сумма в рублях больше нуля"
                ),
                (
                    #"{"category": "groceries", "amount": "0"}"#, "amount",
                    "«0» — не лимит: нужна сумма в рублях больше нуля"
                ),
                (
                    #"{"category": "groceries", "amount": "-5"}"#, "amount",
                    "«-5» — не лимит: нужна сумма в рублях больше нуля"
                ),
                (#"{"category": "nope", "amount": "100"}"#, "category", "нет такой категории: «nope»"),
                (
                    #"{"category": "groceries", "amount": "100", "month": "2026-13"}"#, "month",
                    "«2026-13» — не месяц: нужен ГГГГ-ММ"
                ),
            ] {
                let (status, answer) = try await page.post("/api/budgets/set?lang=ru", body)
                #expect(status == .badRequest, "\(body)")
                #expect(answer["message"] as? String == message && answer["field"] as? String == field, "\(body)")
            }
            #expect(try database.budgets(in: try Month(parsing: "2026-11")).isEmpty, "nothing is stored")

            // 600.00 spent in 20 days of 30 is heading for 900.00: under 1 000, over 800; past 500 already.
            for (limit, state, stateText) in [
                ("1000", "ok", nil), ("800,00", "heading", "heading over"), (" 500 ", "over", "over the limit"),
            ] {
                let (status, set) = try await page.post(
                    "/api/budgets/set?lang=en", #"{"category": "Groceries", "amount": "\#(limit)"}"#)
                #expect(status == .ok && (set["message"] as? String)?.hasPrefix("Limit for Groceries: RUB ") == true)
                let (_, shown) = try await page.get("/api/budgets?lang=en")
                let line = try #require((shown["lines"] as? [[String: Any]])?.first)
                #expect(line["state"] as? String == state && line["stateText"] as? String == stateText, "\(limit)")
                #expect(
                    line["spentText"] as? String == "RUB 600.00" && line["projectedText"] as? String == "RUB 900.00")
            }
            let (_, over) = try await page.get("/api/budgets?lang=ru")
            let line = try #require((over["lines"] as? [[String: Any]])?.first)
            #expect(line["name"] as? String == "Продукты" && line["leftText"] as? String == "-100,00\u{00A0}₽")
            #expect(line["limitText"] as? String == "500,00\u{00A0}₽" && line["used"] as? Double == 1)
            #expect(
                ((over["budget"] as? [String: Any])?["budgets"] as? [[String: Any]])?.first?["limit"] as? Int == 50_000)

            // The month's statistics show the limit beside the category's spending, marked as it stands.
            let (_, statistics) = try await page.get("/api/stats?month=2026-11&lang=ru")
            let groceries = try #require((statistics["categories"] as? [[String: Any]])?.first)
            #expect(
                groceries["category"] as? String == "groceries"
                    && groceries["totalText"] as? String == "600,00\u{00A0}₽")
            #expect(
                groceries["budgetText"] as? String == "из 500,00\u{00A0}₽"
                    && groceries["budgetState"] as? String == "over")
            let (_, range) = try await page.get("/api/stats?from=2026-10&to=2026-11&lang=ru")
            #expect(
                (range["categories"] as? [[String: Any]])?.first?["budgetText"] == nil,
                "a range has no one month's limits")

            // A limit for November only stands in for the monthly one; removing it there brings the monthly one back.
            let (_, only) = try await page.post(
                "/api/budgets/set?lang=ru", #"{"category": "groceries", "amount": "2000", "month": "2026-11"}"#)
            #expect(only["message"] as? String == "Лимит «Продукты» на 2026-11: 2\u{00A0}000,00\u{00A0}₽.")
            let (_, removedOwn) = try await page.post(
                "/api/budgets/unset?lang=en", #"{"category": "groceries", "month": "2026-11"}"#)
            #expect(removedOwn["message"] as? String == "The limit for Groceries in 2026-11 is removed.")
            #expect(try database.budgets(in: try Month(parsing: "2026-11")) == [.groceries: Money(kopecks: 50_000)])
            let (_, removedMonthly) = try await page.post(
                "/api/budgets/unset?lang=en", #"{"category": "groceries", "month": "2026-11"}"#)
            #expect(removedMonthly["message"] as? String == "The monthly limit for Groceries is removed.")
            let (gone, nothing) = try await page.post("/api/budgets/unset?lang=en", #"{"category": "groceries"}"#)
            #expect(gone == .notFound && nothing["message"] as? String == "There is no monthly limit for Groceries.")
            #expect(nothing["error"] as? String == "not_found")
            #expect(try database.budgets(in: try Month(parsing: "2026-11")).isEmpty)

            let (_, october) = try await page.get("/api/budgets?month=2026-10&lang=ru")
            #expect(october["title"] as? String == "Бюджеты: октябрь 2026")
            #expect((october["next"] as? [String: Any])?["month"] as? String == "2026-11")
            let (wrong, _) = try await page.get("/api/budgets?month=october")
            #expect(wrong == .badRequest)
        }
    }

    @Test("regular payments: the running ones with their next date, the stopped ones marked with their last")
    func recurring() async throws {
        let receipts =
            try [
                ("2026-08-15", 29_900), ("2026-09-15", 29_900), ("2026-10-15", 29_900),
            ].enumerated().map {
                try Self.receipt(Int64($0 + 1), "\($1.0)T09:00:00", shop: "Кинопоиск", [("ПОДПИСКА", Int64($1.1))])
            }
            + [
                ("2026-03-01", 200_000), ("2026-04-01", 200_000), ("2026-05-01", 200_000),
            ].enumerated().map {
                try Self.receipt(Int64($0 + 10), "\($1.0)T19:00:00", shop: "Фитнес", [("АБОНЕМЕНТ", Int64($1.1))])
            }
        try await Self.withApp(receipts) { _, page in
            let (status, answer) = try await page.get("/api/recurring?lang=ru")
            #expect(status == .ok)
            let payments = try #require(answer["payments"] as? [[String: Any]])
            #expect(payments.map { $0["shop"] as? String } == ["Кинопоиск", "Фитнес"])
            #expect(payments.map { $0["stopped"] as? Bool } == [false, true])
            #expect(payments.first?["amountText"] as? String == "299,00\u{00A0}₽")
            #expect(
                payments.first?["periodText"] as? String == "ежемесячно"
                    && payments.first?["timesText"] as? String == "3 раза")
            // The latest, 15 October, and the median interval (31 and 30 days: 30.5, rounded half away, 31).
            #expect(payments.first?["nextText"] as? String == "15.11.2026")
            #expect(payments.last?["nextText"] as? String == "прекратился, последний 01.05.2026")
            let (_, english) = try await page.get("/api/recurring?lang=en")
            #expect((english["payments"] as? [[String: Any]])?.first?["nextText"] as? String == "2026-11-15")
        }
    }

    @Test("an empty database: each view says so plainly")
    func empty() async throws {
        try await Self.withApp([]) { _, page in
            let (_, prices) = try await page.get("/api/prices?q=milk&lang=en")
            #expect(prices["empty"] as? String == "No purchases of “milk” in the database.")
            let (status, inflation) = try await page.get("/api/inflation?lang=en")
            #expect(
                status == .ok && inflation["empty"] as? String == "No purchases yet to count personal inflation from.")
            #expect((inflation["pairs"] as? [Any])?.isEmpty == true && inflation["inflation"] == nil)
            let (_, recurring) = try await page.get("/api/recurring?lang=ru")
            #expect(recurring["empty"] as? String == "Регулярных платежей не найдено.")
            let (_, budgets) = try await page.get("/api/budgets?lang=ru")
            #expect(budgets["empty"] as? String == "Лимитов на этот месяц нет. Задайте первый ниже.")
            let (_, words) = try await page.get("/api/words?lang=ru")
            #expect(words["prices"] as? String == "Цены" && words["insights"] as? String == "Аналитика")
        }
    }
}
