public import ReceiptCore
public import ReceiptStore

/// Where the money went over a range of months: each month's total and categories with their
/// shares and changes, the top shops and the top items. Read from the monthly totals the database
/// keeps, so it costs the same at any size.
public struct SpendingStatistics: Sendable, Equatable {
    /// One category in one month.
    public struct CategoryLine: Sendable, Equatable {
        /// Which category; every month has a line for `Category/uncategorized`, even at zero.
        public let category: Category
        /// Spending in the category that month, refunds subtracted.
        public let total: Money
        /// Receipts with a line (or an unitemised rest) in the category.
        public let receipts: Int
        /// Lines in the category.
        public let items: Int
        /// The part of the month's total, 0…1 (0 when the month's total is not positive).
        public let share: Double
        /// The same category the month before.
        public let previous: Money
        /// The same category's average over the three months before.
        public let average: Money
    }

    /// One month.
    public struct MonthLine: Sendable, Equatable {
        /// The month, by the shops' local dates.
        public let month: Month
        /// The month's spending, refunds subtracted.
        public let total: Money
        /// The month's receipts.
        public let receipts: Int
        /// The month's receipt lines.
        public let items: Int
        /// Largest first; uncategorized always present, last.
        public let categories: [CategoryLine]
        /// The month before's total.
        public let previous: Money
        /// The average total of the three months before.
        public let average: Money
        /// The month has not ended yet: its totals are partial, never compared with whole months.
        public let ongoing: Bool
        /// The part of ``total`` paid with bonus points or certificates (`provisionSum`).
        public let bonuses: Money
    }

    /// The months the statistics cover.
    public let range: ClosedRange<Month>
    /// Newest first.
    public let months: [MonthLine]
    /// The shops spent at most over the range, largest first.
    public let topShops: [ShopTotal]
    /// How many shops there were over the range, so that a list of the top ones can say what it
    /// left out.
    public var shopCount = 0
    /// What was spent at all of them.
    public var shopsTotal = Money.zero
    /// The item names spent on most over the range, largest first.
    public let topItems: [NameSpending]

    /// The statistics of `range`, or of the latest month with receipts when nil; nil when the
    /// database holds no receipts at all and no range was given. `ongoing` is the month that has not
    /// ended yet (today's), whose line is marked so. With `person`, only what was theirs
    /// (`ReceiptDatabase.personSpending(of:months:earlier:)`): their parts of the lines, the
    /// receipts and lines they had a part of, no bonuses; nil when there is nobody of that id.
    public static func read(
        from database: ReceiptDatabase, range: ClosedRange<Month>?, top: Int = 10, ongoing: Month? = nil,
        person: Int64? = nil
    ) throws(StoreError) -> SpendingStatistics? {
        var chosen = range
        if chosen == nil, let latest = try database.monthRange()?.upperBound { chosen = latest...latest }
        guard let range = chosen else { return nil }
        // Three months before the range feed its first months' comparisons.
        let first = range.lowerBound.advanced(by: -3) ?? range.lowerBound
        let span = first...range.upperBound
        let source: Source
        if let person {
            guard let spending = try database.personSpending(of: person, months: range, earlier: 3) else { return nil }
            source = Source(
                months: spending.months, categories: spending.categories, bonuses: [:],
                topShops: Array(spending.shops.prefix(max(top, 0))),
                topItems: Array(spending.names.prefix(max(top, 0))),
                shopCount: (spending.shops.count, spending.shops.reduce(Money.zero) { $0 + $1.total }))
        } else {
            source = Source(
                months: try database.monthTotals(span), categories: try database.categoryTotals(span),
                bonuses: try database.bonusSpending(range), topShops: try database.shopTotals(range, limit: top),
                topItems: try database.itemTotals(range, limit: top), shopCount: try database.shopCount(range))
        }
        return of(source, range: range, ongoing: ongoing)
    }

    /// What statistics are made of: the household's kept totals or one person's parts.
    private struct Source {
        let months: [MonthTotal]
        let categories: [CategoryTotal]
        let bonuses: [Month: Money]
        let topShops: [ShopTotal]
        let topItems: [NameSpending]
        let shopCount: (shops: Int, total: Money)
    }

