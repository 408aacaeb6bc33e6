import ReceiptBank
import ReceiptCore

// The words of the «Банк» view: card payments beside the receipts, pairs undone and made by hand.
extension WebWords {
    /// The sentences the view shares with `receipts match`.
    var bank: BankWords { BankWords(language) }

    /// How sure a pair is: `уверенность 97 %`, `97% sure`.
    func confidence(_ value: Double) -> String {
        let percent = Int((value * 100).rounded())
        return language.pick("уверенность \(percent) %", "\(percent)% sure")
    }

    /// A pair names no number of a receipt or of a payment.
    var noPair: String {
        language.pick("Укажите номер чека и номер операции.", "Give a receipt's number and a payment's number.")
    }

    /// A removal names no payment.
    var noPayment: String { language.pick("Укажите номер операции.", "Give a payment's number.") }

    /// There is nothing to match yet: the page's field, and the command for a terminal.
    var noStatements: String {
        language.pick(
            "Операций банка пока нет. Добавьте выписку банка полем выше (или перетащите файл на него); "
                + "в терминале: receipts bank import ФАЙЛ",
            "No bank payments yet. Add a bank statement with the field above (or drop the file on it); "
                + "in a terminal: receipts bank import FILE")
    }

    /// An uploaded statement is past the bound the page takes (the bound of an OFX file).
    func statementTooLarge(_ bytes: Int) -> String {
        let mebibytes = bytes / 1_048_576
        return language.pick(
            "Файл больше \(mebibytes) МиБ: выписки такого размера не бывает — разбейте её на несколько файлов по периодам.",
            "The file is over \(mebibytes) MiB: no statement is that large; split it into several files by period.")
    }

    /// The view's labels.
    var bankPage: [String: String] {
        [
            "bank": language.pick("Банк", "Bank"),
            "matchedTitle": bank.matchedTitle,
            "unmatchedPaymentsTitle": bank.unmatchedPaymentsTitle,
            "unmatchedReceiptsTitle": bank.unmatchedReceiptsTitle,
            "unpair": language.pick("Не та пара", "Wrong pair"),
            "pair": language.pick("Связать", "Pair"),
            "pairWith": language.pick("Чек для этой операции", "The receipt of this payment"),
            "otherReceipt": language.pick("или номер чека", "or a receipt's number"),
            "noCandidates": language.pick("чеков без операции рядом по дате нет", "no unpaired receipt near that date"),
            "receiptNumber": language.pick("Чек №", "Receipt no."),
            "statementTitle": language.pick("Добавить выписку", "Add a statement"),
            "dropStatement": language.pick(
                "Перетащите сюда выписку или выберите файл: CSV Т-Банка, Альфа-Банка, ВТБ, Сбера или OFX",
                "Drop a statement here or pick a file: a T-Bank, Alfa-Bank, VTB or Sber CSV, or OFX"),
            "addingStatement": language.pick("добавляется…", "adding…"),
            "bankPaymentTitle": language.pick("Оплата по выписке банка", "The bank's payment"),
            "removePayment": language.pick("Убрать операцию", "Remove payment"),
            "removePaymentConfirm": language.pick(
                "Убрать эту операцию из базы вместе с её парой? Снова её добавит только новый импорт выписки.",
                "Remove this payment from the database, with its pair? Only importing the statement again brings it back."
            ),
        ]
    }
}
