import ReceiptCore
import ReceiptReports
import ReceiptStats

// The words of the prices and insights views (budgets, personal inflation, regular payments).
extension WebWords {
    /// A date without its time: `15.04.2025`, `2025-04-15`.
    func date(_ date: LocalDateTime) -> String {
        language == .russian
            ? "\(Self.pad(date.day)).\(Self.pad(date.month)).\(Self.pad(date.year, 4))"
            : date.isoDate
    }

    /// A month for a table's row: `08.2026`, `2026-08`.
    func shortMonth(_ month: Month) -> String {
        language == .russian ? "\(Self.pad(month.month)).\(Self.pad(month.year, 4))" : month.description
    }

    /// `цена за кг`, `price per kg`.
    func pricePer(_ unit: PriceUnit) -> String {
        language.pick("цена за \(unit.name(in: language))", "price per \(unit.name(in: language))")
    }

    /// The change of a product's median over the months shown: `+3,4 % за период`.
    func priceChange(_ text: String) -> String { language.pick("\(text) за период", "\(text) over the months") }

    func noPrices(_ words: String) -> String {
        language.pick("Покупок «\(words)» в базе нет.", "No purchases of “\(words)” in the database.")
    }

    /// How many times a product was bought in a month, or a payment was made.
    func times(_ count: Int) -> String {
        let few = (2...4).contains(count % 10) && !(12...14).contains(count % 100)
        return language.pick("\(count) раз\(few ? "а" : "")", count == 1 ? "once" : "\(count) times")
    }

    /// A budget's heading: the month, and for the month under way how much of it is gone.
    func budgetHeading(_ month: Month, today: LocalDateTime) -> String {
        let name = month.name(in: language)
        guard month == today.yearMonth else { return language.pick("Бюджеты: \(name)", "Budgets: \(name)") }
        return language.pick(
            "Бюджеты: \(name), прошло дней \(today.day) из \(month.dayCount)",
            "Budgets: \(name), \(today.day) of \(month.dayCount) days gone")
    }

    /// A category's limit beside what it spent: `из 5 000,00 ₽`, `of RUB 5,000.00`.
    func ofLimit(_ limit: String) -> String { language.pick("из \(limit)", "of \(limit)") }

    /// Only for `month`, in place of the monthly limit.
    func onlyIn(_ month: Month) -> String {
        language.pick("только на \(month.name(in: language))", "for \(month.name(in: language)) only")
    }

    /// What the coverage means, so that nobody takes the index for all spending.
    func coverageNote(_ percent: String) -> String {
        language.pick(
            "Индекс опирается на то, что куплено в обоих месяцах пары (товар или его вид): это \(percent) трат за период, а не все траты.",
            "The index rests on what was bought in both months of a pair (a product or its kind): \(percent) of the spending over the months, not all of it."
        )
    }

    func stoppedSince(_ date: String) -> String {
        language.pick("прекратился, последний \(date)", "stopped, last on \(date)")
    }

    var noBudgets: String {
        language.pick(
            "Лимитов на этот месяц нет. Задайте первый ниже.", "No limits for this month. Set the first one below.")
    }
    var noInflation: String {
        language.pick(
            "Нет покупок, по которым считать личную инфляцию.", "No purchases yet to count personal inflation from.")
    }
    var noInflationPairs: String {
        language.pick(
            "Ни одну пару месяцев не сравнить: не хватает товаров, купленных в обоих.",
            "No pair of months can be compared: too few products were bought in both.")
    }
    var noRecurring: String { language.pick("Регулярных платежей не найдено.", "No regular payments found.") }
    var pricesNeedWords: String {
        language.pick("Введите слова из названия товара.", "Type words of a product's name.")
    }

    /// The labels of the prices and insights views, merged into ``page``.
    var insightsPage: [String: String] {
        let text = ReportText(language)
        return [
            "budgets": text.budgets, "limit": text.limit, "spent": text.spent, "left": text.left,
            "projected": text.projected, "inflation": text.inflation, "months": text.months,
            "change": text.changeHeading, "products": text.products, "recurring": text.recurring,
            "amount": text.total, "howOften": text.howOften, "times": text.times, "next": text.next,
            "byCategory": language.pick("По категориям", "By category"),
            "prices": language.pick("Цены", "Prices"),
            "insights": language.pick("Аналитика", "Insights"),
            "productWords": language.pick("Товар: слова из названия", "Product: words of its name"),
            "lowest": language.pick("Мин.", "Lowest"),
            "median": language.pick("Медиана", "Median"),
            "highest": language.pick("Макс.", "Highest"),
            "bought": language.pick("Покупок", "Bought"),
            "lastPrice": language.pick("Последняя", "Last"),
            "cheapest": language.pick("Дешевле всего", "Cheapest"),
            "medianByMonth": language.pick("Медиана по месяцам", "The median by month"),
            "budgetCategory": language.pick("Категория", "Category"),
            "budgetAmount": language.pick("Лимит, ₽ в месяц", "Limit, RUB a month"),
            "setBudget": language.pick("Задать лимит", "Set the limit"),
            "removeBudget": language.pick("Убрать", "Remove"),
            "previousMonth": language.pick("← Предыдущий месяц", "← Previous month"),
            "nextMonth": language.pick("Следующий месяц →", "Next month →"),
            "over": language.pick("лимит превышен", "over the limit"),
            "headingOver": language.pick("идёт к превышению", "heading over"),
        ]
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