    private static func of(_ source: Source, range: ClosedRange<Month>, ongoing: Month?) -> SpendingStatistics {
        let monthTotals = Dictionary(uniqueKeysWithValues: source.months.map { ($0.month, $0) })
        let bonuses = source.bonuses
        var categoryTotals: [Month: [Category: CategoryTotal]] = [:]
        for line in source.categories { categoryTotals[line.month, default: [:]][line.category] = line }

        func total(_ month: Month?) -> Money { month.flatMap { monthTotals[$0]?.total } ?? .zero }
        func total(_ category: Category, _ month: Month?) -> Money {
            month.flatMap { categoryTotals[$0]?[category]?.total } ?? .zero
        }
        func average(_ value: (Month?) -> Money, before month: Month) -> Money {
            let sum = (1...3).reduce(Int64(0)) { $0 + value(month.advanced(by: -$1)).kopecks }
            // A third of the sum, rounded half away from zero, in whole kopecks.
            return Money(kopecks: sum.dividedRoundingHalfAway(by: 3))
        }

        var months: [MonthLine] = []
        for month in Month.range(from: range.lowerBound, through: range.upperBound).reversed() {
            let monthTotal = monthTotals[month]
            let amount = monthTotal?.total ?? .zero
            var categories: [CategoryLine] = (categoryTotals[month] ?? [:]).values.map { line in
                CategoryLine(
                    category: line.category, total: line.total, receipts: line.receipts, items: line.items,
                    share: amount.kopecks > 0 ? Double(line.total.kopecks) / Double(amount.kopecks) : 0,
                    previous: total(line.category, month.previous),
                    average: average({ total(line.category, $0) }, before: month))
            }
            if !categories.contains(where: { $0.category == .uncategorized }) {
                categories.append(
                    CategoryLine(
                        category: .uncategorized, total: .zero, receipts: 0, items: 0, share: 0,
                        previous: total(.uncategorized, month.previous),
                        average: average({ total(.uncategorized, $0) }, before: month)))
            }
            categories.sort { lhs, rhs in
                if (lhs.category == .uncategorized) != (rhs.category == .uncategorized) {
                    return rhs.category == .uncategorized
                }
                return (lhs.total.kopecks, rhs.category.rawValue) > (rhs.total.kopecks, lhs.category.rawValue)
            }
            months.append(
                MonthLine(
                    month: month, total: amount, receipts: monthTotal?.receipts ?? 0, items: monthTotal?.items ?? 0,
                    categories: categories, previous: total(month.previous), average: average(total, before: month),
                    ongoing: month == ongoing, bonuses: bonuses[month] ?? .zero))
        }
        var statistics = SpendingStatistics(
            range: range, months: months, topShops: source.topShops, topItems: source.topItems)
        (statistics.shopCount, statistics.shopsTotal) = source.shopCount
        return statistics
    }

    /// The last `count` months up to the latest month with receipts, starting no earlier than the
    /// first month with receipts; nil when the database holds none.
    public static func recentMonths(_ count: Int, in database: ReceiptDatabase) throws(StoreError) -> ClosedRange<
        Month
    >? {
        let months = try database.monthTotals()
        guard let first = months.first?.month, let last = months.last?.month else { return nil }
        let start = last.advanced(by: 1 - max(1, count)) ?? first
        return max(first, start)...last
    }

    /// The months a chart of spending by month shows beside `selected`: the twelve ending with its
    /// last month, or the whole of it when it is longer. The report and the web app's statistics
    /// draw the same window, so the chosen month is always its last bar.
    public static func history(for selected: ClosedRange<Month>, months count: Int = 12) -> ClosedRange<Month> {
        let last = selected.upperBound
        return min(selected.lowerBound, last.advanced(by: 1 - max(1, count)) ?? last)...last
    }

    /// Every category over the whole range, largest first, uncategorized last.
    public var categoryTotals: [(category: Category, total: Money, receipts: Int, items: Int)] {
        var sums: [Category: (total: Money, receipts: Int, items: Int)] = [:]
        for month in months {
            for line in month.categories {
                let sum = sums[line.category] ?? (.zero, 0, 0)
                sums[line.category] = (sum.total + line.total, sum.receipts + line.receipts, sum.items + line.items)
            }
        }
        return sums.map {
            (category: $0.key, total: $0.value.total, receipts: $0.value.receipts, items: $0.value.items)
        }
        .sorted { lhs, rhs in
            if (lhs.category == .uncategorized) != (rhs.category == .uncategorized) {
                return rhs.category == .uncategorized
            }
            return (lhs.total.kopecks, rhs.category.rawValue) > (rhs.total.kopecks, lhs.category.rawValue)
        }
    }

    /// The whole range's total.
    public var total: Money { months.reduce(.zero) { $0 + $1.total } }
}

/// A relative change, nil when there is nothing to compare with.
public func relativeChange(from old: Money, to new: Money) -> Double? {
    guard old.kopecks != 0 else { return nil }
    return Double(new.kopecks - old.kopecks) / Double(abs(old.kopecks))
}
