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
            commandName: "inflation", abstract: Strings.inflationAbstract, discussion: Strings.inflationDiscussion)
    }

    /// What the index is also split by.
    enum Grouping: String, ExpressibleByArgument, CaseIterable {
        case category
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: MonthRangeOptions
    @Option(help: ArgumentHelp(Strings.inflationByHelp, valueName: "category")) var by: Grouping?
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    /// The months compared without a range: the last twelve with receipts.
    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        guard let available = try database.monthRange(), let recent = try PersonalInflation.defaultRange(in: database)
        else {
            console.output(Strings.noReceipts)
            return
        }
        let range = months.range(available: available) ?? recent
        let inflation = try PersonalInflation.read(from: database, months: range)
        if json {
            console.output(try JSONOutput.encode(InflationJSON(inflation)))
            return
        }
        let language = Strings.language
        var lines = [Strings.inflationHeading(inflation)]
        var table = TextTable(
            header: [Strings.monthsColumn, Strings.changeColumn, Strings.productsColumn], rightAligned: [1, 2])
        for pair in inflation.pairs {
            table.append(["\(pair.from) → \(pair.to)", Strings.percent(pair.factor - 1), "\(pair.matched)"])
        }
        if !inflation.pairs.isEmpty { lines.append(table.render(width: Console.width)) }
        for skipped in inflation.skipped { lines.append(Strings.pairSkipped(skipped)) }
        if by == .category, !inflation.categories.isEmpty {
            var categories = TextTable(
                header: [Strings.categoryColumn, Strings.changeColumn], rightAligned: [1], cut: [0])
            for category in inflation.categories {
                categories.append([category.category.name(in: language), Strings.percent(category.index - 1)])
            }
            lines.append(categories.render(width: Console.width))
        }
        console.output(lines.joined(separator: "\n"))
    }
}
