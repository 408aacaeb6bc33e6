import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts fns import [--json]`: every receipt of the tax-service account into the local database.
///
/// Each receipt is committed as it arrives, so a run that stops (killed, offline, the daily limit)
/// keeps what it got and the next goes on; a ticket whose receipt is stored complete is not fetched
/// again. A receipt known from elsewhere (a QR code, a file, the receipts server) is the same
/// receipt by its fiscal identity: completed, never doubled.
struct TaxServiceImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: HelpText.fnsImportAbstract, discussion: HelpText.fnsImportDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// What the run did, ticket by ticket.
    struct Summary: Encodable {
        var tickets = 0
        var imported = 0
        var updated = 0
        var unchanged = 0
        var pending = 0
        var failed = 0
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase()
        let connection = try TaxServiceConnection(global)
        _ = try connection.requireSession()
        let tickets = try await connection.client.tickets()
        var summary = Summary(tickets: tickets.count)
        var problems: [String] = []
        var limit: ProviderError?
        let live = !json && !global.quiet && LiveLine.standardError.terminal
        for (index, ticket) in tickets.enumerated() {
            if live { LiveLine.standardError.setProgress(words.fnsProgress(done: index, of: tickets.count, summary)) }
            do {
                try await take(ticket, client: connection.client, database: database, summary: &summary)
            } catch let error as ProviderError {
                if case .limited = error {
                    limit = error
                    summary.pending += tickets.count - index
                    break
                }
                guard case .badAnswer(let detail) = error else { throw error }
                summary.failed += 1
                problems.append(words.fnsTicketFailed(ticket.id, detail.message(in: words.language)))
            }
        }
        if live {
            LiveLine.standardError.setProgress(words.fnsProgress(done: tickets.count, of: tickets.count, summary))
        }
        LiveLine.standardError.end()
        // The new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        for problem in problems { console.note(problem) }
        if let limit { console.note(limit.message(in: words.language)) }
        console.output(json ? try JSONOutput.encode(summary) : words.fnsImported(summary))
    }

    /// One ticket: skipped when its receipt is stored complete, kept pending while the service checks
    /// it, saved when it is ready.
    private func take(
        _ ticket: TaxServiceTicket, client: TaxServiceClient, database: ReceiptDatabase, summary: inout Summary
    ) async throws {
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
