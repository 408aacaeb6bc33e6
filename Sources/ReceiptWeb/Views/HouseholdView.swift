import ReceiptCore
import ReceiptReports
import ReceiptStore

/// The people as `receipts people --json` lists them (`id`, `name`, `card`, `account`, `you`), each
/// with its words for the page: `{"people": [PersonView]}`.
struct PeopleView: Encodable {
    let people: [PersonView]

    init(_ people: [Person], words: WebWords) {
        self.people = people.map { PersonView($0, words: words) }
    }
}

/// A person, with `label` (`Аня (вы)`) and `cardText` (`карта *4556`).
struct PersonView: Encodable {
    let id: Int64
    let name: String
    let card: String?
    let account: String?
    let you: Bool
    let label: String
    let cardText: String?

    init(_ person: Person, words: WebWords) {
        id = person.id
        name = person.name
        card = person.card
        account = person.account
        you = person.isUser
        label = words.personLabel(person)
        cardText = person.card.map(words.cardText)
    }
}

/// A change of the people answered: the person and the line `receipts people add|remove` prints.
struct PersonChangeView: Encodable {
    let person: PersonView
    let message: String
}

/// A balance over some months, as `receipts household balance --json` gives it (`people`: `name`,
/// `paid`, `consumed`, `settled`, `balance`, kopecks), each with its texts, and the months there are
/// to pick from.
struct BalanceView: Encodable {
    struct Line: Encodable {
        let id: Int64
        let name: String
        let label: String
        let paid: Int64
        let consumed: Int64
        let settled: Int64
        let balance: Int64
        let paidText: String
        let consumedText: String
        let settledText: String
        let balanceText: String
        /// `owed` (the others owe the person), `owes`, or `even`.
        let state: String
    }

    let people: [Line]
    /// The months asked for (null for every month) and their title.
    @NullWhenAbsent var from: String?
    @NullWhenAbsent var to: String?
    let title: String
    /// Whether some recorded settlement counts here (the page then shows the column).
    let anySettled: Bool
    let months: [StatisticsView.MonthChoice]

    init(_ balance: HouseholdBalance, range: ClosedRange<Month>?, available: [Month], words: WebWords) {
        let text = ReportText(words.language)
        people = balance.lines.map { line in
            Line(
                id: line.person.id, name: line.person.name, label: words.personLabel(line.person), paid: line.paid,
                consumed: line.consumed, settled: line.sent - line.received, balance: line.balance,
                paidText: text.money(Money(kopecks: line.paid)),
                consumedText: text.money(Money(kopecks: line.consumed)),
                settledText: text.signedMoney(Money(kopecks: line.sent - line.received)),
                balanceText: text.signedMoney(Money(kopecks: line.balance)),
                state: line.balance > 0 ? "owed" : line.balance < 0 ? "owes" : "even")
        }
        from = range?.lowerBound.description
        to = range?.upperBound.description
        title = words.monthsTitle(range)
        anySettled = balance.lines.contains { $0.sent != 0 || $0.received != 0 }
        months = StatisticsView.MonthChoice.newestFirst(available, text: text)
    }
}

/// The fewest transfers that settle a balance, as `receipts household settle --json` gives them
/// (`transfers`: `from`, `to`, `amount`; `recorded`), with each transfer's ids and words.
struct SettleView: Encodable {
    struct Transfer: Encodable {
        let from: String
        let to: String
        let amount: Int64
        let fromID: Int64
        let toID: Int64
        /// `Борис → Аня: 36 076,59 ₽`.
        let text: String
    }

    let transfers: [Transfer]
    let recorded: Bool
    /// `Никто никому не должен.`, `Записано переводов: 1.`, or null.
    @NullWhenAbsent var message: String?

    init(_ transfers: [Household.Transfer], people: [Person], recorded: Bool, words: WebWords) {
        let names = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0.name) })
        let text = ReportText(words.language)
        self.transfers = transfers.map { transfer in
            let (from, to) = (names[transfer.from] ?? "", names[transfer.to] ?? "")
            return Transfer(
                from: from, to: to, amount: transfer.amount, fromID: transfer.from, toID: transfer.to,
                text: "\(from) → \(to): \(text.money(Money(kopecks: transfer.amount)))")
        }
        self.recorded = recorded
        message =
            recorded
            ? text.settlementsRecorded(transfers.count) : transfers.isEmpty && !people.isEmpty ? text.allEven : nil
    }
}

/// The split rules as `receipts split rule --json` lists them, each with the line `split rule`
/// prints: `{"rules": [{"rule": SplitRuleEntry, "text"}]}`.
struct SplitRulesView: Encodable {
    struct Rule: Encodable {
        let rule: SplitRuleEntry
        /// `Правило #1: слова «пиво» → Борис.`
        let text: String
    }

    let rules: [Rule]

    init(_ rules: [SplitRule], people: [Person], words: WebWords) {
        let names = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0.name) })
        let text = ReportText(words.language)
        self.rules = rules.map { rule in
            let entry = SplitRuleEntry(rule, names: names)
            return Rule(rule: entry, text: text.rule(rule, people: entry.people.map { ($0.name, $0.weight) }))
        }
    }
}
