import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Report formats", .timeLimit(.minutes(20)))
struct ReportFormatsTests {
    private func statistics(_ folder: TemporaryFolder) throws -> SpendingStatistics {
        let database = try StatsFixture.database(in: folder)
        let range = try #require(Month("2026-01"))...(try #require(Month("2026-02")))
        return try #require(try SpendingStatistics.read(from: database, range: range))
    }

    @Test("CSV: a row per month and category in kopecks, each month's rows adding up to its total row")
    func csv() throws {
        let folder = try TemporaryFolder()
        let text = CSVReport.render(try statistics(folder), language: .russian)
        let rows = text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.first?.prefix(4) == ["month", "category", "category_name", "total_kopecks"])
        for month in ["2026-01", "2026-02"] {
            let lines = rows.filter { $0.first.map(String.init) == month }
            let total = lines.first { $0[1] == "total" }.flatMap { Int64($0[3]) }
            let parts = lines.filter { $0[1] != "total" }.compactMap { Int64($0[3]) }.reduce(0, +)
            #expect(total == parts, "\(month)")
        }
        #expect(text.contains("2026-02,uncategorized,Без категории,11500,2,1,"))
        // The row that adds them up is «Итого» (issue 50: it was the column's «Сумма»).
        #expect(text.contains("2026-02,total,Итого,17501,"), "\(text)")
    }

    @Test("JSON: the stats shape, amounts in kopecks, categories adding up to each month")
    func json() throws {
        let folder = try TemporaryFolder()
        let data = try JSONEncoder().encode(StatisticsJSON(try statistics(folder), language: .english))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let months = try #require(object["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2026-02", "2026-01"])
        #expect(months.map { $0["total"] as? Int } == [17_501, 52_385])
        for month in months {
            let categories = try #require(month["categories"] as? [[String: Any]])
            #expect(categories.reduce(0) { $0 + ($1["total"] as? Int ?? 0) } == month["total"] as? Int)
            #expect(
                categories.allSatisfy {
                    Set($0.keys).isSuperset(of: ["category", "total", "receipts", "items", "share"])
                })
        }
        #expect(object["total"] as? Int == 69_886)
    }

    @Test("Markdown: a heading per month with its total, tables in the language asked")
    func markdown() throws {
        let folder = try TemporaryFolder()
        let statistics = try statistics(folder)
        let russian = MarkdownReport.render(statistics, language: .russian)
        #expect(russian.contains("## февраль 2026: 175,01\u{00A0}₽"))
        #expect(russian.contains("| Аптека и здоровье | 150,00\u{00A0}₽ | 85,7\u{00A0}% | 1 | 2 | — |"))
        let english = MarkdownReport.render(statistics, language: .english)
        #expect(english.contains("## January 2026: RUB 523.85"))
        #expect(english.contains("| Uncategorized |"))
    }

    @Test("percentages and changes read naturally in both languages")
    func numbers() {
        #expect(ReportText(.russian).percent(0.857) == "85,7\u{00A0}%")
        #expect(ReportText(.english).percent(0.0004) == "0.0%")
        // 104.90 ₽ of 300,000 ₽ uncategorised: 99.965 % is not all (issue 50: it said 100.0 %).
        #expect(ReportText(.english).percent(1 - 10_490.0 / 30_000_000) == "99.9%")
        #expect(ReportText(.english).percent(1) == "100.0%")
        #expect(ReportText(.english).change(from: Money(kopecks: 100), to: Money(kopecks: 150)) == "+50.0%")
        #expect(ReportText(.russian).change(from: Money(kopecks: 200), to: Money(kopecks: 199)) == "-0,5\u{00A0}%")
        #expect(ReportText(.english).change(from: .zero, to: Money(kopecks: 5)) == "—")
        // Thousands grouped as amounts are: 147.046 is 14,704.6 %.
        #expect(ReportText(.russian).percent(147.046) == "14\u{00A0}704,6\u{00A0}%")
        #expect(ReportText(.english).percent(-12.3456) == "-1,234.6%")
        // The case seen on a real December: a base of two stray receipts (483.00) against a month of
        // 71,505.00 (+14,704.6 %) is a dash, said why; a tenth exactly (7,150.50) still compares.
        let month = Money(kopecks: 7_150_500)
        #expect(ReportText(.english).change(from: Money(kopecks: 48_300), to: month) == "—")
        #expect(ReportText.baseTooSmall(from: Money(kopecks: 48_300), to: month))
        #expect(ReportText(.english).change(from: Money(kopecks: 715_050), to: month) == "+900.0%")
        #expect(!ReportText.baseTooSmall(from: .zero, to: month))
        #expect(ReportText(.russian).smallBaseNote.hasPrefix("«—»: база сравнения меньше десятой доли"))
    }

    @Test(
        "insights: a budget over its limit warns in HTML and Markdown, prices draw their months, JSON carries each part"
    )
    func insights() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let february = try #require(Month("2026-02"))
        let range = try #require(Month("2026-01"))...february
        let statistics = try #require(try SpendingStatistics.read(from: database, range: range))
        try database.setBudget(.health, amount: Money(kopecks: 100))
        try database.setBudget(.groceries, amount: Money(kopecks: 10_000_000))
        let today = try LocalDateTime(iso: "2026-03-05T10:00:00")
        var insights = try ReportInsights.read(from: database, selected: range, history: range, today: today)
        #expect(insights.budgets?.lines.map(\.category) == [.groceries, .health])
        // Prices bought in three months, 10 % dearer each month, stand in for the history's.
        let months = ["2026-01", "2026-02", "2026-03"]
        let coffee = try ReceiptDatabase.open(at: folder.file("coffee.sqlite"))
        for (index, month) in months.enumerated() {
            try coffee.save(
                try StatsFixture.receipt(
                    Int64(index + 1), month + "-10T10:00:00", total: Int64(50_000 + 5_000 * index),
                    items: [StatsFixture.item("КОФЕ 250Г", Int64(50_000 + 5_000 * index))]))
        }
        let report = try PriceReport.read(from: coffee, matching: "кофе")
        insights.priceRises = report.kinds.flatMap(\.products) + report.products
        let html = HTMLReport.render(statistics, history: statistics, language: .english, insights: insights)
        #expect(html.contains(#"<section id="budgets">"#) && html.contains(#"<section id="prices">"#))
        #expect(html.components(separatedBy: #"<tr class="warn">"#).count == 2, "only the health budget is over")
        #expect(html.contains(#"<svg class="spark""#))
        let markdown = MarkdownReport.render(statistics, language: .russian, insights: insights)
        #expect(markdown.contains("## Бюджеты: февраль 2026") && markdown.contains("## Что подорожало"))
        #expect(markdown.contains("| **Аптека и здоровье** |"))
        // Words to the left, amounts to the right: the prices' unit is words (issue 50: every column
        // but the first was right-aligned).
        let dearer = try #require(markdown.components(separatedBy: "## Что подорожало").last)
        #expect(dearer.contains("| --- | --- | ---: | ---: | ---: |"), "\(dearer)")
        #expect(markdown.contains("| --- | ---: | ---: | ---: | ---: |"), "the budgets' amounts stay right")
        let data = try JSONEncoder().encode(StatisticsJSON(statistics, language: .english, insights: insights))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let parts = try #require(object["insights"] as? [String: Any])
        // Two months: an inflation whose one pair has too few products in common, named as skipped.
        #expect(Set(parts.keys) == ["budgets", "inflation", "prices", "recurring"])
        #expect(((parts["inflation"] as? [String: Any])?["skipped"] as? [[String: Any]])?.count == 1)
        let csv = CSVReport.insights(insights, language: .english).components(separatedBy: "\r\n")
        #expect(csv.first == "section,subject,measure,value")
        #expect(csv.contains("budget 2026-02,health,limit,100"))
        #expect(csv.contains("prices,кофе (kg),median 2026-03,240000") && csv.contains("prices,кофе (kg),change,0.2"))
        let prices = try #require((parts["prices"] as? [String: Any])?["products"] as? [[String: Any]])
        #expect(prices.first?["name"] as? String == "кофе" && prices.first?["change"] as? Double == 0.2)
    }

    @Test("CSV cells a spreadsheet would run as formulas begin with '; numbers, negative ones too, stay numbers")
    func csvInjection() {
        #expect(CSVReport.field("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(CSVReport.field("+7 999 000-00-00") == "'+7 999 000-00-00")
        #expect(CSVReport.field("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVReport.field("-2+3") == "'-2+3")
        #expect(CSVReport.field("\tcmd") == "'\tcmd")
        #expect(CSVReport.field("\r=1") == "\"'\r=1\"")
        #expect(CSVReport.field("-12345") == "-12345")
        #expect(CSVReport.field("-0.1234") == "-0.1234")
        #expect(CSVReport.field("-") == "'-")
        #expect(CSVReport.field("Лента") == "Лента")
    }

    @Test("Markdown cells are text: HTML written as entities, | escaped, line breaks shown")
    func markdownCells() {
        #expect(MarkdownReport.cell("<img src=x onerror=alert(1)>") == #"&lt;img src=x onerror=alert\(1\)&gt;"#)
        // Issue 49: a link's and an image's punctuation escaped, and a name's own backslash.
        #expect(MarkdownReport.cell("![x](http://h/a.png)") == #"\!\[x\]\(http://h/a.png\)"#)
        #expect(MarkdownReport.cell(#"a\|b"#) == #"a\\\|b"#)
        #expect(MarkdownReport.cell("Кафе & бар | 2") == "Кафе &amp; бар \\| 2")
        #expect(MarkdownReport.cell("Молоко\n| x | y |") == "Молоко␊\\| x \\| y \\|")
    }
}
