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
            "removePayment": language.pick("Убрать операцию", "Remove payment"),
            "removePaymentConfirm": language.pick(
                "Убрать эту операцию из базы вместе с её парой? Снова её добавит только новый импорт выписки.",
                "Remove this payment from the database, with its pair? Only importing the statement again brings it back."
            ),
        ]
    }
}
