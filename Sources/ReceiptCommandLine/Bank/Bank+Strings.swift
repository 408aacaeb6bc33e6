import ReceiptBank
import ReceiptCore

// The words of `receipts bank` and `receipts match`, in Russian and English.
extension HelpText {
    static var bankAbstract: String {
        pick(
            "Выписки банков: операции по картам рядом с чеками.", "Bank statements: card payments beside the receipts.")
    }
    static var bankImportAbstract: String {
        pick(
            "Добавить операции из выписок Т-Банка, Альфа-Банка, ВТБ, Сбера или из OFX.",
            "Add the operations of T-Bank, Alfa-Bank, VTB or Sber statements, or of OFX files.")
    }
    static var bankImportDiscussion: String {
        pick(
            "Банк узнаётся по заголовку; кодировка — UTF-8 или Windows-1251. Одна и та же операция из "
                + "повторной или пересекающейся выписки добавляется один раз. Строки со статусом не «OK» "
                + "(отклонённые) пропускаются и считаются; строки, которые не читаются, названы по номеру, "
                + "остальные сохраняются. Код выхода 6, если хоть один файл или строка не прочитаны.",
            "The bank is recognised by the header; the encoding is UTF-8 or Windows-1251. An operation in a "
                + "repeated or overlapping statement is added once. Rows whose status is not OK (declined) are "
                + "skipped and counted; rows that cannot be read are named by line and the rest are kept. "
                + "Exit code 6 when any file or row could not be read.")
    }
    static var statementFilesHelp: String { pick("Файлы выписок.", "Statement files.") }
    static var statementFileValue: String { pick("файл", "file") }
    static var bankMatchAbstract: String {
        pick("Сопоставить операции по картам с чеками.", "Pair card payments with receipts.")
    }
    static var bankMatchDiscussion: String {
        pick(
            "Сравнивается безналичная часть чека (бонусы и зачёт предоплаты не в счёт), время — с учётом "
                + "часового пояса магазина (банки пишут московское). Оплата может быть за сутки до чека и до трёх "
                + "суток после. «Точно» — та же сумма и не дальше 30 минут или тот же магазин; "
                + "«приблизительно» — сумма отличается не больше чем на 1 %. Пары, сделанные вручную, "
                + "сохраняются; отменённая пара больше не предлагается.",
            "The receipt's card part is compared (bonuses and prepayment offsets left out), times in the shop's "
                + "zone (banks write Moscow time). A payment may be a day before the receipt or up to three days "
                + "after. Strict: the same amount, within 30 minutes or at the same merchant; relaxed: an amount "
                + "off by 1 % at most. Pairs made by hand stay; a pair undone is not offered again.")
    }
    static var undoHelp: String {
        pick("Отменить пару чека с этим номером.", "Undo the pair of the receipt with this ID.")
    }
    static var pairHelp: String {
        pick(
            "Связать вручную чек и операцию: --pair ЧЕК ОПЕРАЦИЯ.",
            "Pair a receipt and a payment by hand: --pair RECEIPT PAYMENT.")
    }
    static var pairValue: String { pick("чек операция", "receipt payment") }
    static var pairNeedsTwo: String {
        pick("--pair: нужны номер чека и номер операции", "--pair: give a receipt ID and a payment ID")
    }
    static var undoAndPair: String { pick("--undo или --pair, не вместе", "--undo or --pair, not both") }
    static var bankRemoveAbstract: String {
        pick(
            "Убрать сохранённые операции банка вместе с их парами.",
            "Take stored bank operations out, with their pairs.")
    }
    static var bankRemoveDiscussion: String {
        pick(
            "--file убирает операции, которые есть в выписке (узнанные так же, как при добавлении; операция, "
                + "которая есть и в другой выписке, тоже уходит); --payment — одну операцию по номеру, как его "
                + "показывает receipts match --json. Чеки остаются.",
            "--file takes out the operations the statement holds (known as when they were added; one that "
                + "another statement also holds goes too); --payment takes out one by its ID, as receipts match "
                + "--json shows it. The receipts stay.")
    }
    static var removeFileHelp: String {
        pick("Выписка, чьи операции убрать.", "The statement whose operations to take out.")
    }
    static var removePaymentHelp: String { pick("Номер операции.", "The operation's ID.") }
    static var paymentIDValue: String { pick("номер", "ID") }
    static var fileOrPayment: String {
        pick("нужен --file ФАЙЛ или --payment НОМЕР, одно из двух", "give --file FILE or --payment ID, one of them")
    }
}

extension Words {
    func statementRead(_ file: String, bank: String, layout: String, added: Int, duplicates: Int, skipped: Int)
        -> String
    {
        self.bank.statementRead(
            file, bank: bank, layout: layout, added: added, duplicates: duplicates, skipped: skipped)
    }
    func statementRowFailed(_ file: String, _ problem: String) -> String { "\(file): \(problem)" }
    func statementsImported(added: Int, duplicates: Int, skipped: Int, problems: Int) -> String {
        pick(
            "Добавлено \(added), уже были \(duplicates), пропущено \(skipped), ошибок \(problems).",
            "Added \(added), already there \(duplicates), skipped \(skipped), errors \(problems).")
    }
    func noSuchPayment(_ id: Int64) -> String { bank.noSuchPayment(id) }
    func paymentsRemoved(_ count: Int) -> String {
        pick("Убрано операций: \(count).", count == 1 ? "Removed 1 operation." : "Removed \(count) operations.")
    }
    func statementsFailed(_ count: Int) -> String {
        pick("не прочитано файлов или строк: \(count)", "\(count) file(s) or row(s) could not be read")
    }
    /// The sentences shared with the web app's «Банк» page.
    var bank: BankWords { BankWords(language) }
    var bankReceiptColumn: String { pick("чек", "receipt") }
    var bankPaymentColumn: String { pick("операция", "payment") }
    var bankDateColumn: String { pick("дата", "date") }
    var bankAmountColumn: String { pick("сумма", "amount") }
    var bankDescriptionColumn: String { pick("описание", "description") }
    var bankShopColumn: String { pick("магазин", "shop") }
    var bankReasonsHeading: String { pick("Почему:", "Why:") }
}
