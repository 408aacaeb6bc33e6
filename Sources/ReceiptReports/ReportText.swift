public import ReceiptCore
public import ReceiptStats

/// The words and number formats reports and the `stats` command share, in Russian or English.
public struct ReportText: Sendable {
    /// The language every word and number is given in.
    public let language: Language

    /// The words of one language.
    public init(_ language: Language) {
        self.language = language
    }

    /// The report's title, before its range: «Расходы», "Spending".
    public var title: String { language.pick("Расходы", "Spending") }
    /// The heading of the category column.
    public var category: String { language.pick("Категория", "Category") }
    /// The heading of the amount column, and the label of a month's total.
    public var total: String { language.pick("Сумма", "Total") }
    /// The name of a table's row (or line) that adds up the rows above it: «Итого», not the column's
    /// «Сумма».
    public var totalRow: String { language.pick("Итого", "Total") }
    /// The heading of a category's share of its month.
    public var share: String { language.pick("Доля", "Share") }
    /// The heading of receipt counts.
    public var receipts: String { language.pick("Чеки", "Receipts") }
    /// The heading of item (line) counts.
    public var items: String { language.pick("Позиции", "Items") }
    /// The heading of the month column.
    public var month: String { language.pick("Месяц", "Month") }
    /// The heading of the shop column of the top shops.
    public var shop: String { language.pick("Магазин", "Shop") }
    /// The heading of the name column of the top items.
    public var item: String { language.pick("Товар", "Item") }
    /// The heading of the change against the month before.
    public var versusPrevious: String { language.pick("К пред. месяцу", "vs previous") }
    /// The heading of the change against the three months before.
    public var versusAverage: String { language.pick("К среднему за 3 мес.", "vs 3-month avg") }
    /// The title of the budgets of the report's last month.
    public var budgets: String { language.pick("Бюджеты", "Budgets") }
    /// Column headings of the budgets.
    public var limit: String { language.pick("Лимит", "Limit") }
    /// The heading of what a category spent in the month.
    public var spent: String { language.pick("Потрачено", "Spent") }
    /// The heading of what is left of a limit.
    public var left: String { language.pick("Осталось", "Left") }
    /// The heading of where the pace leads by the month's end.
    public var projected: String { language.pick("Прогноз", "Projected") }
    /// The title of the unusually large receipts, and the heading of the usual amount.
    public var unusual: String { language.pick("Необычно крупные чеки", "Unusually large receipts") }
    /// The heading of a category's usual receipt.
    public var usual: String { language.pick("Обычно", "Usual") }
    /// The heading of an unusual receipt's score (`UnusualReceipt.score`), the order they are listed in.
    public var deviation: String { language.pick("Отклонение", "Deviation") }
    /// What the score means, in a line under the unusual receipts' title.
    public var deviationNote: String {
        language.pick(
            "Отклонение — во сколько обычных разбросов сумма выше обычной для категории; "
                + "необычным считается чек выше \(score(UnusualReceipt.cut)), самые необычные сверху.",
            "Deviation: how many usual spreads the amount lies above the category's usual; "
                + "a receipt above \(score(UnusualReceipt.cut)) is unusual, the most unusual first.")
    }
    /// A score with one decimal, thousands grouped as amounts are: `7,2` or `7.2`.
    public func score(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = language.grouped(UInt64(tenths.magnitude / 10))
        return "\(tenths < 0 ? "-" : "")\(whole)\(language == .russian ? "," : ".")\(tenths.magnitude % 10)"
    }
    /// The heading of a receipt's number and date.
    public var receipt: String { language.pick("Чек", "Receipt") }
    /// The title of the regular payments, and its headings.
    public var recurring: String { language.pick("Регулярные платежи", "Regular payments") }
    /// The heading of a regular payment's period.
    public var howOften: String { language.pick("Как часто", "How often") }
    /// The heading of how many times it was paid.
    public var times: String { language.pick("Раз", "Times") }
    /// The heading of the next date due.
    public var next: String { language.pick("Следующий", "Next") }
    /// A regular payment that stopped, and when it was last paid.
    public func stopped(since date: String) -> String { language.pick("прекратился (\(date))", "stopped (\(date))") }
    /// The title of personal inflation, and its headings.
    public var inflation: String { language.pick("Личная инфляция", "Personal inflation") }
    /// The heading of a pair of months.
    public var months: String { language.pick("Месяцы", "Months") }
    /// The heading of a change.
    public var changeHeading: String { language.pick("Изменение", "Change") }
    /// The heading of how many products a pair compares.
    public var products: String { language.pick("Товаров", "Products") }
    /// The index's line: the change over the range and the share of spending it rests on.
    public func inflationSummary(_ inflation: PersonalInflation) -> String {
        let change = signedPercent(inflation.index - 1)
        let coverage = percent(inflation.coverage)
        return language.pick(
            "\(change) за период, по \(coverage) трат", "\(change) over the months, on \(coverage) of the spending")
    }
    /// The title of the products whose unit price rose most, and its headings.
    public var priceRises: String { language.pick("Что подорожало", "What got dearer") }
    /// The heading of the unit a price is counted per.
    public var perUnit: String { language.pick("Цена за единицу", "Price per unit") }
    /// The heading of the first month's median unit price.
    public var firstMonth: String { language.pick("Первый месяц", "First month") }
    /// The heading of the last month's median unit price.
    public var lastMonth: String { language.pick("Последний месяц", "Last month") }

    /// A fraction as a signed percentage: `+3,4 %`.
    public func signedPercent(_ fraction: Double) -> String {
        let text = percent(fraction)
        return fraction > 0 && !text.hasPrefix("-") ? "+" + text : text
    }

