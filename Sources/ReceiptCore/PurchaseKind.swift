/// What a receipt is to the buyer's money, read from its operation, its lines' payment kinds
/// (tag 1214) and its sums: the rules that let spending count each purchase once.
public enum PurchaseKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Goods or services paid for and received at once.
    case purchase
    /// Money paid now for goods handed over later (online orders: предоплата 100 %, аванс).
    case prepayment
    /// Goods handed over against an earlier prepayment (`prepaidSum`); pays only what is left.
    case settlement
    /// Goods handed over with part or all of the money owed (`creditSum`).
    case creditSale
    /// A payment towards goods received earlier on credit.
    case creditPayment
    /// Money returned for goods received.
    case purchaseReturn
    /// Money returned for a prepayment, before any goods.
    case prepaymentReturn
    /// Money the seller pays the customer (buying back, winnings): расход.
    case payout
    /// A payout's money given back: возврат расхода.
    case payoutReturn

    /// The kind of `receipt`; see ``init(operation:payments:prepaid:credit:)``.
    public init(of receipt: Receipt) {
        self.init(
            operation: receipt.operation, payments: receipt.items.lazy.map(\.paymentType),
            prepaid: receipt.prepaid.kopecks, credit: receipt.credit.kopecks)
    }

    /// The kind of a receipt of this operation, its lines' payment kinds in order and its sums.
    /// Lines say it first: all of them prepayments, all of them credit payments, any on credit; then
    /// the sums: an owed part makes a sale on credit, a prepaid part a settlement.
    public init(operation: OperationType, payments: some Sequence<PaymentType?>, prepaid: Int64, credit: Int64) {
        // One pass without copies: every receipt saved is classified.
        var (lines, allKnown, allPrepayments, allCreditPayments, anyCreditSale) = (0, true, true, true, false)
        for payment in payments {
            lines += 1
            guard let payment else {
                allKnown = false
                continue
            }
            allPrepayments = allPrepayments && payment.isPrepayment
            allCreditPayments = allCreditPayments && payment == .creditPayment
            anyCreditSale = anyCreditSale || payment.isCreditSale
        }
        allKnown = allKnown && lines > 0
        let prepayments = allKnown && allPrepayments
        switch operation {
        case .saleRefund: self = prepayments ? .prepaymentReturn : .purchaseReturn
        case .expense: self = .payout
        case .expenseRefund: self = .payoutReturn
        case .sale:
            if prepayments {
                self = .prepayment
            } else if allKnown && allCreditPayments {
                self = .creditPayment
            } else if anyCreditSale || credit > 0 {
                self = .creditSale
            } else if prepaid > 0 {
                self = .settlement
            } else {
                self = .purchase
            }
        }
    }

    /// The money a receipt of this kind counts towards spending, in kopecks (negative for money
    /// received), from its `total` and `prepaid` sums; `linked` says whether the prepayment a
    /// settlement used is known.
    ///
    /// A settlement counts what was still to pay once its prepayment is known, and the whole of
    /// itself while it is not (the prepayment's money is then spent but not yet seen); a credit
    /// payment counts nothing, since its sale on credit counted the goods; bonus points and
    /// certificates (`provisionSum`) count as money.
    public func counted(total: Int64, prepaid: Int64, linked: Bool) -> Int64 {
        switch self {
        case .purchase, .prepayment, .creditSale, .payoutReturn: return total
        case .settlement:
            guard linked else { return total }
            let (rest, overflow) = total.subtractingReportingOverflow(prepaid)
            return overflow ? total : max(rest, 0)
        case .creditPayment: return 0
        case .purchaseReturn, .prepaymentReturn, .payout: return total == .min ? .max : -total
        }
    }

    /// Whether a receipt of this kind is linked to another one: a settlement to its prepayment, a
    /// return to what it returns, a credit payment to its sale on credit.
    public var looksForLink: Bool {
        switch self {
        case .settlement, .purchaseReturn, .prepaymentReturn, .creditPayment: true
        case .purchase, .prepayment, .creditSale, .payout, .payoutReturn: false
        }
    }

    /// The kind's name for people: `предоплата`, `sale on credit`.
    public func name(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .purchase: return ru ? "покупка" : "purchase"
        case .prepayment: return ru ? "предоплата" : "prepayment"
        case .settlement: return ru ? "получение по предоплате" : "delivery of a prepaid order"
        case .creditSale: return ru ? "покупка в кредит" : "sale on credit"
        case .creditPayment: return ru ? "оплата кредита" : "credit payment"
        case .purchaseReturn: return ru ? "возврат покупки" : "return of a purchase"
        case .prepaymentReturn: return ru ? "возврат предоплаты" : "return of a prepayment"
        case .payout: return ru ? "выплата продавца" : "payout by the seller"
        case .payoutReturn: return ru ? "возврат выплаты" : "payout returned"
        }
    }
}
