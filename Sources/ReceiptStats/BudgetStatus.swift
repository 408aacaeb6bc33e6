public import ReceiptCore
public import ReceiptStore

/// Where each budgeted category stands in a month: what was spent against the limit, what is left,
/// and, for the month under way, where the pace leads by its end. What `receipts budget` shows.
public struct BudgetStatus: Sendable, Equatable {
    /// One category's standing.
    public struct Line: Sendable, Equatable {
        /// The category.
        public let category: Category
        /// The month's limit.
        public let limit: Money
        /// Spent in the month so far, refunds subtracted (the kept totals).
        public let spent: Money
        /// The limit less what was spent; negative when over.
        public var left: Money { Money(kopecks: limit.kopecks - spent.kopecks) }
        /// What the month will have cost at its pace so far: spent ÷ the share of the month gone
        /// (today counted whole), rounded half away from zero; a past month's spending as it is.
        public let projected: Money

        /// A category's standing.
        public init(category: Category, limit: Money, spent: Money, projected: Money) {
            self.category = category
            self.limit = limit
            self.spent = spent
            self.projected = projected
        }

        /// Over the limit already.
        public var isOver: Bool { spent > limit }
        /// On a pace to end the month over the limit.
        public var isHeadingOver: Bool { projected > limit }
    }

    /// The month.
    public let month: Month
    /// Each budgeted category, in the order of `Category/allCases`.
    public let lines: [Line]

    /// The standing in `month` by the database's limits and kept totals; `today` (the machine's local
    /// date) decides how much of the month is gone. With `person`, their limits against what was for
    /// them (`ReceiptDatabase.personSpending(of:months:earlier:)`).
    public static func read(
        from database: ReceiptDatabase, month: Month, today: LocalDateTime, person: Int64? = nil
    ) throws -> BudgetStatus {
        let limits = try database.budgets(in: month, person: person)
        var spent: [Category: Money] = [:]
        let totals =
            if let person {
                try database.personSpending(of: person, months: month...month)?.categories ?? []
            } else {
                try database.categoryTotals(month...month)
            }
        for total in totals { spent[total.category] = total.total }
        return of(limits: limits, spent: spent, month: month, today: today)
    }

    /// The standing from the limits and what was spent by category.
    public static func of(limits: [Category: Money], spent: [Category: Money], month: Month, today: LocalDateTime)
        -> BudgetStatus
    {
        let lines = Category.allCases.compactMap { category -> Line? in
            guard let limit = limits[category] else { return nil }
            let spentHere = spent[category] ?? Money(kopecks: 0)
            return Line(
                category: category, limit: limit, spent: spentHere,
                projected: projection(spentHere, month: month, today: today))
        }
        return BudgetStatus(month: month, lines: lines)
    }

    /// The month's spending at its pace: `spent × days in the month ÷ days gone` for the month under
    /// way, what was spent for a past month, nothing yet for one to come.
    static func projection(_ spent: Money, month: Month, today: LocalDateTime) -> Money {
        let current = today.yearMonth
        guard month == current else { return month < current ? spent : Money(kopecks: 0) }
        let gone = Int64(max(1, today.day))
        return Money(kopecks: (spent.kopecks * Int64(month.dayCount)).dividedRoundingHalfAway(by: gone))
    }
}
