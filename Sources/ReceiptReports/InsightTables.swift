import ReceiptCore
public import ReceiptStats
import ReceiptStore

/// The report's insights as tables any format draws: a title, headings, rows, which rows warn (a
/// budget over or heading over its limit), and for prices each product's monthly medians to chart.
public struct InsightTable: Sendable, Equatable {
    /// The section's id in HTML.
    public let id: String
    /// Its heading.
    public let title: String
    /// A line under the heading, if any.
    public let note: String?
    /// The column headings.
    public let header: [String]
    /// The rows, already in words.
    public let rows: [[String]]
    /// Indexes of the rows to show in the warning colour.
    public let warnings: Set<Int>
    /// For each row, monthly values to draw beside it (the prices' medians); empty when none.
    public let series: [[Int64]]
    /// The columns of words (names, units, dates), aligned to the left; the others hold numbers and
    /// amounts, aligned to the right.
    public var textColumns: Set<Int> = [0]

    /// The tables of `insights`, in the order a report shows them; none for a part with nothing.
    public static func of(_ insights: ReportInsights, text: ReportText) -> [InsightTable] {
        var tables: [InsightTable] = []
        if let budgets = insights.budgets {
            tables.append(
                InsightTable(
                    id: "budgets", title: "\(text.budgets): \(text.monthName(budgets.month))", note: nil,
                    header: [text.category, text.limit, text.spent, text.left, text.projected],
                    rows: budgets.lines.map {
                        [
                            text.name($0.category), text.money($0.limit), text.money($0.spent), text.money($0.left),
                            text.money($0.projected),
                        ]
                    },
                    warnings: Set(
                        budgets.lines.indices.filter { budgets.lines[$0].isOver || budgets.lines[$0].isHeadingOver }),
                    series: [], textColumns: [0]))
        }
        if !insights.unusual.isEmpty {
            tables.append(
                InsightTable(
                    id: "unusual", title: text.unusual, note: text.deviationNote,
                    header: [text.receipt, text.shop, text.category, text.total, text.usual, text.deviation],
                    rows: insights.unusual.map {
                        [
                            "#\($0.receipt.receiptID) \($0.receipt.dateTime.isoDate)", $0.receipt.shop ?? "—",
                            text.name($0.receipt.category), text.money($0.receipt.amount), text.money($0.usual),
                            text.score($0.score),
                        ]
                    }, warnings: [], series: [], textColumns: [0, 1, 2]))
        }
        if let inflation = insights.inflation, !inflation.pairs.isEmpty {
            tables.append(
                InsightTable(
                    id: "inflation", title: text.inflation, note: text.inflationSummary(inflation),
                    header: [text.months, text.changeHeading, text.products],
                    rows: inflation.pairs.map {
                        ["\($0.from) → \($0.to)", text.signedPercent($0.factor - 1), String($0.matched)]
                    }, warnings: [], series: [], textColumns: [0]))
        }
        if !insights.priceRises.isEmpty {
            tables.append(
                InsightTable(
                    id: "prices", title: text.priceRises, note: nil,
                    header: [text.item, text.perUnit, text.firstMonth, text.lastMonth, text.changeHeading],
                    rows: insights.priceRises.map { product in
                        [
                            product.name, product.unit.name(in: text.language),
                            text.money(Money(kopecks: product.months.first?.median ?? 0)),
                            text.money(Money(kopecks: product.months.last?.median ?? 0)),
                            text.signedPercent(product.change ?? 0),
                        ]
                    }, warnings: [], series: insights.priceRises.map { $0.months.map(\.median) }, textColumns: [0, 1]))
        }
        if !insights.recurring.isEmpty {
            tables.append(
                InsightTable(
                    id: "recurring", title: text.recurring, note: nil,
                    header: [text.shop, text.total, text.howOften, text.times, text.next],
                    rows: insights.recurring.map {
                        [
                            $0.shop, text.money($0.amount), $0.period.name(in: text.language), String($0.times),
                            $0.stopped ? text.stopped(since: $0.last.isoDate) : $0.next.isoDate,
                        ]
                    }, warnings: [], series: [], textColumns: [0, 2, 4]))
        }
        return tables
    }
}

/// The report's insights in its JSON: each part as its command's `--json` gives it (the unusual
/// receipts go in the statistics' `outliers`, as `stats --json` gives them).
public struct InsightsJSON: Encodable, Sendable {
    let budgets: BudgetJSON?
    let inflation: InflationJSON?
    let prices: PricesJSON
    let recurring: [RecurringJSON.Line]

    /// The JSON of `insights`.
    public init(_ insights: ReportInsights) {
        budgets = insights.budgets.map { BudgetJSON($0) }
        inflation = insights.inflation.map { InflationJSON($0) }
        prices = PricesJSON(PriceReport(kinds: [], products: insights.priceRises), language: .english)
        recurring = RecurringJSON(insights.recurring).recurring
    }
}
