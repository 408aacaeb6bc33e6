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
        let official = OfficialInflation.over(from: range.lowerBound, to: range.upperBound)
        if json {
            console.output(try JSONOutput.encode(InflationJSON(inflation, official: official)))
            return
        }
        let language = words.language
        let text = ReportText(language)
        var lines = [words.inflationHeading(inflation)]
        var table = TextTable(
            header: [words.monthsColumn, words.changeColumn, words.productsColumn], rightAligned: [1, 2])
        for pair in inflation.pairs {
            table.append(["\(pair.from) → \(pair.to)", words.percent(pair.factor - 1), "\(pair.matched)"])
        }
        if !inflation.pairs.isEmpty { lines.append(table.render(width: Console.width)) }
        for skipped in inflation.skipped { lines.append(text.inflationSkipped(skipped)) }
        if !inflation.leftOut.isEmpty {
            lines.append(text.leftOutTitle)
            lines += inflation.leftOut.map { "  " + text.inflationLeftOut($0, of: inflation.spending) }
        }
        if let official, inflation.from < inflation.to {
            lines.append(text.officialTitle)
            lines += text.officialInflation(official).map { "  " + $0 }
        }
        if by == .category, !inflation.categories.isEmpty {
            var categories = TextTable(
                header: [words.categoryColumn, words.changeColumn], rightAligned: [1], cut: [0])
            for category in inflation.categories {
                categories.append([category.category.name(in: language), words.percent(category.index - 1)])
            }
            lines.append(categories.render(width: Console.width))
        }
        // The tables fit already; the sentences between them wrap, an indented one under its indent.
        console.output(TextTable.wrapLines(lines.joined(separator: "\n"), width: Console.width))
    }
}
