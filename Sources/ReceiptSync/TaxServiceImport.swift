public import FiscalProviders
public import ReceiptCore
public import ReceiptStore

/// Every receipt of a tax-service account into the local database, ticket by ticket, each kept as it
/// arrives: what `receipts fns import` and the web app's import from the tax service share.
///
/// A run that stops (killed, offline, the daily limit) keeps what it got and the next goes on; a
/// ticket whose receipt is stored complete is not fetched again. A receipt known from elsewhere (a
/// QR code, a file, the receipts server) is the same receipt by its fiscal identity: completed,
/// never doubled.
public struct TaxServiceImport: Sendable {
    /// The signed-in client of the tax service.
    public let client: TaxServiceClient
    /// The database the receipts go to.
    public let database: ReceiptDatabase

    /// An import through `client` into `database`.
    public init(client: TaxServiceClient, database: ReceiptDatabase) {
        self.client = client
        self.database = database
    }

    /// What a run did, ticket by ticket: `fns import --json`.
    public struct Summary: Encodable, Equatable, Sendable {
        /// Tickets the account holds.
        public var tickets = 0
        /// Receipts that were new here.
        public var imported = 0
        /// Receipts stored pending (from a QR code, a file) that got their document.
        public var updated = 0
        /// Receipts already stored complete, or found again as they were.
        public var unchanged = 0
        /// Tickets the service is still checking, or left for after the daily limit.
        public var pending = 0
        /// Tickets that failed alone, or that the service will never have a document for.
        public var failed = 0

        /// Nothing done yet.
        public init() {}
    }

    /// How a run ended: its summary, the tickets that failed alone, and the daily limit when it
    /// stopped the run (what was left counts as pending).
    public struct Outcome: Sendable {
        /// What was done.
        public var summary = Summary()
        /// Each ticket that could not be imported, with why.
        public var problems: [(ticket: String, detail: any LocalizedMessage)] = []
        /// The service's daily limit, when the run stopped at it.
        public var limit: ProviderError?
    }

    /// Lists the account's tickets and takes each in turn; `progress` hears the tickets done so far,
    /// of all, with the summary then. A failure of the database, or of the service for every ticket
    /// (out of reach, the session ended), is thrown: what was kept stays.
    public func run(progress: (_ done: Int, _ total: Int, Summary) -> Void = { _, _, _ in }) async throws -> Outcome {
        let tickets = try await client.tickets()
        var outcome = Outcome()
        outcome.summary.tickets = tickets.count
        for (index, ticket) in tickets.enumerated() {
            progress(index, tickets.count, outcome.summary)
            do {
                try await take(ticket, summary: &outcome.summary)
            } catch let error as ProviderError {
                if case .limited = error {
                    outcome.limit = error
                    outcome.summary.pending += tickets.count - index
                    break
                }
                guard case .badAnswer(let detail) = error else { throw error }
                outcome.summary.failed += 1
                outcome.problems.append((ticket.id, detail))
            }
        }
        progress(tickets.count, tickets.count, outcome.summary)
        // The new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        return outcome
    }

    /// One ticket: skipped when its receipt is stored complete, kept pending while the service checks
    /// it, saved when it is ready.
    private func take(_ ticket: TaxServiceTicket, summary: inout Summary) async throws {
        if let identity = ticket.identity, let stored = try database.receipt(identity), stored.status == .complete {
            summary.unchanged += 1
            return
        }
        switch ticket.stage {
        case .checking, .final:
            // Not ready (or never will be): the QR code's receipt waits here as pending, as a scanned one.
            // The service's answer is kept with it, so that `complete` asks again only for one still
            // being checked and `show` tells why a final one will not come.
            if let code = ticket.code {
                try database.save(Receipt(pendingFrom: code))
                let final = ticket.stage == .final
                try database.recordCheck(
                    of: code.identity, provider: ProviderName.fns.rawValue, outcome: final ? .invalid : .waiting,
                    reason: final ? ticket.finalReason : nil)
            }
            if ticket.stage == .checking { summary.pending += 1 } else { summary.failed += 1 }
        case .ready:
            guard let (_, receipt) = try await client.ticket(id: ticket.id), let receipt else {
                summary.pending += 1
                return
            }
            switch try database.save(receipt) {
            case .inserted: summary.imported += 1
            case .updated: summary.updated += 1
            case .unchanged: summary.unchanged += 1
            }
        }
    }
}

// What an import from the tax service says while it runs and when it ends, in Russian and English:
// the command line's progress line and summary, and the web app's import view, say it alike.
extension TaxServiceImport.Summary {
    /// `tax-service tickets: 3 of 12, 2 new, 0 completed`.
    public func progressMessage(done: Int, of total: Int, in language: Language) -> String {
        language == .russian
            ? "чеки налоговой: \(done) из \(total), новых \(imported), дополнено \(updated)"
            : "tax-service tickets: \(done) of \(total), \(imported) new, \(updated) completed"
    }

    /// `Tax-service tickets: 12; 10 new, 0 completed, 0 unchanged, 2 still being checked, 0 failed.`
    public func message(in language: Language) -> String {
        language == .russian
            ? "Чеков в налоговой: \(tickets); новых \(imported), дополнено \(updated), без изменений \(unchanged), "
                + "ждут проверки \(pending), с ошибкой \(failed)."
            : "Tax-service tickets: \(tickets); \(imported) new, \(updated) completed, \(unchanged) unchanged, "
                + "\(pending) still being checked, \(failed) failed."
    }
}

extension TaxServiceImport {
    /// `ticket 5f…: not imported: …`, for one ticket that failed alone.
    public static func ticketFailed(_ id: String, _ detail: any LocalizedMessage, in language: Language) -> String {
        language == .russian
            ? "чек \(id) не загружен: \(detail.message(in: language))"
            : "ticket \(id) not imported: \(detail.message(in: language))"
    }
}
