public import FiscalProviders
public import ReceiptCore
public import ReceiptStore

/// Asks a source of fiscal documents for pending receipts, one by one, and keeps each answer at
/// once: a document completes its receipt (items, shop, categories, month totals and search index
/// in one transaction), "not yet" leaves it pending for a later run, a final answer keeps the
/// reason with it. What `complete`, `scan --add --complete` and `add --qr --complete` share, and
/// what the web app will.
public struct PendingCompletion: Sendable {
    /// The source asked.
    public let provider: any FiscalProvider
    /// The database the answers are kept in.
    public let database: ReceiptDatabase

    /// A run asking `provider`, keeping its answers in `database`.
    public init(provider: any FiscalProvider, database: ReceiptDatabase) {
        self.provider = provider
        self.database = database
    }

    /// What a run did, receipt by receipt: `complete --json`.
    public struct Summary: Encodable, Equatable, Sendable {
        /// Receipts that got their document.
        public var completed = 0
        /// Receipts the source does not have yet.
        public var pending = 0
        /// Receipts the source says are not valid receipts.
        public var invalid = 0
        /// Receipts left for after the source's limit.
        public var limited = 0
        /// Receipts whose own answer or code was broken.
        public var failed = 0

        /// Nothing done yet.
        public init() {}
    }

    /// How a run ended: every receipt asked, or stopped by a failure that concerns them all (the
    /// daily limit, the service out of reach, the session ended), after which nothing more is asked.
    public struct Outcome: Sendable {
        /// How many pending receipts there were to ask for.
        public var receipts = 0
        /// What was done.
        public var summary = Summary()
        /// The failure that stopped the run, if one did.
        public var stop: ProviderError?

        /// An outcome of nothing asked.
        public init() {}

        /// Whether any receipt got an answer, or was left for after the limit.
        public var askedAny: Bool {
            summary.completed + summary.pending + summary.invalid + summary.failed + summary.limited > 0
        }
    }

    /// What a run tells as it goes: for a progress line, notes and details.
    public enum Event: Sendable {
        /// About to ask for receipt number `done` (from 0) of `total`, with what is done so far.
        case asking(done: Int, total: Int, Summary)
        /// This receipt alone could not be completed (a broken code or answer, a refusal of its code).
        case failed(FiscalIdentity, any LocalizedMessage)
        /// The source says this receipt is not valid, for `reason`.
        case invalid(FiscalIdentity, provider: String, reason: String)
    }

    /// Asks for each of `receipts` in order, telling `events` as it goes.
    ///
    /// A failure of the database (full, read-only) is thrown; a failure of the source that concerns
    /// every receipt stops the run and is its outcome's `stop`.
    public func run(_ receipts: [Receipt], events: (Event) -> Void = { _ in }) async throws -> Outcome {
        var outcome = Outcome()
        outcome.receipts = receipts.count
        for (index, receipt) in receipts.enumerated() {
            events(.asking(done: index, total: receipts.count, outcome.summary))
            do {
                try await ask(receipt, summary: &outcome.summary, events: events)
            } catch let error as ProviderError {
                outcome.stop = error
                if case .limited = error { outcome.summary.limited = receipts.count - index }
                break
            }
        }
        // The new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        return outcome
    }

    /// One receipt asked for and its answer kept; a failure of this receipt alone (a broken answer,
    /// a refusal of its code) is counted and told; a provider's failure stops the run, and the
    /// database's (full, read-only) ends it with an error.
    private func ask(_ receipt: Receipt, summary: inout Summary, events: (Event) -> Void) async throws {
        let code: FiscalCode
        do {
            code = try receipt.fiscalCode
        } catch {
            summary.failed += 1
            events(.failed(receipt.identity, error))
            return
        }
        let answer: FiscalAnswer
        do {
            answer = try await provider.document(for: code)
        } catch {
            guard let detail = Self.failureOfOneReceipt(error) else { throw error }
            summary.failed += 1
            events(.failed(receipt.identity, detail))
            return
        }
        switch answer {
        case .document(var document):
            document.placeID = document.placeID ?? receipt.placeID
            try database.save(document)
            summary.completed += 1
        case .notYet:
            try database.recordCheck(of: receipt.identity, provider: provider.name.rawValue, outcome: .waiting)
            summary.pending += 1
        case .invalid(let reason):
            try database.recordCheck(
                of: receipt.identity, provider: provider.name.rawValue, outcome: .invalid, reason: reason)
            summary.invalid += 1
            events(.invalid(receipt.identity, provider: provider.name.rawValue, reason: reason))
        }
    }

    /// What went wrong with one receipt alone (a broken document, a 4xx refusal of its code), or nil for
    /// a failure that concerns every receipt (out of reach, signed out, limited, a refusal without a
    /// status of its own, such as proverkacheka's code 5).
    static func failureOfOneReceipt(_ error: ProviderError) -> (any LocalizedMessage)? {
        switch error {
        case .badAnswer(let detail): detail
        case .rejected(let status, let detail) where (400..<500).contains(status) && status != 401 && status != 403:
            LocalizedText(russian: "HTTP \(status): \(detail)", english: "HTTP \(status): \(detail)")
        default: nil
        }
    }
}

// What completing pending receipts says while it runs and when it ends, in Russian and English:
// `receipts complete`'s progress line and summary, and the web app's, say it alike.
extension PendingCompletion.Summary {
    /// `completing receipts: 3 of 12, 2 completed`.
    public func progressMessage(done: Int, of total: Int, in language: Language) -> String {
        language == .russian
            ? "дополнение чеков: \(done) из \(total), дополнено \(completed)"
            : "completing receipts: \(done) of \(total), \(completed) completed"
    }
}

extension PendingCompletion.Outcome {
    /// `Pending receipts (12): 10 completed, 1 still pending, 1 invalid.`, or that none are pending.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        if receipts == 0 { return ru ? "Ожидающих чеков нет." : "No receipts are pending." }
        var parts = [
            ru ? "дополнено \(summary.completed)" : "\(summary.completed) completed",
            ru ? "ещё ждут \(summary.pending)" : "\(summary.pending) still pending",
            ru ? "недействительных \(summary.invalid)" : "\(summary.invalid) invalid",
        ]
        if summary.limited > 0 {
            parts.append(
                ru ? "отложено до сброса лимита \(summary.limited)" : "\(summary.limited) left for after the limit")
        }
        if summary.failed > 0 { parts.append(ru ? "с ошибкой \(summary.failed)" : "\(summary.failed) failed") }
        return (ru ? "Ожидающие чеки (\(receipts)): " : "Pending receipts (\(receipts)): ")
            + parts.joined(separator: ", ") + "."
    }
}

extension PendingCompletion.Event {
    /// What a receipt that failed alone, or was found invalid, says; nil for progress.
    public func message(in language: Language) -> String? {
        let ru = language == .russian
        switch self {
        case .asking: return nil
        case .failed(let identity, let detail):
            let why = detail.message(in: language)
            return ru ? "чек \(identity) не дополнен: \(why)" : "receipt \(identity) not completed: \(why)"
        case .invalid(let identity, let provider, let reason):
            return (ru ? "чек \(identity) недействителен, " : "receipt \(identity) is invalid, ")
                + PendingCheck.answer(of: provider, reason, in: language)
        }
    }
}
