import ReceiptCore
public import ReceiptStore

/// Statements kept in the receipts database, and their payments paired with its receipts.
public struct BankReconciliation: Sendable {
    /// The database worked on.
    public let database: ReceiptDatabase

    /// Reconciliation in `database`.
    public init(database: ReceiptDatabase) {
        self.database = database
    }

    /// What adding one statement did.
    public struct Added: Sendable, Equatable {
        /// Payments new to the database.
        public var imported: Int
        /// Payments it had already, from this statement or an overlapping one.
        public var duplicates: Int

        /// Counts of new and known payments.
        public init(imported: Int, duplicates: Int) {
            self.imported = imported
            self.duplicates = duplicates
        }
    }

    /// Adds the payments of `statement`; those stored already are counted, not added again.
    public func add(_ statement: BankStatement) throws(StoreError) -> Added {
        let counts = try database.addBankPayments(Self.identities(of: statement.payments))
        return Added(imported: counts.added, duplicates: counts.duplicates)
    }

    /// Removes the operations `statement` holds (each known as ``add(_:)`` knows it), with their pairs
    /// and refusals; how many were stored. An operation that another statement also holds goes too.
    public func remove(_ statement: BankStatement) throws(StoreError) -> Int {
        try database.removeBankPayments(identities: Self.identities(of: statement.payments).map(\.identity))
    }

    /// Each payment with what makes it the same operation in any statement of the same account: the
    /// bank's reference when it gives one, else the row's time, money and words; and, among rows of
    /// one statement that are alike in all that (two coffees in one minute), its place among them.
    static func identities(of payments: [BankPayment]) -> [(identity: String, payment: BankPayment)] {
        var seen: [String: Int] = [:]
        return payments.map { payment in
            let what =
                if let reference = payment.reference {
                    "ref\u{1F}\(reference)"
                } else {
                    [
                        payment.time.local.iso, String(payment.time.offsetMinutes), String(payment.spent.kopecks),
                        payment.currency, payment.description,
                    ].joined(separator: "\u{1F}")
                }
            let base = [payment.bank.rawValue, payment.account, what].joined(separator: "\u{1F}")
            let ordinal = seen[base, default: 0]
            seen[base] = ordinal + 1
            return (base + "\u{1F}\(ordinal)", payment)
        }
    }

    /// One pair of the outcome: the receipt, the payment, and why.
    public struct Pairing: Sendable, Hashable {
        /// The receipt's identifier.
        public var receipt: Int64
        /// The payment.
        public var payment: StoredBankPayment
        /// What the pairing rests on.
        public var reason: MatchReason
    }

    /// What matching found, for reports.
    public struct Outcome: Sendable, Hashable {
        /// Pairs, by payment time.
        public var matched: [Pairing]
        /// Payments with no receipt (transfers, fees, purchases whose receipt is not in the database),
        /// by time.
        public var unmatchedPayments: [StoredBankPayment]
        /// Receipts paid by card with no payment, within the time the statements cover.
        public var unmatchedReceipts: [Int64]
        /// For each payment without a receipt, by its identifier: the receipts without a payment
        /// that could be its own, best first (none for money in another currency than roubles).
        public var candidates: [Int64: [Candidate]] = [:]
    }

    /// A receipt without a payment offered for a payment without a receipt, with what matching makes
    /// of the two (``PaymentMatcher/reason(payment:receipt:)``): why a person might pair them.
    public struct Candidate: Sendable, Hashable {
        /// The receipt's identifier.
        public var receipt: Int64
        /// How far apart the amounts (the receipt's card part) and the times are, and whether the
        /// bank names the shop.
        public var reason: MatchReason

        /// The likelier of two: strict first, then the same merchant, the nearer amount, the nearer
        /// time, and the receipt's identifier so that the order is one.
        static func better(_ a: Candidate, _ b: Candidate) -> Bool {
            let left = (a.reason.isStrict ? 0 : 1, a.reason.sameMerchant ? 0 : 1, a.reason.amountOff.kopecks)
            let right = (b.reason.isStrict ? 0 : 1, b.reason.sameMerchant ? 0 : 1, b.reason.amountOff.kopecks)
            if left != right { return left < right }
            return (abs(a.reason.seconds), a.receipt) < (abs(b.reason.seconds), b.receipt)
        }
    }

