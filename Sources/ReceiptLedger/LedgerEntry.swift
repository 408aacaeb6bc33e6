import Foundation
public import ReceiptCore
public import ReceiptStore

/// One receipt as a balanced transaction: a posting a category (or a line), a rounding posting
/// where the lines' printed sums differ from what they count, and a posting for each way the
/// receipt says it was paid.
///
/// Each category's postings add up to what the monthly totals count for it, to the kopeck: the
/// lines' printed sums, then the difference between those and the lines' shares of the receipt's
/// money, named as rounding; money no line carries goes to the shop's category.
///
/// The money side follows the receipt's own parts (`LedgerReceipt.Payment`): cash to the cash
/// account; card to the paired bank payment's card, else the card account; a prepaid part or a
/// certificate to the prepayments account; an owed part to the credit account. What a receipt does
/// not say how it paid goes with the card of a paired payment, else with cash. With
/// ``LedgerAccounts/unmatched`` set, a receipt no payment was paired with books its cash and card
/// parts there. A settlement whose prepayment is stored counts only what was left to pay (the
/// prepayment counted the goods), so its prepaid part books nothing: an order whose two receipts are
/// both there leaves the prepayments account as it was, and one whose prepayment is missing leaves
/// what it drew there, below zero. A credit payment counts nothing and pays off the credit account.
public struct LedgerEntry: Sendable, Hashable {
    /// One leg of the transaction.
    public struct Posting: Sendable, Hashable {
        /// The account.
        public var account: String
        /// Money into the account; the postings of an entry add up to zero.
        public var amount: Money
        /// The printed line it books, in item postings.
        public var item: String?
        /// The line's quantity and unit, in item postings (`0.532 кг`).
        public var quantity: String?
        /// Whether it is the difference between printed sums and what the receipt counts.
        public var rounding = false
    }

    /// The receipt booked.
    public var receipt: LedgerReceipt
    /// The postings, the payment last.
    public var postings: [Posting]

    /// The entry of `receipt`, its postings of the kind `postings`, to `accounts`.
    public init(_ receipt: LedgerReceipt, postings kind: LedgerPostings, accounts: LedgerAccounts) {
        self.receipt = receipt
        var postings: [Posting] = []
        var order: [Category] = []
        for line in receipt.lines where !order.contains(line.category) { order.append(line.category) }
        for category in order {
            let account = accounts.account(of: category)
            let lines = receipt.lines.filter { $0.category == category }
            let printed = lines.reduce(0) { $0 + $1.sum.kopecks }
            let counted = lines.reduce(0) { $0 + $1.counted.kopecks }
            switch kind {
            case .category:
                if printed != 0 { postings.append(Posting(account: account, amount: Money(kopecks: printed))) }
            case .item:
                for line in lines where line.sum != .zero {
                    postings.append(
                        Posting(
                            account: account, amount: line.sum, item: line.name,
                            quantity: Self.quantity(line.quantity, unit: line.unit)))
                }
            }
            if counted != printed {
                postings.append(Posting(account: account, amount: Money(kopecks: counted - printed), rounding: true))
            }
        }
        let rest = receipt.rest
        if rest != .zero {
            postings.append(
                Posting(
                    account: accounts.account(of: receipt.restCategory), amount: rest, rounding: !receipt.lines.isEmpty)
            )
        }
        postings += Self.payments(of: receipt, accounts: accounts)
        self.postings = postings
    }

    /// The money side of `receipt`: what left each account (negative) or came back to it, adding up
    /// to minus what the receipt counts; accounts in the order cash or card, prepaid, credit, each once.
    static func payments(of receipt: LedgerReceipt, accounts: LedgerAccounts) -> [Posting] {
        let part = receipt.payment
        let paired = receipt.paidFrom.map(accounts.account(paidFrom:))
        let cash = paired == nil ? accounts.unmatched ?? accounts.cash : accounts.cash
        let card = paired ?? accounts.unmatched ?? accounts.card
        // Parts as printed (never negative); a document whose parts exceed its total is read as
        // saying nothing of them.
        var sum: Int64 = 0
        var said = true
        for value in [part.cash, part.card, part.prepaid, part.credit, part.provision].map(\.kopecks) {
            let (next, overflow) = sum.addingReportingOverflow(value)
            said = said && !overflow && value >= 0
            if !said { break }
            sum = next
        }
        said = said && sum <= receipt.total.kopecks
        var legs: [(String, Int64)] = []
        if said {
            legs = [
                (card, part.card.kopecks), (cash, part.cash.kopecks),
                (accounts.prepaid, part.prepaid.kopecks + part.provision.kopecks),
                (accounts.credit, part.credit.kopecks),
            ]
        }
        // What the receipt does not say how it paid: the paired card's, else cash.
        legs.append((paired ?? cash, receipt.total.kopecks - (said ? sum : 0)))
        // What the receipt goes with counted already comes back to the account it was drawn on: a
        // settlement's prepaid part to prepayments, a credit payment's whole to credit.
        let elsewhere = receipt.total.kopecks - receipt.operation.spending(receipt.counted).kopecks
        if elsewhere != 0 {
            legs.append((receipt.kind == .creditPayment ? accounts.credit : accounts.prepaid, -elsewhere))
        }
        var order: [String] = []
        var amounts: [String: Int64] = [:]
        for (account, amount) in legs {
            if amounts[account] == nil { order.append(account) }
            amounts[account, default: 0] += amount
        }
        return order.compactMap { account in
            let amount = amounts[account] ?? 0
            return amount == 0
                ? nil : Posting(account: account, amount: receipt.operation.spending(Money(kopecks: -amount)))
        }
    }

    /// `2`, `0.532 кг`: the quantity without trailing zeros, with its unit when printed.
    static func quantity(_ value: Double, unit: String?) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        if let unit, !unit.isEmpty { text += " " + unit }
        return text
    }

    /// The receipt's QR payload, `t=…&s=…&fn=…&i=…&fp=…&n=…`; nil for a receipt whose fields make none.
    var qr: String? {
        try? FiscalCode(
            dateTime: receipt.dateTime, total: receipt.total, identity: receipt.identity, operation: receipt.operation
        ).canonical
    }

    /// An amount as both formats write it: `-1234.50`.
    static func decimal(_ money: Money) -> String {
        let magnitude = money.kopecks.magnitude
        let kopecks = magnitude % 100
        return (money.kopecks < 0 ? "-" : "") + "\(magnitude / 100)." + (kopecks < 10 ? "0" : "") + "\(kopecks)"
    }
}
