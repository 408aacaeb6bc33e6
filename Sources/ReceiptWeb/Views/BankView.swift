import ReceiptBank
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// The «Банк» view: card payments paired with receipts (how sure, and why), payments without a
/// receipt (each with the unpaired receipts near its date that could be its own, best first, with
/// what matching makes of each), and card receipts without a payment. Amounts are kopecks spent (money back negative) as
/// `receipts match --json` writes them, beside the texts the page shows.
struct BankView: Encodable {
    struct Payment: Encodable {
        let id: Int64
        /// As `receipts match --json` writes it: ISO 8601, or the day alone.
        let date: String
        let dateText: String
        let amount: Int64
        let amountText: String
        let description: String
        /// `Т-Банк *4556`.
        let account: String

        /// A stored payment as the page shows it.
        init(_ stored: StoredBankPayment, words: WebWords) {
            let paid = stored.payment
            id = stored.id
            date = BankMatchJSON.Payment(stored).date
            dateText = paid.timeKnown ? paid.time.local.formatted(in: words.language) : words.date(paid.time.local)
            amount = paid.spent.kopecks
            amountText = words.bank.amount(of: paid)
            description = paid.description
            account = "\(words.bank.name(of: paid.bank)) \(paid.account)"
        }
    }

    struct ReceiptEntry: Encodable {
        let id: Int64
        let dateText: String
        let shop: String?
        let total: Int64
        let totalText: String
    }

    struct Pair: Encodable {
        /// Nil only when the receipt is gone since the pair was made.
        let receipt: ReceiptEntry?
        let receiptID: Int64
        let payment: Payment
        let confidence: Double
        let confidenceText: String
        let reason: String
        let manual: Bool
    }

    struct Unpaired: Encodable {
        let payment: Payment
        /// Receipts without a payment that could be this one's, the likeliest first.
        let candidates: [Candidate]
    }

    /// A receipt offered for a payment without one, and why: what matching compared
    /// (``ReceiptBank/MatchReason``), the numbers beside the phrases the page shows.
    struct Candidate: Encodable {
        let receipt: Int64
        /// How much the amounts (the receipt's card part) differ, in kopecks.
        let amountOff: Int64
        /// The payment's time less the receipt's, in seconds.
        let seconds: Int64
        let sameMerchant: Bool
        /// `сумма отличается на 75,56 ₽`, `оплата через 2 ч`, `тот же магазин`.
        let reasons: [String]
    }

    let summary: [String]
    @NullWhenAbsent var empty: String?
    let matched: [Pair]
    let unmatchedPayments: [Unpaired]
    let unmatchedReceipts: [ReceiptEntry]

    init(_ outcome: BankReconciliation.Outcome, receipts: [ListedReceipt], words: WebWords) {
        let language = words.language
        let byID = Dictionary(receipts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func entry(_ listed: ListedReceipt) -> ReceiptEntry {
            ReceiptEntry(
                id: listed.id, dateText: listed.dateTime.formatted(in: language), shop: listed.shop,
                total: listed.spending.kopecks, totalText: listed.spending.formatted(in: language))
        }
        summary = words.bank.summary(
            matched: outcome.matched.count, payments: outcome.unmatchedPayments.count,
            receipts: outcome.unmatchedReceipts.count)
        empty = outcome.matched.isEmpty && outcome.unmatchedPayments.isEmpty ? words.noStatements : nil
        matched = outcome.matched.map { pairing in
            Pair(
                receipt: byID[pairing.receipt].map(entry), receiptID: pairing.receipt,
                payment: Payment(pairing.payment, words: words),
                confidence: pairing.reason.confidence, confidenceText: words.confidence(pairing.reason.confidence),
                reason: pairing.reason.message(in: language), manual: pairing.reason.manual)
        }
        let unpaired = outcome.unmatchedReceipts.compactMap { byID[$0] }
        unmatchedPayments = outcome.unmatchedPayments.map { stored in
            Unpaired(
                payment: Payment(stored, words: words),
                candidates: (outcome.candidates[stored.id] ?? []).map { offered in
                    Candidate(
                        receipt: offered.receipt, amountOff: offered.reason.amountOff.kopecks,
                        seconds: offered.reason.seconds, sameMerchant: offered.reason.sameMerchant,
                        reasons: offered.reason.comparison(in: language))
                })
        }
        unmatchedReceipts = unpaired.map(entry)
    }
}

/// What the page sends to take a pair apart or to make one, `{"receipt", "payment"}`, or to remove a
/// payment, `{"payment"}`.
struct BankPairRequest: Decodable {
    var receipt: Int64?
    var payment: Int64?
}

/// `{"message"}`: what a change did, in the page's language.
struct BankChangeView: Encodable {
    let message: String
}