    /// How many receipts a payment without one is offered at most.
    public static let candidateCount = 8
    /// How many days either side of a payment's day its candidates may be printed.
    public static let candidateDays = 4

    /// Matches every stored payment in roubles with the receipts of the time they cover and says
    /// what was found; with `saving`, keeps the pairs it made (those made by hand stay as they are
    /// either way). A view that only shows them (the web app's GET) does not save.
    public func match(saving: Bool = true) throws(StoreError) -> Outcome {
        let stored = try database.bankPayments()
        let payments = stored.filter { $0.payment.currency == "RUB" }
        var receipts: [PaymentMatcher.Receipt] = []
        if let first = payments.first?.payment.time.local, let last = payments.last?.payment.time.local {
            // The window (a day before, three after), and a day either side for the shops' zones.
            let from = (try? LocalDateTime(dayNumber: first.dayNumber - 4)) ?? first
            let to = (try? LocalDateTime(dayNumber: last.dayNumber + 3)) ?? last
            receipts = try database.receiptsForMatching(from: from, to: to).map(PaymentMatcher.Receipt.init)
        }
        let existing = try database.bankMatches()
        let manual = existing.filter(\.manual)
        let refused = Set(
            try database.bankMatchRefusals().map { PaymentMatcher.Pair(payment: $0.payment, receipt: $0.receipt) })
        let outcome = PaymentMatcher().match(
            payments: payments.map { PaymentMatcher.Payment(id: $0.id, payment: $0.payment) }, receipts: receipts,
            fixed: manual.map { (payment: $0.payment, receipt: $0.receipt) }, refused: refused)
        if saving {
            try database.replaceAutomaticBankMatches(
                outcome.matches.map {
                    BankMatchRecord(
                        payment: $0.payment, receipt: $0.receipt, manual: $0.reason.manual,
                        amountOff: $0.reason.amountOff,
                        seconds: $0.reason.seconds, sameMerchant: $0.reason.sameMerchant)
                })
        }
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        let matchedIDs = Set(outcome.matches.map(\.payment))
        let unmatchedPayments = stored.filter { !matchedIDs.contains($0.id) }
        let unmatchedReceipts = Set(outcome.unmatchedReceipts)
        return Outcome(
            matched: outcome.matches.compactMap { match in
                byID[match.payment].map { Pairing(receipt: match.receipt, payment: $0, reason: match.reason) }
            },
            unmatchedPayments: unmatchedPayments,
            unmatchedReceipts: outcome.unmatchedReceipts,
            candidates: Self.candidates(
                for: unmatchedPayments, among: receipts.filter { unmatchedReceipts.contains($0.id) }))
    }

    /// The pair receipt `id` is in, as ``match(saving:)`` finds it (without saving): what the
    /// «Банк» page shows for it. Nil when it is in none.
    public func pairing(ofReceipt id: Int64) throws(StoreError) -> Pairing? {
        try match(saving: false).matched.first { $0.receipt == id }
    }

    /// For each payment in roubles, the receipts printed within ``candidateDays`` of its day (each on
    /// its own calendar), best first: a strict reason, then the shop named by the bank, the nearer
    /// amount, the nearer time; at most ``candidateCount``. A payment past `Money.largestAmount`
    /// (stored before statements were checked for it) is no receipt's and is offered none.
    static func candidates(
        for payments: [StoredBankPayment], among receipts: [PaymentMatcher.Receipt]
    ) -> [Int64: [Candidate]] {
        let byDay = Dictionary(grouping: receipts, by: \.time.local.dayNumber)
        var candidates: [Int64: [Candidate]] = [:]
        for stored in payments where stored.payment.currency == "RUB" && stored.payment.spent.isWithinBounds {
            let payment = PaymentMatcher.Payment(id: stored.id, payment: stored.payment)
            let day = payment.time.local.dayNumber
            let near = (day - candidateDays...day + candidateDays).flatMap { byDay[$0] ?? [] }
            let offered = near.map {
                Candidate(receipt: $0.id, reason: PaymentMatcher.reason(payment: payment, receipt: $0))
            }
            candidates[stored.id] = Array(offered.sorted(by: Candidate.better).prefix(candidateCount))
        }
        return candidates
    }
}
