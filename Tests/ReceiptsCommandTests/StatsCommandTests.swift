import Foundation
import ReceiptTesting
import Testing

@Suite("receipts stats, categories, report", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct StatsCommandTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("after an import, every month's categories add up to its total and 95% lands in real categories")
    func statsAfterImport() async throws {
        let server = try await DemoServerProcess(receipts: 400)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)

        let stats = try await run.run(["stats", "--from", "2024-01", "--json"])
        #expect(stats.status == 0)
        let months = try #require(try json(stats.output)["months"] as? [[String: Any]])
        var spent = 0
        var uncategorized = 0
        for month in months {
            let categories = try #require(month["categories"] as? [[String: Any]])
            let sum = categories.reduce(0) { $0 + ($1["total"] as? Int ?? 0) }
            #expect(sum == month["total"] as? Int, "\(month["month"] ?? "")")
            #expect(categories.contains { $0["category"] as? String == "uncategorized" })
            spent += sum
            uncategorized += categories.first { $0["category"] as? String == "uncategorized" }?["total"] as? Int ?? 0
        }
        #expect(spent > 0)
        #expect(Double(uncategorized) / Double(spent) < 0.05)
        #expect(try await run.run(["stats", "--verify"]).status == 0)

        let byShop = try await run.run([
            "stats", "--month", months[0]["month"] as? String ?? "", "--by", "shop", "--csv",
        ])
        #expect(byShop.output.hasPrefix("shop,total_kopecks,receipts,street\r\n"))
        let russian = server.runner(language: "ru")
        #expect(try await russian.run(["stats"]).output.contains("Продукты"))
        #expect(try await run.run(["stats"]).output.contains("Groceries"))
    }

    @Test("a category chosen for a name moves its items at once; the totals still verify")
    func choose() async throws {
        let server = try await DemoServerProcess(receipts: 200)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)
        let before = try json(try await run.run(["categories", "--json"]).output)
        let chosen = try await run.run(["categories", "set", "молоко паст 3,2%", "Развлечения"])
        #expect(chosen.status == 0)
        #expect(chosen.output.contains("“молоко паст 3,2%” → Entertainment"))
        let after = try json(try await run.run(["categories", "--json"]).output)
        func total(_ listing: [String: Any], _ category: String) -> Int {
            (listing["categories"] as? [[String: Any]])?.first { $0["category"] as? String == category }?["total"]
                as? Int ?? 0
        }
        #expect(total(after, "entertainment") > total(before, "entertainment"))
        #expect(
            total(before, "groceries") + total(before, "entertainment")
                == total(after, "groceries") + total(after, "entertainment"))
        #expect(after["total"] as? Int == before["total"] as? Int)
        #expect(try await run.run(["stats", "--verify"]).status == 0)

        #expect(try await run.run(["categories", "set", "молоко", "food"]).status == 2)
        #expect(try await run.run(["categories", "set", "123", "groceries"]).status == 2)
        #expect(try await run.run(["categories", "set", "молоко", "uncategorized"]).status == 2)
    }

    @Test("the user's rules file wins; a broken one is refused with its line, and nothing changes")
    func userRules() async throws {
        let server = try await DemoServerProcess(receipts: 120)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)
        let rules = server.home + "/config/receipts/category-rules.txt"
        try "other: ~.\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let everything = try json(try await run.run(["categories", "--json"]).output)
        let lines = try #require(everything["categories"] as? [[String: Any]])
        #expect(lines.first { $0["category"] as? String == "groceries" }?["items"] as? Int == 0)
        #expect(try await run.run(["stats", "--verify"]).status == 0)

        try "# mine\nfood: хлеб\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let broken = try await run.run(["stats"])
        #expect(broken.status == 6)
        #expect(broken.errors.contains("category-rules.txt:2: unknown category “food”"))
    }

    @Test("report writes HTML, Markdown, CSV and JSON for the month asked, in the language asked")
    func report() async throws {
        let server = try await DemoServerProcess(receipts: 200)
        let run = server.runner(language: "ru")
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)
        let month = try #require(
            (try json(try await run.run(["stats", "--json"]).output)["months"] as? [[String: Any]])?.first?["month"]
                as? String)
        let folder = server.home + "/reports"
        let written = try await run.run(["report", "--month", month, "--out", folder])
        #expect(written.status == 0)
        for format in ["html", "md", "csv", "json"] {
            let path = "\(folder)/spending-\(month).\(format)"
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        let html = try String(contentsOfFile: "\(folder)/spending-\(month).html", encoding: .utf8)
        #expect(html.contains("<svg") && html.contains("Продукты") && !html.contains("<script"))
        #expect(!html.contains("http://") || !html.contains("src=\"http"))
        let only = try await run.run(["report", "--month", month, "--out", folder + "/md", "--format", "md"])
        #expect(only.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/md") == ["spending-\(month).md"])
        #expect(try await run.run(["report", "--format", "pdf"]).status == 2)
        #expect(try await run.run(["report", "--month", "2026-13"]).status == 2)
    }
}
