import ReceiptCore
import ReceiptStats

/// The words and number formats reports and the `stats` command share, in Russian or English.
public struct ReportText: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    private func pick(_ russian: String, _ english: String) -> String {
        language == .russian ? russian : english
    }

    public var title: String { pick("Расходы", "Spending") }
    public var category: String { pick("Категория", "Category") }
    public var total: String { pick("Сумма", "Total") }
    public var share: String { pick("Доля", "Share") }
    public var receipts: String { pick("Чеки", "Receipts") }
    public var items: String { pick("Позиции", "Items") }
    public var month: String { pick("Месяц", "Month") }
    public var shop: String { pick("Магазин", "Shop") }
    public var item: String { pick("Товар", "Item") }
    public var versusPrevious: String { pick("К пред. месяцу", "vs previous") }
    public var versusAverage: String { pick("К среднему за 3 мес.", "vs 3-month avg") }
    public var byMonth: String { pick("Расходы по месяцам и категориям", "Spending by month and category") }
    public var split: String { pick("Структура расходов", "Where the money went") }
    public var trend: String { pick("Главные категории по месяцам", "Top categories over time") }
    public var topShops: String { pick("Главные магазины", "Top shops") }
    public var topItems: String { pick("Главные товары", "Top items") }
    public var allMonths: String { pick("Все месяцы", "All months") }
    public var generatedBy: String { pick("Создано receipts", "Made by receipts") }
    public var noData: String { pick("Нет чеков за эти месяцы.", "No receipts in these months.") }

    /// An amount as people read it: `1 234,56 ₽` or `RUB 1,234.56`.
    public func money(_ amount: Money) -> String { amount.formatted(in: language) }

    /// A share of 0…1 as a percentage with one decimal: `66,5 %` or `66.5%`.
    public func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        let text = "\(tenths / 10)\(language == .russian ? "," : ".")\(abs(tenths % 10))"
        let signed = tenths < 0 && tenths / 10 == 0 ? "-" + text : text
        return language == .russian ? signed + "\u{00A0}%" : signed + "%"
    }

    /// A change between two amounts with its sign (`+5,2 %`), or a dash when there is nothing to
    /// compare with.
    public func change(from old: Money, to new: Money) -> String {
        guard let change = relativeChange(from: old, to: new) else { return "—" }
        let text = percent(change)
        return change > 0 ? "+" + text : text
    }

    /// A month's name: `октябрь 2026` or `October 2026`.
    public func monthName(_ month: Month) -> String { month.name(in: language) }

    /// A category's name.
    public func name(_ category: Category) -> String { category.name(in: language) }

    /// The range's name: one month, or `from – to`.
    public func rangeName(_ range: ClosedRange<Month>) -> String {
        range.lowerBound == range.upperBound
            ? monthName(range.lowerBound) : "\(monthName(range.lowerBound)) – \(monthName(range.upperBound))"
    }
}
