import ReceiptCore

// The words of `receipts export`, in Russian and English.
extension HelpText {
    static var exportAbstract: String {
        pick("Чеки в файл beancount или hledger.", "Receipts as a beancount or hledger file.")
    }
    static var exportDiscussion: String {
        pick(
            "Одна проводка на чек: по категории (или по строке с --postings item) и по каждому способу оплаты, "
                + "как его называет чек: наличные — Assets:Cash; карта — карта из сопоставленной выписки, иначе "
                + "Assets:Card; зачёт предоплаты — Assets:Prepaid (заказ, оба чека которого есть, даёт там 0); "
                + "кредит — Liabilities:Credit. Итоги по категориям равны receipts stats до копейки; разница строк "
                + "и итога чека — отдельной проводкой «округление». Имена счетов можно задать файлом "
                + "--account-map со строками «КЛЮЧ = СЧЁТ» (ключ — категория, карта как в выписке, например "
                + "*4556, или cash, card, prepaid, credit). Одна и та же база даёт один и тот же файл.",
            "A transaction a receipt: a posting a category (or a line with --postings item) and one for each "
                + "way the receipt says it was paid: cash to Assets:Cash; card to the card of a matched statement, "
                + "else Assets:Card; a prepayment drawn to Assets:Prepaid (an order with both receipts leaves it "
                + "at 0); credit to Liabilities:Credit. Category totals equal receipts stats to the kopeck; where "
                + "lines differ from the total, a rounding posting says so. Account names can be set in an "
                + "--account-map file of lines “KEY = ACCOUNT” (a category, a card as statements give it such as "
                + "*4556, or cash, card, prepaid, credit). The same database gives the same file.")
    }
    static var exportFormatHelp: String {
        pick(
            "Формат: beancount, hledger или splitwise (таблица Splitwise: кто сколько заплатил и должен по каждому чеку).",
            "Format: beancount, hledger or splitwise (Splitwise's spreadsheet: what each receipt did to each person's balance)."
        )
    }
    static var notForSplitwise: String {
        pick(
            "--postings, --account-map, --payment-account и --person — для beancount и hledger, не для splitwise",
            "--postings, --account-map, --payment-account and --person are for beancount and hledger, not splitwise")
    }
    static var ledgerPersonHelp: String {
        pick(
            "Книги этого человека: его доли строк — расходы, доли остальных — их долги (счета Assets:Receivable:…).",
            "This person's books: their parts of the lines as expenses, the others' parts as what they owe "
                + "(Assets:Receivable:Name).")
    }
    static var postingsHelp: String {
        pick("Проводка на категорию или на строку чека.", "A posting a category or a line of the receipt.")
    }
    static var accountMapHelp: String {
        pick("Файл с именами счетов: «КЛЮЧ = СЧЁТ» в строке.", "A file of account names: “KEY = ACCOUNT” a line.")
    }
    static var paymentAccountHelp: String {
        pick(
            "Счёт наличных и карты в чеках без сопоставленной операции банка (иначе Assets:Cash и Assets:Card).",
            "The account of the cash and card parts of receipts no bank payment was matched with (else "
                + "Assets:Cash and Assets:Card).")
    }
    static var outputFileHelp: String {
        pick("Записать в файл (иначе — в стандартный вывод).", "Write to a file (else to standard output).")
    }
    static var accountValue: String { pick("счёт", "account") }
    static func badAccountName(_ name: String) -> String {
        pick("«\(name)» — недопустимое имя счёта", "“\(name)” is not a valid account name")
    }
}

extension Words {
    /// `export splitwise` of a database without people.
    var noPeopleToExport: String {
        pick(
            "некому делить чеки: сначала добавьте людей (receipts people add ИМЯ)",
            "nobody to share the receipts with: add people first (receipts people add NAME)")
    }

    func exported(_ count: Int, to file: String) -> String {
        pick("Записано чеков: \(count) в \(file)", "Wrote \(count) receipt(s) to \(file)")
    }
    func cannotWriteFile(_ reason: String) -> String {
        pick("не удаётся записать: \(reason)", "cannot write: \(reason)")
    }
}
