import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts report [--month M | --from M --to M] [--out DIR] [--format html,md,csv,json]`.
struct ReportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "report", abstract: HelpText.reportAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: MonthRangeOptions
    @Option(help: ArgumentHelp(HelpText.outHelp, valueName: HelpText.pathValue)) var out = "Reports"
    @Option(help: ArgumentHelp(HelpText.formatHelp, valueName: "html,md,csv,json")) var format = "html,md,csv,json"

    /// How many months the charts show, ending with the report's last.
    static let historyMonths = 12

    func validate() throws {
        _ = try formats()
    }

    func formats() throws -> [ReportFormat] {
        try format.split(separator: ",").map { part in
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = ReportFormat(rawValue: name == "markdown" ? "md" : name) else {
                throw ValidationError(HelpText.badFormat(String(part)))
            }
            return format
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let available = try database.monthTotals()
        let range = months.range(
            available: available.first.map { first in first.month...(available.last ?? first).month })
        // An empty report is no report: a month (or range) without receipts is not found.
        let ongoing = (try? ServeCommand.today())?.yearMonth
        guard let selected = try SpendingStatistics.read(from: database, range: range, ongoing: ongoing),
            selected.months.contains(where: { $0.receipts > 0 })
        else {
            throw CommandFailure(status: .notFound) { Words($0).nothingToReport(range) }
        }
        let history =
            try SpendingStatistics.read(
                from: database, range: SpendingStatistics.history(for: selected.range, months: Self.historyMonths),
                ongoing: ongoing) ?? selected
        let insights = try ReportInsights.read(
            from: database, selected: selected.range, history: history.range, today: try ServeCommand.today())
        let paths: [String]
        do {
            paths = try ReportFiles.write(
                try formats(), selected: selected, history: history, language: words.language, insights: insights,
                to: out)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw CommandFailure(status: .failure) { Words($0).cannotWriteReport(out, reason) }
        }
        for path in paths { console.output(words.reportWritten(path)) }
    }
}
