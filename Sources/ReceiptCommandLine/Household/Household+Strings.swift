import ReceiptCore
import ReceiptReports
import ReceiptStore

// The words of `receipts people`, `paid-by`, `split` and `household`, in Russian and English.
extension HelpText {
    static var peopleAbstract: String {
        pick(
            "Люди, с которыми вы делите покупки: первый — это вы.",
            "The people you share your shopping with: the first is you.")
    }
    static var peopleListAbstract: String {
        pick("Список людей, вы первым, с картами.", "The people, you first, with their cards.")
    }
    static var peopleAddAbstract: String {
        pick(
            "Добавить человека (первый добавленный — это вы: по умолчанию чеки оплачиваете вы).",
            "Add a person (the first one added is you: you pay a receipt unless told otherwise).")
    }
    static var peopleRemoveAbstract: String {
        pick(
            "Убрать человека: его чеки снова ваши, его доли — остальных.",
            "Remove a person: the receipts they paid are yours again, their shares the others'.")
    }
    static var personNameHelp: String { pick("Имя человека.", "The person's name.") }
    static var personValue: String { pick("имя", "name") }
    static var statsPersonHelp: String {
        pick(
            "Только то, что было для этого человека: его доли строк (receipts people, receipts split).",
            "Only what was for this person: their parts of the lines (receipts people, receipts split).")
    }
    static var budgetPersonHelp: String {
        pick(
            "Лимит этого человека: на его доли строк, а не на траты всего дома.",
            "This person's limit: on their parts of the lines, not the whole household's spending.")
    }
    static var cardHelp: String {
        pick(
            "Последние 4 цифры карты: чеки, оплаченные ею (по выписке банка), платит этот человек.",
            "The card's last 4 digits: receipts paid with it (by the bank statement) are this person's.")
    }
    static var cardValue: String { pick("цифры", "digits") }
    static var accountHelp: String {
        pick(
            "Логин человека на сервере чеков: чеки, которые он добавил в домохозяйство там, платит этот человек.",
            "The person's login on the receipts server: the receipts it added to a household there are this person's to pay."
        )
    }
    static var badPersonName: String {
        pick("имя не может быть пустым или длиннее 64 знаков", "a name is 1 to 64 characters")
    }
    static func badCard(_ text: String) -> String {
        pick("«\(text)» — не 4 последние цифры карты", "“\(text)” is not a card's last 4 digits")
    }
    static var paidByAbstract: String {
        pick(
            "Кто оплатил чек (иначе — владелец карты из выписки, иначе вы).",
            "Who paid a receipt (else the owner of the card in the statement, else you).")
    }
    static var paidByResetHelp: String {
        pick("Вернуть плательщика по умолчанию.", "Go back to the default payer.")
    }
    static var personOrReset: String { pick("нужно имя или --reset", "give a name or --reset") }
    static var splitAbstract: String {
        pick(
            "Для кого строки чека, и правила для строк, о которых не сказано.",
            "Who a receipt's lines are for, and the rules for lines nobody chose for.")
    }
    static var splitSetAbstract: String {
        pick("Для кого строки чека: для всех, для одного, поровну или по долям.", "Who a receipt's lines are for.")
    }
    static var splitRuleAbstract: String {
        pick(
            "Правила: для кого строки по категории, магазину или словам, если не сказано иначе.",
            "Rules: who lines are for by category, shop or words, when nobody said otherwise.")
    }
    static var splitRuleAddAbstract: String {
        pick(
            "Добавить правило (слова в названии важнее магазина, магазин — категории).",
            "Add a rule (words in the name go before the shop, the shop before the category).")
    }
    static var splitRuleListAbstract: String { pick("Правила по порядку.", "The rules, in order.") }
    static var splitRuleRemoveAbstract: String { pick("Убрать правило.", "Remove a rule.") }
    static var ruleCategoryHelp: String { pick("Строки этой категории.", "Lines of this category.") }
    static var ruleShopHelp: String {
        pick(
            "Чеки этого магазина (номер из receipts shops).", "Receipts of this shop (its number from receipts shops).")
    }
    static var ruleNameHelp: String {
        pick("Строки, в названии которых есть все эти слова.", "Lines whose name has every one of these words.")
    }
    static var ruleWordsValue: String { pick("слова", "words") }
    static var ruleIDHelp: String {
        pick("Номер правила (receipts split rule).", "The rule's number (receipts split rule).")
    }
    static var ruleIDValue: String { pick("номер", "id") }
    static var oneRuleMatch: String {
        pick("нужно одно из --category, --shop, --name", "give one of --category, --shop, --name")
    }
    static var rulePeopleNeeded: String {
        pick("нужно хотя бы одно имя: для кого строки", "name at least one person the lines are for")
    }
    static var splitDiscussion: String {
        pick(
            """
            Без --line — для всех строк чека, у которых нет своего выбора. ИМЯ=ВЕС — доли по весам \
            (Аня=2 Борис=1: две трети и треть); без людей — снова для всех. Суммы делятся до копейки.
            """,
            """
            Without --line: for every line of the receipt without a choice of its own. NAME=WEIGHT \
            shares by weights (Ann=2 Bob=1: two thirds and a third); no people: for everyone again. \
            Amounts are split to the kopeck.
            """)
    }
    static var splitLineHelp: String { pick("Номер строки чека (от 1).", "The receipt's line number (from 1).") }
    static var splitPeopleHelp: String {
        pick("Люди, для кого строки, с весами.", "The people the lines are for, with weights.")
    }
    static var personWeightValue: String { pick("имя[=вес]", "name[=weight]") }
    static func badWeight(_ text: String) -> String {
        pick(
            "«\(text)»: вес — целое число от 1 до 1 000 000",
            "“\(text)”: a weight is a whole number from 1 to 1,000,000")
    }
    static var householdAbstract: String {
        pick("Кто сколько заплатил и потратил, кто кому должен.", "Who paid and consumed what, who owes whom.")
    }
    static var householdBalanceAbstract: String {
        pick(
            "Баланс каждого: заплатил, потребил, разница.",
            "Each person's balance: what they paid, consumed, and the difference.")
    }
    static var householdSettleAbstract: String {
        pick(
            "Наименьшее число переводов, после которых никто никому не должен.",
            "The fewest transfers after which nobody owes anybody.")
    }
    static var householdMonthHelp: String {
        pick("Только этот месяц (иначе — все).", "This month only (else every month).")
    }
    static var settleRecordHelp: String {
        pick(
            "Записать переводы как расчёт: следующие балансы их учтут.",
            "Record the transfers as settled: later balances count them.")
    }
}

