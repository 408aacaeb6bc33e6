import ReceiptCore
public import ReceiptStore

/// What matching found, as `receipts match --json` writes it: amounts in kopecks spent (money back
/// negative), dates as the bank wrote them (ISO 8601; a day alone when the statement gives no time).
public struct BankMatchJSON: Encodable, Sendable {
    /// The pairs, by payment time.
    public var matched: [Matched]
    /// Payments with no receipt.
    public var unmatchedPayments: [Payment]
    /// Receipts paid by card with no payment, by identifier.
    public var unmatchedReceipts: [Int64]

    /// A receipt, its payment, how sure and why (in English: a stable text for programs).
    public struct Matched: Encodable, Sendable {
        /// The receipt's identifier.
        public var receipt: Int64
        /// The payment.
        public var payment: Payment
        /// 0…1.
        public var confidence: Double
        /// `strict, same amount, paid 2 min after`.
        public var reason: String
    }

    /// A payment as the bank wrote it.
    public struct Payment: Encodable, Sendable {
        /// The stored payment's identifier.
        public var id: Int64
        /// ISO 8601 with the zone, or the day alone when the statement gives no time.
        public var date: String
        /// Kopecks spent, money back negative.
        public var amount: Int64
        /// `RUB`, or the statement's currency.
        public var currency: String
        /// The bank's words.
        public var description: String

        /// The payment as stored.
        public init(_ stored: StoredBankPayment) {
            id = stored.id
            date = stored.payment.timeKnown ? stored.payment.time.iso : stored.payment.time.local.isoDate
            amount = stored.payment.spent.kopecks
            currency = stored.payment.currency
            description = stored.payment.description
        }
    }

    /// The outcome of ``BankReconciliation/match(saving:)``.
    public init(_ outcome: BankReconciliation.Outcome) {
        matched = outcome.matched.map {
            Matched(
                receipt: $0.receipt, payment: Payment($0.payment), confidence: $0.reason.confidence,
                reason: $0.reason.message(in: .english))
        }
        unmatchedPayments = outcome.unmatchedPayments.map(Payment.init)
        unmatchedReceipts = outcome.unmatchedReceipts
    }
}
