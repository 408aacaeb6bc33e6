public import ReceiptCore

/// What reconciliation says to people, in Russian or English: the same sentences in the command
/// line's report and on the web app's «Банк» page.
public struct BankWords: Sendable {
    /// The language written.
    public let language: Language

    /// Words in `language`.
    public init(_ language: Language) {
        self.language = language
    }

    /// A bank's name as its customers write it.
    public func name(of bank: BankPayment.Bank) -> String {
        switch bank {
        case .tbank: language.pick("Т-Банк", "T-Bank")
        case .alfa: language.pick("Альфа-Банк", "Alfa-Bank")
        case .vtb: language.pick("ВТБ", "VTB")
        case .sber: language.pick("Сбер", "Sber")
        case .ofx: "OFX"
        }
    }

    /// A payment's money: roubles as the receipts' amounts are written, another currency with its
    /// code.
    public func amount(of payment: BankPayment) -> String {
        payment.currency == "RUB"
            ? payment.spent.formatted(in: language)
            : "\(Double(payment.spent.kopecks) / 100) \(payment.currency)"
    }

    /// There is nothing to match: no statement was added.
    public var noPayments: String {
        language.pick(
            "Операций банка нет. Добавьте выписку: receipts bank import ФАЙЛ",
            "No bank payments yet. Add a statement: receipts bank import FILE")
    }

    /// What adding one statement file did, as `bank import` says it of each file and the web app of
    /// each upload: `operations.csv: T-Bank (CSV “;”, 15 columns, UTF-8), 5 new, 0 already there, 0
    /// skipped`.
    public func statementRead(
        _ file: String, bank: String, layout: String, added: Int, duplicates: Int, skipped: Int
    ) -> String {
        language.pick(
            "\(file): \(bank) (\(layout)), новых операций \(added), уже были \(duplicates), пропущено \(skipped)",
            "\(file): \(bank) (\(layout)), \(added) new, \(duplicates) already there, \(skipped) skipped")
    }

    /// How many pairs with receipts matching finds after a statement was added that it did not find
    /// before.
    public func newPairs(_ count: Int) -> String {
        language.pick(
            "новых пар с чеками: \(count)",
            count == 1 ? "1 new pair with a receipt" : "\(count) new pairs with receipts")
    }

    /// The heading of the pairs.
    public var matchedTitle: String { language.pick("Связанные", "Paired") }
    /// The heading of the payments without a receipt.
    public var unmatchedPaymentsTitle: String { language.pick("Операции без чека", "Payments without a receipt") }
    /// The heading of the card receipts without a payment.
    public var unmatchedReceiptsTitle: String { language.pick("Чеки без операции", "Receipts without a payment") }

    /// Why a pair was made, after its receipt's number: `чек 12: точно, сумма совпадает, в ту же минуту`.
    public func pairReason(receipt: Int64, _ reason: String) -> String {
        language.pick("чек \(receipt): \(reason)", "receipt \(receipt): \(reason)")
    }

    /// How many of each, a line each.
    public func summary(matched: Int, payments: Int, receipts: Int) -> [String] {
        [
            language.pick("Связано: \(matched).", "Paired: \(matched)."),
            language.pick("Операций без чека: \(payments).", "Payments without a receipt: \(payments)."),
            language.pick(
                "Чеков с оплатой картой без операции: \(receipts).", "Card receipts without a payment: \(receipts)."),
        ]
    }

    /// A pair was undone, and will not be made again.
    public func undone(receipt: Int64, payment: Int64) -> String {
        language.pick(
            "Пара отменена: чек \(receipt) и операция \(payment).",
            "Unpaired receipt \(receipt) and payment \(payment).")
    }

    /// A pair was made by hand.
    public func paired(receipt: Int64, payment: Int64) -> String {
        language.pick(
            "Связаны вручную: чек \(receipt) и операция \(payment).",
            "Paired by hand: receipt \(receipt) and payment \(payment).")
    }

    /// A pair names a receipt or a payment that is not stored.
    public func noSuchPair(receipt: Int64, payment: Int64) -> String {
        language.pick("нет чека \(receipt) или операции \(payment)", "no receipt \(receipt) or no payment \(payment)")
    }

    /// A stored payment was taken out, with its pair (`bank remove --payment`, the «Банк» page).
    public func removed(payment: Int64) -> String {
        language.pick("Операция \(payment) убрана.", "Removed payment \(payment).")
    }

    /// A payment to remove is not stored.
    public func noSuchPayment(_ id: Int64) -> String { language.pick("нет операции \(id)", "no operation \(id)") }

    /// A receipt to unpair is in no pair.
    public func noMatch(of receipt: Int64) -> String {
        language.pick("чек \(receipt) ни с какой операцией не связан", "receipt \(receipt) is paired with no payment")
    }
}
