import ReceiptCore
import ReceiptReports
import ReceiptStore

// The words of the household: its view (people, balance, settling up, split rules) and a receipt's
// payer and people.
extension WebWords {
    var badPersonName: String {
        language.pick("Имя — от 1 до 64 знаков.", "A name is 1 to 64 characters.")
    }
    func badCard(_ text: String) -> String {
        language.pick(
            "«\(text)» — не 4 последние цифры карты (например, 4556).",
            "“\(text)” is not a card's last 4 digits (such as 4556).")
    }
    var badWeight: String {
        language.pick("Вес — целое число от 1 до 1 000 000.", "A weight is a whole number from 1 to 1,000,000.")
    }
    var noPersonChosen: String { language.pick("Не указан человек.", "No person given.") }
    func noPerson(_ id: Int64) -> String {
        language.pick("Нет человека № \(id): обновите страницу.", "There is no person #\(id): reload the page.")
    }
    var noReceiptGiven: String { language.pick("Не указан чек.", "No receipt given.") }
    /// Settling up was asked for transfers that are no longer the ones to make.
    var balancesChanged: String {
        language.pick(
            "Балансы изменились, пока страница была открыта: посмотрите переводы снова.",
            "The balances changed while the page was open: look at the transfers again.")
    }
    /// `Аня (вы)`.
    func personLabel(_ person: Person) -> String {
        person.isUser ? "\(person.name) (\(language.pick("вы", "you")))" : person.name
    }
    /// `карта *4556`.
    func cardText(_ digits: String) -> String { language.pick("карта *\(digits)", "card *\(digits)") }
    /// Who pays a receipt nobody named a payer for, and why: `по умолчанию: Аня (вы)`, `по карте
    /// *7781: Борис`, `добавил(а): Борис`.
    func defaultPayer(_ person: Person, reason: ReceiptShares.PayerReason) -> String {
        switch reason {
        case .card:
            language.pick(
                "по карте *\(person.card ?? ""): \(person.name)", "by card *\(person.card ?? ""): \(person.name)")
        case .added: language.pick("добавил(а): \(person.name)", "added by: \(person.name)")
        case .chosen, .you: language.pick("по умолчанию: \(personLabel(person))", "by default: \(personLabel(person))")
        }
    }
    /// A receipt's payer and why: `Оплатил: Борис — по карте *7781`.
    func paidBy(_ shares: ReceiptShares) -> String {
        let why =
            switch shares.payerReason {
            case .chosen: language.pick("выбрано", "chosen")
            case .card: language.pick("по карте *\(shares.payer.card ?? "")", "by card *\(shares.payer.card ?? "")")
            case .added:
                language.pick(
                    "добавил(а) с логина \(shares.payer.account ?? "")",
                    "added from login \(shares.payer.account ?? "")")
            case .you: language.pick("по умолчанию", "by default")
            }
        return language.pick(
            "Оплатил: \(personLabel(shares.payer)) — \(why)", "Paid by \(personLabel(shares.payer)) — \(why)")
    }
    /// Whom a receipt is for: `Для всех поровну`, `Для: Аня 2/3, Борис 1/3`.
    func receiptFor(_ people: [(name: String, weight: Int64)]?) -> String {
        guard let people else { return language.pick("Для всех поровну", "For everyone evenly") }
        return language.pick("Для: ", "For: ") + ReportText(language).shares(people)
    }
    /// Why a line is for its people, when not by its receipt: `по правилу`.
    func lineReason(_ reason: ReceiptShares.Reason) -> String? {
        switch reason {
        case .line: language.pick("выбрано для строки", "chosen for the line")
        case .rule: language.pick("по правилу", "by a rule")
        case .receipt, .everyone: nil
        }
    }
    /// The months a balance covers: `Все месяцы`, `Декабрь 2024`, `Ноябрь 2024 – декабрь 2024`.
    func monthsTitle(_ range: ClosedRange<Month>?) -> String {
        guard let range else { return language.pick("Все месяцы", "Every month") }
        let name = ReportText(language).rangeName(range)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The labels of the household view and of a receipt's people, merged into ``page``.
    var householdPage: [String: String] {
        [
            "household": language.pick("Семья", "Household"),
            "householdIntro": language.pick(
                "Семья — это люди, с которыми вы делите покупки: родные или соседи по квартире. Отметьте, кто оплатил чек и для кого его строки, — приложение посчитает, кто кому сколько должен. Первым добавьте себя: по умолчанию чеки оплачиваете вы. Последние 4 цифры карты скажут, чья карта оплатила чек по выписке банка.",
                "A household is the people you share your shopping with: a family, or a flat share. Say who paid a receipt and whom its lines were for, and the app works out who owes whom. Add yourself first: you pay a receipt unless told otherwise. A card's last 4 digits say whose card paid a receipt, by the bank statement."
            ),
            "peopleTitle": language.pick("Люди", "People"),
            "personName": language.pick("Имя", "Name"),
            "yourName": language.pick("Ваше имя", "Your name"),
            "cardDigits": language.pick("4 последние цифры карты (необязательно)", "Card's last 4 digits (optional)"),
            "addPerson": language.pick("Добавить человека", "Add the person"),
            "addYourself": language.pick("Добавить себя", "Add yourself"),
            "removePerson": language.pick("Убрать", "Remove"),
            "removePersonConfirm": language.pick(
                "Убрать этого человека? Чеки, которые он оплатил, снова оплачены по умолчанию, его доли — остальных.",
                "Remove this person? The receipts they paid go back to the default payer, their shares to the others."
            ),
            "balanceTitle": language.pick("Баланс", "Balance"),
            "everyMonth": language.pick("все месяцы", "every month"),
            "paid": language.pick("Заплатил", "Paid"),
            "consumed": language.pick("Потребил", "Consumed"),
            "settled": language.pick("Расчёты", "Settled"),
            "balanceMeaning": language.pick(
                "«+» — человеку должны, «−» — он должен.", "“+”: the others owe the person; “−”: the person owes."),
            "settleTitle": language.pick("Кто кому переводит", "Settling up"),
            "recordSettlements": language.pick("Переведено — записать", "Paid: record it"),
            "settleNote": language.pick(
                "Когда переведёте, запишите переводы: следующие балансы их учтут.",
                "Once paid, record the transfers: later balances count them."),
            "rulesTitle": language.pick("Правила: для кого строки", "Split rules"),
            "noRules": language.pick(
                "Правил нет: строки, о которых не сказано, — для всех поровну. Добавить правило: receipts split rule add --category КАТЕГОРИЯ ИМЯ",
                "No rules: lines nobody chose for are everyone's, evenly. To add one: receipts split rule add --category CATEGORY NAME"
            ),
            "editPeople": language.pick("Кто платил и для кого", "Who paid, for whom"),
            "payer": language.pick("Оплатил", "Paid by"),
            "receiptPeople": language.pick("Для кого чек", "Whom the receipt is for"),
            "linePeople": language.pick("Для кого строка", "Whom the line is for"),
            "weight": language.pick("вес", "weight"),
            "asReceipt": language.pick("Как весь чек", "As the receipt"),
            "forEveryone": language.pick("Для всех", "For everyone"),
            "wholeHousehold": language.pick("Вся семья", "The whole household"),
        ]
    }
}
