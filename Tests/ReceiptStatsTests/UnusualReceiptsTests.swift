import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite(
    "Unusual receipts: far above the category's usual, by a robust score over twelve months", .timeLimit(.minutes(20)))
struct UnusualReceiptsTests {
    @Test(
        "one grocery run of 200.00 among receipts of 10–14 is flagged in its month, not before; a category with few receipts is not judged"
    )
    func flagged() throws {
        let folder = try TemporaryFolder()
        let (database, found) = try Self.december(in: folder)
        #expect(found.count == 1)
        let flagged = try #require(found.first)
        #expect(flagged.receipt.amount.kopecks == 20_000 && flagged.receipt.category == .groceries)
        // The median of the fourteen amounts (the twelve, 16.00 and 200.00) is 12.00; their MAD 1.00.
        #expect(flagged.usual.kopecks == 1_200)
        #expect(abs(flagged.score - 0.6745 * 18_800 / 100) < 1e-9)
        let november = try Month(parsing: "2025-11")
        #expect(try UnusualReceipt.find(in: database, shown: november...november).isEmpty)
    }

    @Test(
        "the score they are sorted by is shown, with what it means, in the HTML, Markdown and CSV reports, in both languages (issue 50)"
    )
    func scoreShown() async throws {
        let folder = try TemporaryFolder()
        let (database, found) = try Self.december(in: folder)
        let insights = ReportInsights(unusual: found)
        let december = try Month(parsing: "2025-12")
        let statistics = try #require(try SpendingStatistics.read(from: database, range: december...december))
        // 0.6745 × (200.00 − 12.00) / 1.00 = 126.806, shown with one decimal.
        for (language, score, heading, meaning) in [
            (Language.russian, "126,8", "Отклонение", "Отклонение — во сколько обычных разбросов"),
            (.english, "126.8", "Deviation", "Deviation: how many usual spreads"),
        ] {
            let table = try #require(InsightTable.of(insights, text: ReportText(language)).first)
            #expect(table.header.last == heading && table.rows.map(\.last) == [score])
            #expect(table.note?.hasPrefix(meaning) == true, "\(table.note ?? "")")
            let html = HTMLReport.render(statistics, history: statistics, language: language, insights: insights)
            #expect(html.contains("<td data-label=\"\(heading)\">\(score)</td>"), "\(language)")
            #expect(html.contains(meaning))
            let markdown = MarkdownReport.render(statistics, language: language, insights: insights)
            #expect(
                markdown.contains("| \(heading) |") && markdown.contains("| \(score) |") && markdown.contains(meaning))
        }
        // CSV keeps it as a number, to two places.
        #expect(CSVReport.insights(insights, language: .english).contains(",score,126.81"))
    }

    /// A year of bread at Лента saved in `unusual.sqlite`, and December 2025's unusual receipts.
    static func december(in folder: TemporaryFolder) throws -> (ReceiptDatabase, [UnusualReceipt]) {
        let database = try ReceiptDatabase.open(
            at: folder.file("unusual.sqlite"), rules: try CategoryRuleSet.standard(configFolder: nil))
        var receipts: [Receipt] = []
        func add(_ date: String, _ name: String, _ kopecks: Int64) throws {
            let total = Money(kopecks: kopecks)
            receipts.append(
                Receipt(
                    identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(receipts.count + 1), fp: 1),
                    dateTime: try LocalDateTime(iso: date + "T10:00:00"), operation: .sale, total: total, ecash: total,
                    retailPlace: "Лента", items: [Item(name: name, price: total, quantity: 1, sum: total)]))
        }
        // Twelve grocery receipts of 10.00…14.00 over a year: median 12.00, MAD 1.00.
        for (index, kopecks) in [1_000, 1_100, 1_200, 1_300, 1_400, 1_000, 1_100, 1_200, 1_300, 1_400, 1_200, 1_200]
            .enumerated()
        {
            try add(String(format: "2025-%02d-10", index + 1), "ХЛЕБ", Int64(kopecks))
        }
        // December: one of 200.00, score 0.6745 × (20000 − 1200) / 100 = 126.8; and 16.00, score 2.7.
        try add("2025-12-20", "ХЛЕБ", 20_000)
        try add("2025-12-21", "ХЛЕБ", 1_600)
        // Fuel twice only: nothing to judge it by.
        try add("2025-11-01", "АИ-95", 300_000)
        try add("2025-12-01", "АИ-95", 900_000)
        _ = try database.save(receipts)
        let december = try Month(parsing: "2025-12")
        return (database, try UnusualReceipt.find(in: database, shown: december...december))
    }
}
