public import ReceiptCore
public import ReceiptStore

/// Pairs card payments with receipts: each payment with at most one receipt and each receipt with
/// at most one payment.
///
/// A pair needs the same sign of money and the payment's time within a day before and three days
/// after the receipt's (banks post late; a shop's clock may run ahead), both times compared as
/// instants. The amount compared is the receipt's card part, so bonuses and an online order's
/// prepayment offset are left out: the order's payment meets its prepayment receipt, and the
/// settlement, paid by that prepayment, has no card part to meet.
///
/// - Strict: the same amount, and either within ``strictSeconds`` or at the same merchant.
/// - Relaxed: everything else in the window, with an amount off by at most 1 % (at most
///   ``relaxedLimit``).
///
/// Candidates are taken best first: strict before relaxed, the same merchant before another, then
/// the nearer time, the nearer amount, and last what the payment and receipt are, never the order
/// they were given in; so the result does not depend on that order.
public struct PaymentMatcher: Sendable {
    /// Within this many seconds, an equal amount is a strict match without the merchant's name.
    public static let strictSeconds: Int64 = 30 * 60
    /// The most a relaxed match's amount may be off by.
    public static let relaxedLimit = Money(kopecks: 10_000)
    /// How long before the receipt a payment may be made.
    public static let earliest: Int64 = -86_400
    /// How long after the receipt a payment may be made.
    public static let latest: Int64 = 3 * 86_400

    /// A payment as the matcher sees it.
    public struct Payment: Sendable, Hashable {
        /// The stored payment's identifier.
        public var id: Int64
        /// When it was made.
        public var time: ZonedDateTime
        /// Whether the time of day is known; when not, only the day is compared.
        public var timeKnown: Bool
        /// Kopecks spent; negative for a refund.
        public var spent: Money
        /// The bank's words for it.
        public var description: String
        /// A transfer, a top-up or cash (`BankPayment.isTransfer`): paired only strictly.
        public var transfer: Bool

        /// A payment to match.
        public init(
            id: Int64, time: ZonedDateTime, timeKnown: Bool = true, spent: Money, description: String,
            transfer: Bool = false
        ) {
            self.id = id
            self.time = time
            self.timeKnown = timeKnown
            self.spent = spent
            self.description = description
            self.transfer = transfer
        }
    }

    /// A receipt as the matcher sees it.
    public struct Receipt: Sendable, Hashable {
        /// The stored receipt's identifier.
        public var id: Int64
        /// The shop's time, in the shop's zone.
        public var time: ZonedDateTime
        /// The part paid by card, as spending: negative for a refund.
        public var card: Money
        /// The shop's names: its name, the receipt's place, the seller.
        public var shopNames: [String]

        /// A receipt to match.
        public init(id: Int64, time: ZonedDateTime, card: Money, shopNames: [String]) {
            self.id = id
            self.time = time
            self.card = card
            self.shopNames = shopNames
        }
    }

    /// A payment and a receipt, with how sure the pairing is and why.
    public struct Match: Sendable, Hashable {
        /// The payment's identifier.
        public var payment: Int64
        /// The receipt's identifier.
        public var receipt: Int64
        /// Why the two were paired.
        public var reason: MatchReason

        /// How sure the pairing is, 0…1.
        public var confidence: Double { reason.confidence }
    }

    /// What matching gives: the pairs, and what is left on each side.
    public struct Outcome: Sendable, Equatable {
        /// The pairs, by payment time.
        public var matches: [Match]
        /// Payments with no receipt, by identifier.
        public var unmatchedPayments: [Int64]
        /// Receipts paid by card with no payment, by identifier.
        public var unmatchedReceipts: [Int64]
    }

    /// A matcher.
    public init() {}

