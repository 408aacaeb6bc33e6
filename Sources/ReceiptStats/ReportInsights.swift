public import ReceiptCore
public import ReceiptStore

/// What a report says beyond the sums: the budgets of its last month, its unusually large receipts,
/// the regular payments, personal inflation and the products whose unit price rose most over the
/// history. Each part is what its command shows (`budget`, `stats`, `recurring`, `inflation`,
/// `prices`), computed the same way.
public struct ReportInsights: Sendable, Equatable {
    /// The budgets of the report's last month; nil when none is set.
    public var budgets: BudgetStatus?
    /// The unusually large receipts of the report's months.
    public var unusual: [UnusualReceipt]
    /// The regular payments found in the whole database.
    public var recurring: [RecurringPayment]
    /// Personal inflation over the history's months; nil with fewer than two months.
    public var inflation: PersonalInflation?
    /// The products bought in at least three months of the history whose median unit price rose
    /// most from their first month to their last, at most five.
    public var priceRises: [ProductPrices]

    /// Nothing to say.
    public init(
        budgets: BudgetStatus? = nil, unusual: [UnusualReceipt] = [], recurring: [RecurringPayment] = [],
        inflation: PersonalInflation? = nil, priceRises: [ProductPrices] = []
    ) {
        self.budgets = budgets
        self.unusual = unusual
        self.recurring = recurring
        self.inflation = inflation
        self.priceRises = priceRises
    }

    /// True when no part has anything.
    public var isEmpty: Bool {
        budgets == nil && unusual.isEmpty && recurring.isEmpty && inflation == nil && priceRises.isEmpty
    }

    /// The insights of a report on `selected`, with `history` (the twelve months up to its last)
    /// for inflation and prices; `today` decides the budgets' pace and which payments stopped.
    public static func read(
        from database: ReceiptDatabase, selected: ClosedRange<Month>, history: ClosedRange<Month>, today: LocalDateTime
    ) throws -> ReportInsights {
        let budgets = try BudgetStatus.read(from: database, month: selected.upperBound, today: today)
        let products = try database.productMonths(from: history.lowerBound, through: history.upperBound)
        let inflation =
            history.lowerBound < history.upperBound
            ? PersonalInflation.of(
                products, kinds: try database.kindMonths(from: history.lowerBound, through: history.upperBound),
                from: history.lowerBound, to: history.upperBound,
                spending: Money(kopecks: try database.monthTotals(history).reduce(0) { $0 + $1.total.kopecks }))
            : nil
        let rises = ProductPrices.of(months: products).filter { $0.months.count >= 3 && ($0.change ?? 0) > 0 }
            .sorted { ($1.change ?? 0, $0.name) < ($0.change ?? 0, $1.name) }
        return ReportInsights(
            budgets: budgets.lines.isEmpty ? nil : budgets,
            unusual: try UnusualReceipt.find(in: database, shown: selected),
            recurring: try RecurringPayment.read(from: database, today: today),
            inflation: inflation, priceRises: Array(rises.prefix(5)))
    }
}