    /// An amount with its sign, a true minus below zero: `+1 234,56 ₽`, `−78,00 ₽`, `0,00 ₽`.
    public func signedMoney(_ amount: Money) -> String {
        let magnitude = money(Money(kopecks: amount.kopecks < 0 ? -amount.kopecks : amount.kopecks))
        return amount.kopecks > 0 ? "+" + magnitude : amount.kopecks < 0 ? "−" + magnitude : magnitude
    }

    /// The title of the stacked bars.
    public var byMonth: String { language.pick("Расходы по месяцам и категориям", "Spending by month and category") }
    /// The title of the last month's split, before the month's name.
    public var split: String { language.pick("Структура расходов", "Where the money went") }
    /// The title of the largest categories' lines.
    public var trend: String { language.pick("Главные категории по месяцам", "Top categories over time") }
    /// The title of the shops spent at most.
    public var topShops: String { language.pick("Главные магазины", "Top shops") }
    /// The title of the items spent on most.
    public var topItems: String { language.pick("Главные товары", "Top items") }
    /// A label for the whole history; nothing uses it yet.
    public var allMonths: String { language.pick("Все месяцы", "All months") }
    /// The page's footer.
    public var generatedBy: String { language.pick("Создано receipts", "Made by receipts") }
    /// What the split says instead of a chart when the month's spending is not above zero.
    public var noData: String { language.pick("Нет чеков за эти месяцы.", "No receipts in these months.") }

    /// An amount as people read it: `1 234,56 ₽` or `RUB 1,234.56`.
    public func money(_ amount: Money) -> String { amount.formatted(in: language) }

    /// A share of 0…1 as a percentage with one decimal, thousands grouped as amounts are: `66,5 %`,
    /// `14 704,6 %` or `66.5%`, `14,704.6%`.
    public func percent(_ fraction: Double) -> String {
        var tenths = Int((fraction * 1000).rounded())
        // Never all when it is not: 99.96 % of spending is 99.9 %, not 100.0 % beside an uncategorised
        // 104.90 ₽ (a sliver rounds to 0.0 %, which claims nothing).
        if tenths == 1000, fraction < 1 { tenths = 999 }
        let whole = language.grouped(UInt64(tenths.magnitude / 10))
        let text = "\(tenths < 0 ? "-" : "")\(whole)\(language == .russian ? "," : ".")\(tenths.magnitude % 10)"
        return language == .russian ? text + "\u{00A0}%" : text + "%"
    }

    /// How much smaller than the amount compared a base may be for a change to be shown: a change
    /// against less than a tenth of it (two stray receipts before a month of shopping) says nothing.
    public static let smallestBase = 10

    /// Whether a change from `old` to `new` is worth showing: `old` is not zero and at least a tenth
    /// of `new`.
    public static func comparable(from old: Money, to new: Money) -> Bool {
        old != .zero && old.kopecks.magnitude * UInt64(smallestBase) >= new.kopecks.magnitude
    }

    /// A change between two amounts with its sign (`+5,2 %`), or a dash when there is nothing to
    /// compare with or the base is under a tenth of the amount (``comparable(from:to:)``).
    public func change(from old: Money, to new: Money) -> String {
        guard Self.comparable(from: old, to: new), let change = relativeChange(from: old, to: new) else { return "—" }
        let text = percent(change)
        return change > 0 ? "+" + text : text
    }

    /// Whether the change from `old` to `new` is a dash because the base is too small, not absent.
    public static func baseTooSmall(from old: Money, to new: Money) -> Bool {
        old != .zero && !comparable(from: old, to: new)
    }

    /// Whether any change of a month's statistics (the month's and its categories') is a dash for a
    /// base too small (``baseTooSmall(from:to:)``): the month then says why (``smallBaseNote``).
    public static func hidesChanges(_ month: SpendingStatistics.MonthLine) -> Bool {
        guard !month.ongoing else { return false }
        let pairs =
            [(month.previous, month.total), (month.average, month.total)]
            + month.categories.flatMap { [($0.previous, $0.total), ($0.average, $0.total)] }
        return pairs.contains { baseTooSmall(from: $0.0, to: $0.1) }
    }

    /// What a dash among changes means when a base was too small (``comparable(from:to:)``).
    public var smallBaseNote: String {
        language.pick(
            "«—»: база сравнения меньше десятой доли суммы — изменение не показано.",
            "“—”: the amount compared with is under a tenth of this one; no change is shown.")
    }

    /// The change of a month's amount against an earlier one; a dash for a month that has not ended,
    /// which is never compared with whole months.
    public func change(from old: Money, to new: Money, in month: SpendingStatistics.MonthLine) -> String {
        month.ongoing ? "—" : change(from: old, to: new)
    }

    /// A month's name: `октябрь 2026` or `October 2026`.
    public func monthName(_ month: Month) -> String { month.name(in: language) }

    /// A month's name as a line of statistics shows it: marked when the month has not ended.
    public func monthName(_ line: SpendingStatistics.MonthLine) -> String {
        line.ongoing
            ? language.pick("\(monthName(line.month)) (идёт)", "\(monthName(line.month)) (so far)")
            : monthName(line.month)
    }

    /// A category's name.
    public func name(_ category: Category) -> String { category.name(in: language) }

    /// The range's name: one month, or `from – to`.
    public func rangeName(_ range: ClosedRange<Month>) -> String {
        range.lowerBound == range.upperBound
            ? monthName(range.lowerBound) : "\(monthName(range.lowerBound)) – \(monthName(range.upperBound))"
    }
}
