import Foundation
import ReceiptStore
import ReceiptTesting
import Testing

@Suite(
    "receipts stats and categories as text, report without receipts",
    .timeLimit(.minutes(20)))
struct StatsTextTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A runner whose database holds `receipts` demo receipts ending today, as `receipts demo` would
    /// import them, written straight into the file (``DemoDatabase``); the folder holds the database.
    private func imported(receipts: Int) async throws -> (TemporaryFolder, InProcessRunner) {
        let folder = try TemporaryFolder()
        return (folder, try DemoDatabase.runner(receipts: receipts, in: folder))
    }

    /// The rows of the table that follows `title` in `text`, its header left out.
    private func rows(after title: String, in text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(title) }) else { return [] }
        return Array(lines[(start + 2)...].prefix { !$0.isEmpty })
    }

    @Test("--top N shows N shops and N items; each category is compared with the 3-month average")
    func topAndAverage() async throws {
        let (folder, run) = try await imported(receipts: 300)
        _ = folder
        let range = ["--from", "2020-01"]
        for top in [3, 7] {
            let text = try await run.run(["stats"] + range + ["--top", String(top)]).output
            // The top shops, then the rest in one row and the total of all.
            let shops = rows(after: "Top shops:", in: text)
            #expect(shops.count == top + 2, "\(text)")
            #expect(shops.suffix(2).first?.contains("more shops") == true && shops.last?.hasSuffix("All shops") == true)
            #expect(rows(after: "Top items:", in: text).count == top, "\(text)")
        }
        let months = try #require(
            try json(try await run.run(["stats", "--json"] + range).output)["months"] as? [[String: Any]])
        // A whole month (the newest is still going): the change against its 3-month average.
        let month = months[1]
        let name = try #require(month["month"] as? String)
        let groceries = try #require(
            (month["categories"] as? [[String: Any]])?.first { $0["category"] as? String == "groceries" })
        let total = try #require(groceries["total"] as? Int)
        let average = try #require(groceries["average3"] as? Int)
        let tenths = Int((Double(total - average) / Double(abs(average)) * 1000).rounded())
        let change =
            "\(tenths > 0 ? "+" : tenths < 0 && tenths / 10 == 0 ? "-" : "")\(tenths / 10).\(abs(tenths % 10))%"
        let text = try await run.run(["stats", "--month", name]).output
        #expect(text.contains("vs 3-month avg"))
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("Groceries ") })
        #expect(row.hasSuffix(" " + change), "\(row) \(change)")
    }

    @Test("--by month without a range: the last 12 months and their total, the current month marked and not compared")
    func byMonth() async throws {
        let (home, run) = try await imported(receipts: 400)
        _ = home
        let now = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        let current = String(format: "%04d-%02d", now.year ?? 0, now.month ?? 0)
        let answer = try json(try await run.run(["stats", "--by", "month", "--json"]).output)
        let months = try #require(answer["months"] as? [[String: Any]])
        #expect(months.count == 12)
        #expect(months.first?["month"] as? String == current)
        #expect(answer["total"] as? Int == months.reduce(0) { $0 + ($1["total"] as? Int ?? 0) })
        #expect(months.map { $0["ongoing"] as? Bool } == [true] + Array(repeating: false, count: 11))

        let lines = try await run.run(["stats", "--by", "month"]).output.split(separator: "\n")
        #expect(lines.count == 14)
        #expect(lines[1].contains("(so far)") && lines[1].hasSuffix("—"), "\(lines[1])")
        #expect(lines[2...12].allSatisfy { !$0.contains("(so far)") && $0.hasSuffix("%") })
        #expect(lines[13].hasPrefix("Total"))
        var russian = run
        russian.environment["LANG"] = "ru_RU.UTF-8"
        #expect(try await russian.run(["stats", "--by", "month"]).output.contains("(идёт)"))
        // The month going on is not compared in the category view either.
        let latest = try await run.run(["stats"]).output
        #expect(latest.split(separator: "\n").first?.contains("(so far)") == true)
        #expect(!latest.contains("vs previous"))
        #expect(
            try await run.run(["stats", "--month", months[1]["month"] as? String ?? ""]).output.contains("vs previous"))

        // The reports mark it too, with dashes for its changes.
        let folder = try TemporaryFolder()
        let report = try await run.run([
            "report", "--from", months[1]["month"] as? String ?? "", "--format", "md,html", "--out", folder.path,
        ])
        #expect(report.status == 0, "\(report.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let markdown = try String(
            contentsOfFile: folder.path + "/" + (files.first { $0.hasSuffix(".md") } ?? ""), encoding: .utf8)
        let heading = try #require(
            markdown.split(separator: "\n").first { $0.hasPrefix("## ") && $0.contains("(so far)") })
        #expect(markdown.contains("vs previous: — · vs 3-month avg: —"), "\(heading)")
        let html = try String(
            contentsOfFile: folder.path + "/" + (files.first { $0.hasSuffix(".html") } ?? ""), encoding: .utf8)
        #expect(html.contains("(so far)"))
    }

    @Test("categories set takes ids and names in any case and lists them when unknown; unset forgets a choice")
    func setAndUnset() async throws {
        let (folder, run) = try await imported(receipts: 150)
        _ = folder
        let before = try await run.run(["categories", "--json"]).output
        #expect(
            try await run.run(["categories", "set", "молоко паст 3,2%", "РАЗВЛЕЧЕНИЯ"]).output.contains("Entertainment")
        )
        #expect(
            try await run.run(["categories", "set", "молоко паст 3,2%", "cafes and restaurants"]).output.contains(
                "Cafés"))
        #expect(try await run.run(["categories", "set", "молоко паст 3,2%", "ELECTRONICS"]).status == 0)
        #expect(try await run.run(["stats", "--verify"]).status == 0)
        #expect(try await run.run(["categories", "--json"]).output != before)

        let unknown = try await run.run(["categories", "set", "молоко паст 3,2%", "food"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("groceries") && unknown.errors.contains("Groceries"))
        #expect(!unknown.errors.contains("uncategorized"))
        var russian = run
        russian.environment["LANG"] = "ru_RU.UTF-8"
        let unknownRussian = try await russian.run(["categories", "set", "молоко паст 3,2%", "еда"])
        #expect(unknownRussian.status == 2)
        #expect(unknownRussian.errors.contains("неизвестная категория «еда»"))
        #expect(unknownRussian.errors.contains("Продукты"))

        let forgotten = try await run.run(["categories", "unset", "МОЛОКО ПАСТ.3,2% 930МЛ"])
        #expect(forgotten.status == 0)
        #expect(forgotten.output.contains("“молоко паст 3,2%”") && forgotten.output.contains("Electronics"))
        #expect(try await run.run(["categories", "--json"]).output == before)
        #expect(try await run.run(["stats", "--verify"]).status == 0)
        let again = try await run.run(["categories", "unset", "молоко паст 3,2%"])
        #expect(again.status == 3)
        #expect(again.errors.contains("no category was chosen for “молоко паст 3,2%”"))
    }

    @Test(
        "stats lists the unusual receipts with their deviation, the score they are sorted by, and says what it means, at 60 columns in both languages (issue 50)"
    )
    func unusualDeviation() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        // Bread at Лента once a month in 2025 for 10.00…14.00 (median 12.00, MAD 1.00), then 200.00
        // on 20 December: 0.6745 × (20000 − 1200) / 100 = 126.806, shown as 126.8.
        let amounts = [1_000, 1_100, 1_200, 1_300, 1_400, 1_000, 1_100, 1_200, 1_300, 1_400, 1_200, 1_200, 20_000]
        let documents = amounts.enumerated().map { index, kopecks -> [String: Any] in
            [
                "dateTime": index < 12 ? String(format: "2025-%02d-10T10:00:00", index + 1) : "2025-12-20T10:00:00",
                "operationType": 1, "totalSum": kopecks, "ecashTotalSum": kopecks, "retailPlace": "Лента",
                "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": index + 1, "fiscalSign": 1_000 + index,
                "items": [["name": "ХЛЕБ", "price": kopecks, "quantity": 1, "sum": kopecks]],
            ]
        }
        let file = folder.file("bread.json")
        try JSONSerialization.data(withJSONObject: documents).write(to: URL(fileURLWithPath: file))
        #expect(try await run.run(["import", file]).status == 0)
        for (language, score, heading, meaning) in [
            ("ru", "126,8", "Отклонение", "Отклонение — во сколько обычных разбросов"),
            ("en", "126.8", "Deviation", "Deviation: how many usual spreads"),
        ] {
            let text = try await run.runOnTerminal(["stats", "--month", "2025-12", "--lang", language], columns: 60)
                .output
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let header = try #require(lines.firstIndex { $0.contains(heading) }, "\(text)")
            #expect(lines[header + 1].contains(score) && lines[header + 2].hasPrefix(meaning), "\(text)")
            #expect(lines.allSatisfy { $0.count <= 60 }, "\(text)")
        }
    }

    @Test("report for months without receipts says so and writes nothing (exit 3)")
    func reportWithoutReceipts() async throws {
        let (home, run) = try await imported(receipts: 60)
        let folder = home.file("empty-report")
        let english = try await run.run(["report", "--month", "2020-01", "--out", folder])
        #expect(english.status == 3)
        #expect(english.errors.contains("no receipts in January 2020"))
        var russian = run
        russian.environment["LANG"] = "ru_RU.UTF-8"
        let range = try await russian.run(["report", "--from", "2019-01", "--to", "2019-03", "--out", folder])
        #expect(range.status == 3)
        #expect(range.errors.contains("за январь 2019 – март 2019 чеков нет"))
        #expect(!FileManager.default.fileExists(atPath: folder))

        // A database without a single receipt has nothing to report either.
        let empty = home.file("empty.sqlite")
        _ = try ReceiptDatabase.open(at: empty)
        let nothing = try await run.run(["report", "--db", empty, "--out", folder])
        #expect(nothing.status == 3)
        #expect(nothing.errors.contains("there are no receipts yet"))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}
