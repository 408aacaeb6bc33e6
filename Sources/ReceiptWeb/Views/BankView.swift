import ReceiptBank
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// The «Банк» view: card payments paired with receipts (how sure, and why), payments without a
/// receipt (each with the unpaired receipts near its date that could be its own, closest amount
/// first), and card receipts without a payment. Amounts are kopecks spent (money back negative) as
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
        let candidates: [Int64]
    }

    let summary: [String]
    @NullWhenAbsent var empty: String?
    let matched: [Pair]
    let unmatchedPayments: [Unpaired]
    let unmatchedReceipts: [ReceiptEntry]

    /// How many candidates a payment offers, and how many days either side of it they may be.
    static let candidateCount = 8
    static let candidateDays = 4

    init(_ outcome: BankReconciliation.Outcome, receipts: [ListedReceipt], words: WebWords) {
        let language = words.language
        let byID = Dictionary(receipts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func entry(_ listed: ListedReceipt) -> ReceiptEntry {
            ReceiptEntry(
                id: listed.id, dateText: listed.dateTime.formatted(in: language), shop: listed.shop,
                total: listed.spending.kopecks, totalText: listed.spending.formatted(in: language))
        }
        func payment(_ stored: StoredBankPayment) -> Payment {
            let paid = stored.payment
            return Payment(
                id: stored.id, date: BankMatchJSON.Payment(stored).date,
                dateText: paid.timeKnown ? paid.time.local.formatted(in: language) : words.date(paid.time.local),
                amount: paid.spent.kopecks, amountText: words.bank.amount(of: paid), description: paid.description,
                account: "\(words.bank.name(of: paid.bank)) \(paid.account)")
        }
        summary = words.bank.summary(
            matched: outcome.matched.count, payments: outcome.unmatchedPayments.count,
            receipts: outcome.unmatchedReceipts.count)
        empty = outcome.matched.isEmpty && outcome.unmatchedPayments.isEmpty ? words.bank.noPayments : nil
        matched = outcome.matched.map { pairing in
            Pair(
                receipt: byID[pairing.receipt].map(entry), receiptID: pairing.receipt,
                payment: payment(pairing.payment),
                confidence: pairing.reason.confidence, confidenceText: words.confidence(pairing.reason.confidence),
                reason: pairing.reason.message(in: language), manual: pairing.reason.manual)
        }
        let unpaired = outcome.unmatchedReceipts.compactMap { byID[$0] }
        let byDay = Dictionary(grouping: unpaired, by: \.dateTime.dayNumber)
        unmatchedPayments = outcome.unmatchedPayments.map { stored in
            let day = stored.payment.time.local.dayNumber
            // A payment past the bound (stored before statements were checked for it) is no
            // receipt's: no candidates, and no difference that would overflow.
            let possible = stored.payment.spent.isWithinBounds
            let near =
                possible ? (day - Self.candidateDays...day + Self.candidateDays).flatMap { byDay[$0] ?? [] } : []
            let likeliest = near.sorted {
                (abs($0.spending.kopecks - stored.payment.spent.kopecks), abs($0.dateTime.dayNumber - day), $0.id)
                    < (abs($1.spending.kopecks - stored.payment.spent.kopecks), abs($1.dateTime.dayNumber - day), $1.id)
            }
            return Unpaired(payment: payment(stored), candidates: likeliest.prefix(Self.candidateCount).map(\.id))
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
