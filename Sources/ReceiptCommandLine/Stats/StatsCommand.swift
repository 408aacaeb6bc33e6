import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts stats [--month M | --from M --to M] [--by category|shop|item|month] [--json|--csv] [--verify]`.
struct StatsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats", abstract: HelpText.statsAbstract, discussion: HelpText.statsDiscussion)
    }

    /// What the rows of the answer are.
    enum Grouping: String, ExpressibleByArgument, CaseIterable {
        case category, shop, item, month
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: MonthRangeOptions
    @Option(help: ArgumentHelp(HelpText.byHelp, valueName: "category|shop|item|month")) var by: Grouping = .category
    @Option(help: ArgumentHelp(HelpText.topHelp, valueName: HelpText.countValue)) var top = 10
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Flag(help: ArgumentHelp(HelpText.csvHelp)) var csv = false
    @Flag(help: ArgumentHelp(HelpText.verifyHelp)) var verify = false
    @Option(help: ArgumentHelp(HelpText.statsPersonHelp, valueName: HelpText.personValue)) var person: String?

    /// How many months `--by month` shows without a range: the last ones with receipts.
    static let recentMonths = 12

    func validate() throws {
        if json && csv { throw ValidationError(HelpText.jsonOrCSV) }
        guard (1...1000).contains(top) else { throw ValidationError(HelpText.badTop) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        if verify {
            try Self.verify(database, console: console)
            return
        }
        let available = try database.monthTotals()
        var range = months.range(
            available: available.first.map { first in first.month...(available.last ?? first).month })
        if range == nil, by == .month { range = try SpendingStatistics.recentMonths(Self.recentMonths, in: database) }
        let ongoing = (try? ServeCommand.today())?.yearMonth
        let whose = try person.map { try HouseholdPeople.find($0, in: database) }
        guard
            let statistics = try SpendingStatistics.read(
                from: database, range: range, top: top, ongoing: ongoing, person: whose?.id)
        else {
            console.output(words.noReceipts)
            return
        }
        let language = words.language
        // Receipts far above their category's usual, for the categories' view.
        let unusual =
            by == .category && whose == nil ? try UnusualReceipt.find(in: database, shown: statistics.range) : nil
        if json {
            console.output(
                try JSONOutput.encode(
                    StatisticsJSON(statistics, language: language, unusual: unusual, person: whose?.name)))
        } else if csv {
            console.output(Self.csv(statistics, by: by, language: language), terminator: "")
        } else {
            var budgets: [Month: [Category: Money]] = [:]
            for month in statistics.months {
                budgets[month.month] = try database.budgets(in: month.month, person: whose?.id)
            }
            let text = StatsText(
                statistics: statistics, text: ReportText(language), width: Console.width, unusual: unusual ?? [],
                budgets: budgets)
            if let whose { console.output(words.onlyFor(whose)) }
            console.output(text.render(by: by))
        }
    }

    private static func verify(_ database: ReceiptDatabase, console: Console) throws {
        let differences = try database.verifyTotals()
        guard differences.isEmpty else {
            console.output(console.words.totalsDiffer(differences.count))
            for difference in differences.prefix(50) { console.output("  \(difference)") }
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let months = try database.monthTotals()
        let rows = try database.categoryTotals().count
        console.output(console.words.totalsAgree(months: months.count, rows: months.count + rows))
    }

    static func csv(_ statistics: SpendingStatistics, by grouping: Grouping, language: Language) -> String {
        let rows: [[String]]
        switch grouping {
        case .category: return CSVReport.render(statistics, language: language)
        case .month:
            rows =
                [["month", "total_kopecks", "receipts", "items", "previous_kopecks", "average3_kopecks"]]
                + statistics.months.map {
                    [
                        $0.month.description, String($0.total.kopecks), String($0.receipts), String($0.items),
                        String($0.previous.kopecks), String($0.average.kopecks),
                    ]
                }
        case .shop:
            rows =
                [["shop", "total_kopecks", "receipts", "street"]]
                + statistics.topShops.map { [$0.shop, String($0.total.kopecks), String($0.receipts), $0.street ?? ""] }
        case .item:
            rows =
                [["item", "category", "total_kopecks", "items"]]
                + statistics.topItems.map {
                    [$0.name, $0.category.rawValue, String($0.total.kopecks), String($0.items)]
                }
        }
        return rows.map { $0.map(CSVReport.field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

}
