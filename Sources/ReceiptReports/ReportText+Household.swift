import ReceiptCore
public import ReceiptStore

// The household's words that the command line and the web app share: whom lines are for, and the
// rules that say it.
extension ReportText {
    /// People by weights: `Борис` alone, else each with their part, `Аня 2/3, Борис 1/3`.
    public func shares(_ people: [(name: String, weight: Int64)]) -> String {
        let total = people.reduce(0) { $0 + $1.weight }
        return people.map { people.count == 1 ? $0.name : "\($0.name) \($0.weight)/\(total)" }
            .joined(separator: ", ")
    }

    /// What a split rule looks at: `категория Алкоголь и табак`, `магазин #3`, `слова «пиво»`.
    public func ruleMatch(_ match: SplitRule.Match) -> String {
        switch match {
        case .category(let category): language.pick("категория ", "category ") + category.name(in: language)
        case .shop(let shop): language.pick("магазин #\(shop)", "shop #\(shop)")
        case .words(let words): language.pick("слова «\(words)»", "words “\(words)”")
        }
    }

    /// A rule and whom its lines are for: `Правило #2: слова «пиво» → Борис.`
    public func rule(_ rule: SplitRule, people: [(name: String, weight: Int64)]) -> String {
        let what = ruleMatch(rule.match)
        let whom = shares(people)
        return language.pick("Правило #\(rule.id): \(what) → \(whom).", "Rule #\(rule.id): \(what) → \(whom).")
    }

    /// `Добавлено: Аня, карта *4556 — это вы: …`: a person added, the first being the user.
    public func personAdded(_ name: String, card: String?, isUser: Bool) -> String {
        let card = card.map { language.pick(", карта *\($0)", ", card *\($0)") } ?? ""
        return isUser
            ? language.pick(
                "Добавлено: \(name)\(card) — это вы: по умолчанию чеки оплачиваете вы.",
                "Added: \(name)\(card), who is you: you pay a receipt unless told otherwise.")
            : language.pick("Добавлено: \(name)\(card).", "Added: \(name)\(card).")
    }

    /// `Убрано: Борис.`
    public func personRemoved(_ name: String) -> String {
        language.pick("Убрано: \(name).", "Removed: \(name).")
    }

    /// `Чек № 3: платит Борис.`; nil: back to the default payer.
    public func payerSet(receipt: Int64, name: String?) -> String {
        guard let name else {
            return language.pick(
                "Чек № \(receipt): платит владелец карты или вы.",
                "Receipt #\(receipt): paid by the card's owner, or you.")
        }
        return language.pick("Чек № \(receipt): платит \(name).", "Receipt #\(receipt): paid by \(name).")
    }

    /// `Чек № 7: Аня 2/3, Борис 1/3.`, `Чек № 2, строка 1: для всех.`
    public func sharesSet(receipt: Int64, line: Int?, people: [(name: String, weight: Int64)]) -> String {
        let what =
            line.map { language.pick("Чек № \(receipt), строка \($0)", "Receipt #\(receipt), line \($0)") }
            ?? language.pick("Чек № \(receipt)", "Receipt #\(receipt)")
        guard !people.isEmpty else { return what + language.pick(": для всех.", ": for everyone.") }
        return what + ": " + shares(people) + "."
    }

    /// Nobody owes anybody.
    public var allEven: String { language.pick("Никто никому не должен.", "Nobody owes anybody.") }

    /// `Записано переводов: 2.`
    public func settlementsRecorded(_ count: Int) -> String {
        language.pick("Записано переводов: \(count).", "Recorded \(count) transfer(s).")
    }
}
