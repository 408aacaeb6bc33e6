import Foundation
import ReceiptTesting
import Testing

@Suite("receipts search and history", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct SearchCommandTests {
    @Test("search finds imported receipts by item and shop, remembers texts, re-applies filters")
    func searchAndHistory() async throws {
        let server = try await DemoServerProcess(receipts: 200)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)

        let milk = try await run.run(["search", "молоко", "--json"])
        #expect(milk.status == 0)
        let results =
            try #require(try JSONSerialization.jsonObject(with: Data(milk.output.utf8)) as? [String: Any])["results"]
            as? [[String: Any]]
        let found = try #require(results)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { ($0["matching"] as? [String])?.contains("МОЛОКО ПАСТ.3,2% 930МЛ") == true })

        let filtered = try await run.run(["search", "кофе", "--category", "groceries", "--min", "500", "--json"])
        #expect(filtered.status == 0)
        let again = try await run.run(["search", "хлеб", "--last-filters", "--json"])
        let hits =
            try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])["results"]
            as? [[String: Any]]
        #expect(try #require(hits).allSatisfy { ($0["total"] as? Int ?? 0) >= 50_000 })

        #expect(try await run.run(["history"]).output == "хлеб\nкофе\nмолоко\n")
        #expect(try await run.run(["history", "КО"]).output == "кофе\nмолоко\n")
        #expect(try await run.run(["history", "--clear"]).status == 0)
        #expect(try await run.run(["history"]).output.isEmpty)

        #expect(try await run.run(["search"]).status == 2)
        #expect(try await run.run(["search", "x", "--category", "nonsense"]).status == 2)
        #expect(try await run.run(["search", "x", "--min", "1,2,3"]).status == 2)

        // Refunds are negative spending: a negative bound is a value, and finds them.
        let refunds = try await run.run(["search", "--max", "-0.01", "--json"])
        #expect(refunds.status == 0)
        let refundTotals = try Self.totals(refunds.output)
        #expect(!refundTotals.isEmpty && refundTotals.allSatisfy { $0 < 0 })
        let small = try Self.totals(try await run.run(["search", "--min", "-100", "--max", "100", "--json"]).output)
        #expect(!small.isEmpty && small.allSatisfy { (-10_000...10_000).contains($0) })
        let backwards = try await run.run(["search", "--min", "100", "--max", "5", "--lang", "ru"])
        #expect(backwards.status == 2 && backwards.errors.contains("--min 100 больше --max 5"))
    }

    static func totals(_ output: String) throws -> [Int] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return (object?["results"] as? [[String: Any]] ?? []).compactMap { $0["total"] as? Int }
    }
}
