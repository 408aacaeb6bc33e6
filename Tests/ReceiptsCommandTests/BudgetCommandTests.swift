import Foundation
import ReceiptTesting
import Testing

@Suite("receipts budget", .timeLimit(.minutes(20)))
struct BudgetCommandTests {
    @Test(
        "set, show as --json and in Russian, a month's own limit over the monthly one, unset; wrong values are usage errors"
    )
    func budget() async throws {
        let folder = try TemporaryFolder()
        var run = PricesCommandTests.runner(in: folder)
        let file = try folder.write(
            "[" + PricesCommandTests.receipt(1, "2025-03-10T10:00:00", "ХЛЕБ БОРОДИНСКИЙ", price: 25_000) + "]",
            to: "receipts.json")
        #expect(try await run.run(["import", file]).status == 0)
        #expect(try await run.run(["budget", "--month", "2025-03"]).output.contains("No limits set."))
        #expect(try await run.run(["budget", "set", "groceries", "1000"]).status == 0)
        let set = try await run.run(["budget", "set", "Продукты", "200,50", "--month", "2025-03"])
        #expect(set.status == 0 && set.output.contains("Limit for Groceries in 2025-03: RUB 200.50."), "\(set.output)")
        let json = try await run.run(["budget", "--month", "2025-03", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let line = try #require((object["budgets"] as? [[String: Any]])?.first)
        #expect(object["month"] as? String == "2025-03")
        #expect(line["category"] as? String == "groceries" && line["limit"] as? Int == 20_050)
        #expect(
            line["spent"] as? Int == 25_000 && line["left"] as? Int == -4_950 && line["projected"] as? Int == 25_000)
        // stats shows the limits beside the categories, one over its limit marked.
        let stats = try await run.run(["stats", "--month", "2025-03"])
        #expect(stats.output.contains("Limit") && stats.output.contains("Groceries !"), "\(stats.output)")
        run.environment["LANG"] = "ru_RU.UTF-8"
        let russian = try await run.run(["budget", "--month", "2025-03"])
        #expect(
            russian.output.hasPrefix("Бюджет: март 2025\n") && russian.output.contains("Продукты !"),
            "\(russian.output)")
        #expect(try await run.run(["budget", "unset", "groceries", "--month", "2025-03"]).status == 0)
        let monthly = try await run.run(["budget", "--month", "2025-03", "--json"])
        #expect(monthly.output.contains(#""limit":100000"#))
        for wrong in [
            ["budget", "set", "groceries", "0"], ["budget", "set", "nowhere", "10"], ["budget", "--month", "2025-3"],
        ] {
            #expect(try await run.run(wrong).status == 2, "\(wrong)")
        }
    }

    @Test("recurring: a monthly payment three times is found, as a table and as --json; none is said")
    func recurring() async throws {
        let folder = try TemporaryFolder()
        var run = PricesCommandTests.runner(in: folder)
        let none = try folder.write(
            "[" + PricesCommandTests.receipt(9, "2025-03-10T10:00:00", "ХЛЕБ", price: 5_000) + "]", to: "one.json")
        #expect(try await run.run(["import", none]).status == 0)
        #expect(try await run.run(["recurring"]).output == "No regular payments found.\n")
        let file = try folder.write(
            "["
                + ["2025-01-15", "2025-02-14", "2025-03-16"].enumerated().map { index, date in
                    PricesCommandTests.receipt(index + 1, date + "T08:00:00", "ПОДПИСКА", price: 29_900)
                }.joined(separator: ",") + "]", to: "monthly.json")
        #expect(try await run.run(["import", file]).status == 0)
        let json = try await run.run(["recurring", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let line = try #require((object["recurring"] as? [[String: Any]])?.first)
        #expect(
            line["shop"] as? String == "Лента" && line["period"] as? String == "monthly" && line["times"] as? Int == 3)
        #expect(line["amount"] as? Int == 29_900 && line["next"] as? String == "2025-04-15")
        run.environment["LANG"] = "ru_RU.UTF-8"
        #expect(try await run.run(["recurring"]).output.contains("ежемесячно"))
    }
}
