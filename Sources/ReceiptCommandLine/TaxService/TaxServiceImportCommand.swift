import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptSync

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

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase()
        let connection = try TaxServiceConnection(global)
        _ = try connection.requireSession()
        let live = !json && !global.quiet && LiveLine.current.terminal
        let outcome = try await TaxServiceImport(client: connection.client, database: database).run {
            done, total, summary in
            if live {
                LiveLine.current.setProgress(summary.progressMessage(done: done, of: total, in: words.language))
            }
        }
        LiveLine.current.end()
        for (ticket, detail) in outcome.problems {
            console.note(TaxServiceImport.ticketFailed(ticket, detail, in: words.language))
        }
        if let limit = outcome.limit { console.note(limit.message(in: words.language)) }
        console.output(json ? try JSONOutput.encode(outcome.summary) : outcome.summary.message(in: words.language))
    }
}