    /// Matches `payments` with `receipts`. The pairs in `fixed` (made by hand) stand, among the
    /// matches, and take their payment and receipt out of matching; a pair in `refused` (undone by
    /// hand) is never made.
    public func match(
        payments: [Payment], receipts: [Receipt], fixed: [(payment: Int64, receipt: Int64)] = [],
        refused: Set<Pair> = []
    ) -> Outcome {
        let takenPayments = Set(fixed.map(\.payment))
        let takenReceipts = Set(fixed.map(\.receipt))
        let open = receipts.filter { $0.card != .zero && !takenReceipts.contains($0.id) }
        let byAmount = open.sorted { ($0.card.kopecks, $0.id) < ($1.card.kopecks, $1.id) }
        let amounts = byAmount.map(\.card.kopecks)
        // Shops' names are reduced only for the receipts some payment is a candidate for.
        var merchants: [Int64: MerchantName] = [:]

        var candidates: [Candidate] = []
        // A payment past the bound either way (stored before statements were checked for it) is no
        // receipt's, and its amount would overflow the arithmetic below: it stays unmatched.
        let possible = { (payment: Payment) in
            payment.spent != .zero && payment.spent.isWithinBounds
        }
        for payment in payments where !takenPayments.contains(payment.id) && possible(payment) {
            var description: BankDescription?
            let tolerance = payment.transfer ? 0 : Self.tolerance(payment.spent)
            var index = lowerBound(amounts, payment.spent.kopecks - tolerance)
            while index < byAmount.count, amounts[index] <= payment.spent.kopecks + tolerance {
                let receipt = byAmount[index]
                index += 1
                let seconds = Self.seconds(from: receipt.time, to: payment)
                guard (Self.earliest...Self.latest).contains(seconds),
                    (receipt.card.kopecks > 0) == (payment.spent.kopecks > 0),
                    !refused.contains(Pair(payment: payment.id, receipt: receipt.id))
                else { continue }
                let merchant = merchants[receipt.id] ?? MerchantName(shopNames: receipt.shopNames)
                merchants[receipt.id] = merchant
                let words = description ?? BankDescription(payment.description)
                description = words
                let reason = Self.reason(payment, receipt, seconds: seconds, merchant: merchant, description: words)
                if payment.transfer && !reason.isStrict { continue }
                candidates.append(Candidate(payment: payment, receipt: receipt, reason: reason))
            }
        }
        candidates.sort(by: Candidate.better)

        var usedPayments = takenPayments
        var usedReceipts = takenReceipts
        var matches = fixed.map { Match(payment: $0.payment, receipt: $0.receipt, reason: .byHand) }
        for candidate in candidates
        where !usedPayments.contains(candidate.payment.id) && !usedReceipts.contains(candidate.receipt.id) {
            usedPayments.insert(candidate.payment.id)
            usedReceipts.insert(candidate.receipt.id)
            matches.append(
                Match(payment: candidate.payment.id, receipt: candidate.receipt.id, reason: candidate.reason))
        }
        let paymentTimes = Dictionary(payments.map { ($0.id, $0.time) }) { a, _ in a }
        matches.sort {
            (paymentTimes[$0.payment]?.instant ?? 0, $0.payment) < (paymentTimes[$1.payment]?.instant ?? 0, $1.payment)
        }
        return Outcome(
            matches: matches,
            unmatchedPayments: payments.filter { !usedPayments.contains($0.id) }.map(\.id).sorted(),
            unmatchedReceipts: unmatchedReceipts(receipts, payments: payments, used: usedReceipts))
    }

    /// Receipts with a card part that no payment took, among those the statements cover: within the
    /// window of the earliest and latest payment.
    private func unmatchedReceipts(_ receipts: [Receipt], payments: [Payment], used: Set<Int64>) -> [Int64] {
        guard let first = payments.map(\.time.instant).min(), let last = payments.map(\.time.instant).max() else {
            return []
        }
        return receipts.filter { receipt in
            receipt.card != .zero && !used.contains(receipt.id)
                && (first - Self.latest...last - Self.earliest).contains(receipt.time.instant)
        }.map(\.id).sorted()
    }

    /// What matching makes of `payment` and `receipt` whether or not it would pair them: how far
    /// apart their amounts and times are, and whether the bank's words name the shop. Both amounts
    /// must be within `Money.largestAmount`.
    public static func reason(payment: Payment, receipt: Receipt) -> MatchReason {
        reason(
            payment, receipt, seconds: seconds(from: receipt.time, to: payment),
            merchant: MerchantName(shopNames: receipt.shopNames), description: BankDescription(payment.description))
    }

