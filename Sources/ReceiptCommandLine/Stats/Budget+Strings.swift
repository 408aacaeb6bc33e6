import Foundation
import ReceiptCore
import ReceiptStore

// The words of `receipts budget`, in Russian and English.
extension HelpText {
    static var budgetAbstract: String {
        pick("Бюджеты по категориям: лимиты и темп трат.", "Budgets by category: limits and the pace of spending.")
    }
    static var budgetShowAbstract: String {
        pick("Как месяц идёт против лимитов.", "How the month stands against the limits.")
    }
    static var budgetDiscussion: String {
        pick(
            "Для каждой категории с лимитом: лимит, потрачено (с вычетом возвратов), остаток и прогноз на конец "
                + "месяца по темпу (потрачено ÷ прошедшая доля месяца, сегодняшний день целиком). «!» — лимит "
                + "превышен, «↑» — темп ведёт за лимит. Месяц — по местной дате этой машины.\n\n"
                + "Примеры:\n  receipts budget set продукты 30000\n  receipts budget set \"кафе и рестораны\" 5000 --month 2025-12\n"
                + "  receipts budget\n  receipts budget --month 2025-11 --json",
            "For each category with a limit: the limit, what was spent (refunds subtracted), what is left, and "
                + "where the pace leads by the month's end (spent ÷ the share of the month gone, today counted whole). "
                + "“!”: over the limit; “↑”: heading over it. The month is this machine's local date's.\n\n"
                + "Examples:\n  receipts budget set groceries 30000\n  receipts budget set cafes 5000 --month 2025-12\n"
                + "  receipts budget\n  receipts budget --month 2025-11 --json")
    }
    static var budgetSetAbstract: String {
        pick("Задать месячный лимит категории.", "Set a category's monthly limit.")
    }
    static var budgetUnsetAbstract: String { pick("Убрать лимит категории.", "Remove a category's limit.") }
    static var budgetMonthHelp: String {
        pick("Месяц (по умолчанию — текущий).", "The month (this one by default).")
    }
    static var budgetOneMonthHelp: String {
        pick(
            "Только для этого месяца (вместо месячного лимита).", "For this month only (in place of the monthly limit)."
        )
    }
    static var budgetCategoryHelp: String {
        pick("Категория (идентификатор или название).", "The category (identifier or name).")
    }
    static var budgetAmountHelp: String { pick("Лимит в рублях.", "The limit in roubles.") }
}

extension Words {
    var noBudgets: String { noBudgets(for: nil) }
    /// No limits, the household's or `person`'s, with the command that sets one.
    func noBudgets(for person: Person?) -> String {
        let option = person.map { " --person " + ($0.name.contains(" ") ? "'\($0.name)'" : $0.name) } ?? ""
        return pick(
            "Лимитов нет. Задайте: receipts budget set groceries 30000\(option)",
            "No limits set. Set one: receipts budget set groceries 30000\(option)")
    }
    var limitColumn: String { pick("лимит", "limit") }
    var spentColumn: String { pick("потрачено", "spent") }
    var leftColumn: String { pick("осталось", "left") }
    var projectedColumn: String { pick("прогноз", "projected") }
    func budgetHeading(_ month: Month, today: LocalDateTime) -> String {
        let name = month.name(in: language)
        guard month == today.yearMonth else { return pick("Бюджет: \(name)", "Budget: \(name)") }
        return pick(
            "Бюджет: \(name), прошло дней \(today.day) из \(month.dayCount)",
            "Budget: \(name), \(today.day) of \(month.dayCount) days gone")
    }
}