extension Words {
    /// `settle --record` when the balance changed between reading and recording.
    var balancesChangedMeanwhile: String {
        pick(
            "баланс изменился, пока считались переводы; ничего не записано — повторите команду",
            "the balance changed while the transfers were worked out; nothing was recorded: run it again")
    }

    /// The line over a person's statistics or budgets.
    func onlyFor(_ person: Person) -> String {
        pick(
            "«\(person.name)»: только доли строк для этого человека.", "\(person.name): only their parts of the lines.")
    }

    var noPeopleYet: String {
        pick(
            "людей пока нет: receipts people add ИМЯ (первый — это вы)",
            "no people yet: receipts people add NAME (the first is you)")
    }
    var you: String { pick("вы", "you") }
    var personHeading: String { pick("Кто", "Person") }
    var cardHeading: String { pick("Карта", "Card") }
    var accountHeading: String { pick("Логин", "Login") }
    var paidHeading: String { pick("Заплатил", "Paid") }
    var consumedHeading: String { pick("Потребил", "Consumed") }
    var settledHeading: String { pick("Расчёты", "Settled") }
    var balanceHeading: String { pick("Баланс", "Balance") }
    var balanceMeaning: String {
        pick(
            "Баланс «+» — человеку должны, «−» — он должен; receipts household settle — кто кому сколько.",
            "A “+” balance is owed to the person, a “−” one they owe; receipts household settle says who pays whom.")
    }
    var allEven: String { ReportText(language).allEven }
    var settleHint: String {
        pick(
            "Когда переведёте: receipts household settle --record — и балансы это учтут.",
            "Once paid: receipts household settle --record, and the balances count it.")
    }
    func settlementsRecorded(_ count: Int) -> String { ReportText(language).settlementsRecorded(count) }
    func personAdded(_ person: Person) -> String {
        ReportText(language).personAdded(person.name.visible(), card: person.card, isUser: person.isUser)
    }
    func personRemoved(_ person: Person) -> String { ReportText(language).personRemoved(person.name.visible()) }
    func payerSet(receipt: Int64, person: Person?) -> String {
        ReportText(language).payerSet(receipt: receipt, name: person?.name.visible())
    }
    func sharesSet(receipt: Int64, line: Int?, people: [(Person, Int64)]) -> String {
        ReportText(language).sharesSet(
            receipt: receipt, line: line, people: people.map { ($0.0.name.visible(), $0.1) })
    }
    var noRulesYet: String {
        pick(
            "правил пока нет: receipts split rule add --name \"пиво\" ИМЯ",
            "no rules yet: receipts split rule add --name beer NAME")
    }
    func noRule(_ id: Int64) -> String { pick("правила #\(id) нет", "there is no rule #\(id)") }
    func ruleRemoved(_ id: Int64) -> String { pick("Правило #\(id) убрано.", "Rule #\(id) removed.") }
    /// `Правило #2: слова «пиво» → Борис.`
    func ruleAdded(_ rule: SplitRule, people: [(Person, Int64)]) -> String {
        ReportText(language).rule(rule, people: people.map { ($0.0.name.visible(), $0.1) })
    }
}
