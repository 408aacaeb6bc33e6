import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts inflation [--month M | --from M --to M] [--by category] [--json]`: how much dearer the
/// user's own basket got, chained month to month.
struct InflationCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "inflation", abstract: HelpText.inflationAbstract, discussion: HelpText.inflationDiscussion)
    }

    /// What the index is also split by.
    enum Grouping: String, ExpressibleByArgument, CaseIterable {
        case category
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: MonthRangeOptions
    @Option(help: ArgumentHelp(HelpText.inflationByHelp, valueName: "category")) var by: Grouping?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// The months compared without a range: the last twelve with receipts.
    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        guard let available = try database.monthRange(), let recent = try PersonalInflation.defaultRange(in: database)
        else {
            console.output(words.noReceipts)
            return
        }
        let range = months.range(available: available) ?? recent
        let inflation = try PersonalInflation.read(from: database, months: range)
        if json {
            console.output(try JSONOutput.encode(InflationJSON(inflation)))
            return
        }
        let language = words.language
        var lines = [words.inflationHeading(inflation)]
        var table = TextTable(
            header: [words.monthsColumn, words.changeColumn, words.productsColumn], rightAligned: [1, 2])
        for pair in inflation.pairs {
            table.append(["\(pair.from) → \(pair.to)", words.percent(pair.factor - 1), "\(pair.matched)"])
        }
        if !inflation.pairs.isEmpty { lines.append(table.render(width: Console.width)) }
        for skipped in inflation.skipped { lines.append(words.pairSkipped(skipped)) }
        if by == .category, !inflation.categories.isEmpty {
            var categories = TextTable(
                header: [words.categoryColumn, words.changeColumn], rightAligned: [1], cut: [0])
            for category in inflation.categories {
                categories.append([category.category.name(in: language), words.percent(category.index - 1)])
            }
            lines.append(categories.render(width: Console.width))
        }
        console.output(lines.joined(separator: "\n"))
    }
}
