import Foundation
public import ReceiptCore

/// The country's consumer price index beside a personal one: Росстат's monthly CPI for Russia (all
/// goods and services, and food), from the table shipped with the tool (`cpi-russia.tsv`, each
/// figure's source in docs/official-cpi.md), chained over the same months as `PersonalInflation`.
public struct OfficialInflation: Sendable, Equatable {
    /// Which of Росстат's series.
    public enum Series: String, Sendable, CaseIterable {
        /// All goods and services.
        case all
        /// Food (продовольственные товары, alcohol included).
        case food
    }

    /// One series over the range.
    public struct Index: Sendable, Equatable {
        /// The series.
        public let series: Series
        /// The chained index (1.034 is 3.4 % dearer); nil when a month of the range is missing.
        public let index: Double?
        /// The months of the range the table has no figure for, oldest first.
        public let missing: [Month]
    }

    /// The first month of the range.
    public let from: Month
    /// The last month of the range.
    public let to: Month
    /// Each series chained from the month after `from` through `to`, as a personal index's pairs are.
    public let series: [Index]

    /// The official index from `from` to `to`, by the shipped table; nil when the table cannot be read.
    public static func over(from: Month, to: Month) -> OfficialInflation? {
        guard let table = table else { return nil }
        return over(from: from, to: to, table: table)
    }

    /// The official index from `from` to `to` by `table`: each series' month-on-month figures (% to
    /// the month before, 100.42) multiplied from the month after `from` through `to`.
    static func over(from: Month, to: Month, table: [Month: [Series: Double]]) -> OfficialInflation {
        let months = Array(Month.range(from: from, through: to).dropFirst())
        let series = Series.allCases.map { series -> Index in
            let missing = months.filter { table[$0]?[series] == nil }
            let index =
                missing.isEmpty ? months.reduce(1.0) { $0 * ((table[$1]?[series] ?? 100) / 100) } : nil
            return Index(series: series, index: index, missing: missing)
        }
        return OfficialInflation(from: from, to: to, series: series)
    }

    /// The shipped table, read once: each month's figures by series.
    static let table: [Month: [Series: Double]]? = {
        guard let url = Bundle.module.url(forResource: "cpi-russia", withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        return parse(text)
    }()

    /// The figures of a table's text: `month	all	food	source` lines, `#` comments and the header
    /// skipped, an empty field no figure.
    static func parse(_ text: String) -> [Month: [Series: Double]] {
        var table: [Month: [Series: Double]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let month = try? Month(parsing: fields[0]) else { continue }
            var figures: [Series: Double] = [:]
            if let all = Double(fields[1]), all > 50, all < 200 { figures[.all] = all }
            if let food = Double(fields[2]), food > 50, food < 200 { figures[.food] = food }
            table[month] = figures
        }
        return table
    }
}
