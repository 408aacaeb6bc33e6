import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts stats [--month M | --from M --to M] [--by category|shop|item|month] [--json|--csv] [--verify]`.
struct StatsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "stats", abstract: Strings.statsAbstract, discussion: Strings.statsDiscussion)
    }

    /// What the rows of the answer are.
    enum Grouping: String, ExpressibleByArgument, CaseIterable {
        case category, shop, item, month
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: MonthRangeOptions
    @Option(help: ArgumentHelp(Strings.byHelp, valueName: "category|shop|item|month")) var by: Grouping = .category
    @Option(help: ArgumentHelp(Strings.topHelp, valueName: Strings.countValue)) var top = 10
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false
    @Flag(help: ArgumentHelp(Strings.csvHelp)) var csv = false
    @Flag(help: ArgumentHelp(Strings.verifyHelp)) var verify = false

    func validate() throws {
        if json && csv { throw ValidationError(Strings.jsonOrCSV) }
        guard (1...1000).contains(top) else { throw ValidationError(Strings.badTop) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        if verify {
            try Self.verify(database, console: console)
            return
        }
        let available = try database.monthTotals()
        let range = months.range(
            available: available.first.map { first in first.month...(available.last ?? first).month })
        guard let statistics = try SpendingStatistics.read(from: database, range: range, top: top) else {
            console.output(Strings.noReceipts)
            return
        }
        let language = Strings.language
        if json {
            console.output(try JSONOutput.encode(StatisticsJSON(statistics, language: language)))
        } else if csv {
            console.output(Self.csv(statistics, by: by, language: language), terminator: "")
        } else {
            console.output(Self.render(statistics, by: by, text: ReportText(language), width: Console.width))
        }
    }

    private static func verify(_ database: ReceiptDatabase, console: Console) throws {
        let differences = try database.verifyTotals()
        guard differences.isEmpty else {
            console.output(Strings.totalsDiffer(differences.count))
            for difference in differences.prefix(50) { console.output("  \(difference)") }
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let months = try database.monthTotals()
        let rows = try database.categoryTotals().count
        console.output(Strings.totalsAgree(months: months.count, rows: months.count + rows))
    }

    static func render(_ statistics: SpendingStatistics, by grouping: Grouping, text: ReportText, width: Int) -> String
    {
        switch grouping {
        case .category:
            var blocks: [String] = []
            for month in statistics.months {
                let heading =
                    "\(capitalized(text.monthName(month.month))): \(text.money(month.total)) · "
                    + "\(text.versusPrevious) \(text.change(from: month.previous, to: month.total)) · "
                    + "\(text.versusAverage) \(text.change(from: month.average, to: month.total))"
                var table = TextTable(rightAligned: [1, 2, 3, 4])
                table.append([text.category, text.total, text.share, text.receipts, text.items, text.versusPrevious])
                for line in month.categories {
                    table.append([
                        text.name(line.category), text.money(line.total), text.percent(line.share),
                        String(line.receipts), String(line.items), text.change(from: line.previous, to: line.total),
                    ])
                }
                blocks.append(
                    Strings.statsHeading(heading, receipts: month.receipts) + "\n" + table.render(width: width))
            }
            let shops = statistics.topShops.prefix(5).map {
                "\($0.shop.isEmpty ? "—" : $0.shop) \(text.money($0.total))"
            }
            let items = statistics.topItems.prefix(5).map { "\($0.name) \(text.money($0.total))" }
            if !shops.isEmpty { blocks.append("\(text.topShops): " + shops.joined(separator: "; ")) }
            if !items.isEmpty { blocks.append("\(text.topItems): " + items.joined(separator: "; ")) }
            return blocks.joined(separator: "\n\n")
        case .month:
            var table = TextTable(rightAligned: [1, 2, 3])
            table.append([text.month, text.total, text.receipts, text.items, text.versusPrevious])
            for month in statistics.months {
                table.append([
                    text.monthName(month.month), text.money(month.total), String(month.receipts), String(month.items),
                    text.change(from: month.previous, to: month.total),
                ])
            }
            return table.render(width: width)
        case .shop:
            var table = TextTable(rightAligned: [0, 1])
            table.append([text.total, text.receipts, text.shop])
            for shop in statistics.topShops {
                table.append([text.money(shop.total), String(shop.receipts), shop.shop.isEmpty ? "—" : shop.shop])
            }
            return table.render(width: width)
        case .item:
            var table = TextTable(rightAligned: [0, 1])
            table.append([text.total, text.items, text.category, text.item])
            for item in statistics.topItems {
                table.append([text.money(item.total), String(item.items), text.name(item.category), item.name])
            }
            return table.render(width: width)
        }
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
                [["shop", "total_kopecks", "receipts"]]
                + statistics.topShops.map { [$0.shop, String($0.total.kopecks), String($0.receipts)] }
        case .item:
            rows =
                [["item", "category", "total_kopecks", "items"]]
                + statistics.topItems.map {
                    [$0.name, $0.category.rawValue, String($0.total.kopecks), String($0.items)]
                }
        }
        return rows.map { $0.map(CSVReport.field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
