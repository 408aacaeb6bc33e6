import ArgumentParser
import ReceiptCore

/// `--month M | --from M --to M`: the months a command looks at.
struct MonthRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Strings.monthHelp, valueName: Strings.monthValue)) var month: String?
    @Option(help: ArgumentHelp(Strings.fromHelp, valueName: Strings.monthValue)) var from: String?
    @Option(help: ArgumentHelp(Strings.toHelp, valueName: Strings.monthValue)) var to: String?

    func validate() throws {
        if month != nil, from != nil || to != nil { throw ValidationError(Strings.monthOrRange) }
        for text in [month, from, to].compactMap({ $0 }) where Month(text) == nil {
            throw ValidationError(Strings.badMonth(text))
        }
        if let first, let last, last < first { throw ValidationError(Strings.rangeBackwards(first, last)) }
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
