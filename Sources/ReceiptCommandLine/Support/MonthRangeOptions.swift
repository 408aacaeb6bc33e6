import ArgumentParser
import ReceiptCore

/// `--month M | --from M --to M`: the months a command looks at.
struct MonthRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(HelpText.monthHelp, valueName: HelpText.monthValue)) var month: String?
    @Option(help: ArgumentHelp(HelpText.fromHelp, valueName: HelpText.monthValue)) var from: String?
    @Option(help: ArgumentHelp(HelpText.toHelp, valueName: HelpText.monthValue)) var to: String?

    func validate() throws {
        if month != nil, from != nil || to != nil { throw ValidationError(HelpText.monthOrRange) }
        for text in [month, from, to].compactMap({ $0 }) where Month(text) == nil {
            throw ValidationError(HelpText.badMonth(text))
        }
        if let first, let last, last < first { throw ValidationError(HelpText.rangeBackwards(first, last)) }
    }

    /// The first month asked for, if any.
    var first: Month? { (month ?? from).flatMap(Month.init) }
    /// The last month asked for, if any.
    var last: Month? { (month ?? to).flatMap(Month.init) }

    /// The months asked for, open ends filled from `available` (the months that have receipts);
    /// nil when nothing was asked.
    func range(available: ClosedRange<Month>?) -> ClosedRange<Month>? {
        guard month != nil || from != nil || to != nil else { return nil }
        let lower = first ?? available?.lowerBound ?? last
        let upper = last ?? available?.upperBound ?? first
        guard let lower, let upper else { return nil }
        return min(lower, upper)...max(lower, upper)
    }
}
