/// What kind of fiscal operation a receipt records (the `n` of the QR code, `operationType` of the
/// document).
///
/// Seen from the buyer who keeps the receipt: a sale and an expense refund are money paid, a sale
/// refund and an expense are money received, which subtracts from spending.
public enum OperationType: Int, Sendable, Hashable, CaseIterable, Codable {
    /// Приход: the buyer pays the shop.
    case sale = 1
    /// Возврат прихода: the shop returns a sale's money.
    case saleRefund = 2
    /// Расход: the seller pays the customer (buying back, winnings).
    case expense = 3
    /// Возврат расхода: the customer returns an expense's money.
    case expenseRefund = 4

    /// True when the buyer paid money in this operation.
    public var isSpending: Bool { self == .sale || self == .expenseRefund }

    /// The amount as it counts towards spending: as it is when paid, negated when received.
    public func spending(_ amount: Money) -> Money { isSpending ? amount : amount.negated }

    /// The operation's name for people.
    public func name(in language: Language) -> String {
        switch (self, language) {
        case (.sale, .russian): return "приход"
        case (.saleRefund, .russian): return "возврат прихода"
        case (.expense, .russian): return "расход"
        case (.expenseRefund, .russian): return "возврат расхода"
        case (.sale, .english): return "sale"
        case (.saleRefund, .english): return "sale refund"
        case (.expense, .english): return "expense"
        case (.expenseRefund, .english): return "expense refund"
        }
    }
}
