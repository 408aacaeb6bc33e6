import Foundation
public import ReceiptCore
public import ReceiptStore

/// One receipt as a balanced transaction: a posting a category (or a line), a rounding posting
/// where the lines' printed sums differ from what they count, and the payment account for the rest.
///
/// Each category's postings add up to what the monthly totals count for it, to the kopeck: the
/// lines' printed sums, then the difference between those and the lines' shares of the receipt's
/// money, named as rounding; money no line carries goes to the shop's category.
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
        postings.append(
            Posting(
                account: accounts.account(paidFrom: receipt.paidFrom), amount: Money(kopecks: -receipt.counted.kopecks))
        )
        self.postings = postings
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