    private static func reason(
        _ payment: Payment, _ receipt: Receipt, seconds: Int64, merchant: MerchantName, description: BankDescription
    ) -> MatchReason {
        MatchReason(
            amountOff: Money(kopecks: abs(payment.spent.kopecks - receipt.card.kopecks)), seconds: seconds,
            sameMerchant: merchant.agrees(with: description))
    }

    /// How long after the receipt the payment was made; for a payment known only by its day, whole
    /// days between the receipt's day, on the bank's clock, and the payment's.
    static func seconds(from receipt: ZonedDateTime, to payment: Payment) -> Int64 {
        guard !payment.timeKnown else { return payment.time.instant - receipt.instant }
        let shifted = receipt.instant + Int64(payment.time.offsetMinutes) * 60
        let receiptDay = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
        return (Int64(payment.time.local.dayNumber) - receiptDay) * 86_400
    }

    /// How far a relaxed match's amount may be off: 1 % of it, at least a kopeck, at most
    /// ``relaxedLimit``.
    static func tolerance(_ amount: Money) -> Int64 {
        min(Self.relaxedLimit.kopecks, max(1, abs(amount.kopecks) / 100))
    }

    private func lowerBound(_ values: [Int64], _ value: Int64) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A payment and a receipt named by their identifiers.
    public struct Pair: Sendable, Hashable {
        /// The payment.
        public var payment: Int64
        /// The receipt.
        public var receipt: Int64

        /// The pair of these two.
        public init(payment: Int64, receipt: Int64) {
            self.payment = payment
            self.receipt = receipt
        }
    }

    private struct Candidate {
        var payment: Payment
        var receipt: Receipt
        var reason: MatchReason

        /// Strict first, then the same merchant, the nearer time, the nearer amount; then the
        /// payment's and the receipt's own fields, so that equal candidates keep one order.
        static func better(_ a: Candidate, _ b: Candidate) -> Bool {
            let left = (a.reason.isStrict ? 0 : 1, a.reason.sameMerchant ? 0 : 1, abs(a.reason.seconds))
            let right = (b.reason.isStrict ? 0 : 1, b.reason.sameMerchant ? 0 : 1, abs(b.reason.seconds))
            if left != right { return left < right }
            if a.reason.amountOff != b.reason.amountOff { return a.reason.amountOff < b.reason.amountOff }
            if a.payment.time.instant != b.payment.time.instant {
                return a.payment.time.instant < b.payment.time.instant
            }
            if a.payment.description != b.payment.description { return a.payment.description < b.payment.description }
            if a.receipt.time.instant != b.receipt.time.instant {
                return a.receipt.time.instant < b.receipt.time.instant
            }
            return (a.payment.id, a.receipt.id) < (b.payment.id, b.receipt.id)
        }
    }
}

extension PaymentMatcher.Payment {
    /// A stored payment as the matcher sees it.
    public init(id: Int64, payment: BankPayment) {
        self.init(
            id: id, time: payment.time, timeKnown: payment.timeKnown, spent: payment.spent,
            description: payment.description, transfer: payment.isTransfer)
    }
}

extension PaymentMatcher.Receipt {
    /// A receipt as the matcher sees it: its card part as spending (negative for money back), its
    /// time in the shop's zone (`ShopZone`: the document's region code, else the address, else
    /// Moscow).
    public init(
        id: Int64, dateTime: LocalDateTime, operation: OperationType, card: Money, region: String?,
        address: String? = nil, shopNames: [String]
    ) {
        let zone = ShopZone(region: region, address: address, at: dateTime)
        self.init(
            id: id, time: ZonedDateTime(local: dateTime, offsetMinutes: zone.offsetMinutes),
            card: operation.spending(card), shopNames: shopNames)
    }

    /// A receipt with its card part (`ecash`).
    public init(id: Int64, receipt: ReceiptCore.Receipt, region: String?, shopNames: [String]) {
        self.init(
            id: id, dateTime: receipt.dateTime, operation: receipt.operation, card: receipt.ecash, region: region,
            address: receipt.address, shopNames: shopNames)
    }

    /// A receipt as the database gives it for matching.
    public init(_ stored: ReceiptForMatching) {
        self.init(
            id: stored.id, dateTime: stored.dateTime, operation: stored.operation, card: stored.card,
            region: stored.region, address: stored.address, shopNames: stored.shopNames)
    }
}
