import Foundation

/// A category's spending limit as people type it: an amount in roubles above zero (`30000`,
/// `4999,90`), read by the rules of every amount (``Money/init(roubles:)``). The one reading that
/// `receipts budget set` and the web app's budget form share.
public enum BudgetLimit {
    /// The limit `text` gives (spaces around it ignored), or why it gives none.
    public static func parse(_ text: String) throws(BudgetLimitError) -> Money {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let money = try? Money(roubles: trimmed), money.kopecks > 0 else { throw .notALimit(text) }
        return money
    }
}

/// Why a text is no spending limit.
public enum BudgetLimitError: Error, Equatable, LocalizedMessage {
    /// Not an amount in roubles, or not above zero.
    case notALimit(String)

    /// Says what a limit must be, quoting the text given.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.notALimit(let text), .russian): "«\(text)» — не лимит: нужна сумма в рублях больше нуля"
        case (.notALimit(let text), .english): "“\(text)” is not a limit: give an amount in roubles above zero"
        }
    }
}

/// What setting or removing a limit did, in words: the answer of `receipts budget set`/`unset` and
/// of the web app's budget form.
public enum BudgetChange: Sendable, Equatable, LocalizedMessage {
    /// A limit set, for every month (`month` nil) or for one.
    case set(Category, Money, month: Month?)
    /// A limit removed.
    case removed(Category, month: Month?)
    /// There was no such limit to remove.
    case noneToRemove(Category, month: Month?)

    /// `Limit for Groceries: RUB 70,000.00 a month.`
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .set(let category, let amount, let month):
            let name = category.name(in: language)
            let money = amount.formatted(in: language)
            guard let month else {
                return ru ? "Лимит «\(name)»: \(money) в месяц." : "Limit for \(name): \(money) a month."
            }
            return ru ? "Лимит «\(name)» на \(month): \(money)." : "Limit for \(name) in \(month): \(money)."
        case .removed(let category, let month):
            let name = category.name(in: language)
            guard let month else {
                return ru ? "Месячный лимит «\(name)» убран." : "The monthly limit for \(name) is removed."
            }
            return ru ? "Лимит «\(name)» на \(month) убран." : "The limit for \(name) in \(month) is removed."
        case .noneToRemove(let category, let month):
            let name = category.name(in: language)
            guard let month else {
                return ru ? "Месячного лимита «\(name)» нет." : "There is no monthly limit for \(name)."
            }
            return ru ? "Лимита «\(name)» на \(month) нет." : "There is no limit for \(name) in \(month)."
        }
    }
}
