import ReceiptCore
import ReceiptReports
import ReceiptStore

/// Who paid a receipt and whom its lines are for (``ReceiptStore/ReceiptShares``), as its page shows
/// them and its pickers start: the people to pick from, the payer (the one named, or null for the
/// default), the receipt's own people and each line's, with the words for each.
struct ReceiptPeopleView: Encodable {
    /// A person's part, by weight.
    struct Share: Encodable {
        let person: Int64
        let weight: Int64
    }

    struct Line: Encodable {
        /// Who the line is for now (everyone, each weighing 1, when nobody chose).
        let people: [Share]
        /// Whether the line has a choice of its own (else it follows its receipt, a rule or everyone).
        let own: Bool
        /// The line's people when they are not its receipt's (its own choice, a rule's), and why:
        /// `Борис · по правилу`; null otherwise.
        @NullWhenAbsent var text: String?
    }

    let people: [PersonView]
    /// Who pays it now.
    let payer: Int64
    /// The one named for it; null when nobody is (the card's owner, else you).
    @NullWhenAbsent var chosenPayer: Int64?
    /// `Оплатил: Борис — по карте *7781`.
    let payerText: String
    /// The default payer, for the picker's first choice: `по умолчанию: Аня (вы)`.
    let defaultPayerText: String
    /// The receipt's own people; null when it has no choice of its own.
    @NullWhenAbsent var receiptPeople: [Share]?
    /// `Для всех поровну`, `Для: Аня 2/3, Борис 1/3`.
    let forText: String
    /// What each consumed of it: `Аня 500,00 ₽ · Борис 300,00 ₽`.
    let consumedText: String
    let lines: [Line]

    init(_ shares: ReceiptShares, people: [Person], words: WebWords) {
        let names = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0.name) })
        let text = ReportText(words.language)
        let named = { (weights: [Household.Weight]) in
            weights.map { (name: names[$0.person] ?? "", weight: $0.weight) }
        }
        self.people = people.map { PersonView($0, words: words) }
        payer = shares.payer.id
        chosenPayer = shares.payerReason == .chosen ? shares.payer.id : nil
        payerText = words.paidBy(shares)
        defaultPayerText = words.defaultPayer(shares.defaultPayer, reason: shares.defaultReason)
        receiptPeople = shares.receiptWeights.map { $0.map { Share(person: $0.person, weight: $0.weight) } }
        forText = words.receiptFor(shares.receiptWeights.map(named))
        consumedText = shares.consumed.map { "\(names[$0.person] ?? "") \(text.money(Money(kopecks: $0.amount)))" }
            .joined(separator: " · ")
        lines = shares.lines.map { line in
            Line(
                people: line.weights.map { Share(person: $0.person, weight: $0.weight) }, own: line.reason == .line,
                text: words.lineReason(line.reason).map { text.shares(named(line.weights)) + " · " + $0 })
        }
    }
}

/// A receipt's payer or people changed: the line `paid-by` or `split` prints, and the receipt's
/// people as they are now.
struct ReceiptPeopleChangeView: Encodable {
    let message: String
    let household: ReceiptPeopleView
}
