import ArgumentParser
import FiscalProviders
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptSync

/// `receipts complete [--provider fns|proverkacheka] [--limit N] [--json]`: asks a source of fiscal
/// documents for every pending receipt, oldest first, and completes those it has.
struct CompleteCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "complete", abstract: HelpText.completeAbstract, discussion: HelpText.completeDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.providerHelp, valueName: "fns|proverkacheka")) var provider: ProviderOption?
    @Option(help: ArgumentHelp(HelpText.completeLimitHelp, valueName: "N")) var limit: Int?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError(HelpText.completeBadLimit) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase()
        let source = try ProviderChoice.provider(provider, global: global)
        let receipts = try database.receiptsToComplete(limit: limit)
        let completion = PendingCompletion(provider: source, database: database)
        let outcome = try await completion.run(receipts, quiet: json || global.quiet, console: console)
        try Self.report(outcome, asJSON: json, console: console)
    }

    /// Prints what a run did, then the failure that stopped it: the daily limit as a note (nothing the
    /// person did wrong), anything else as the command's failure.
    static func report(_ outcome: PendingCompletion.Outcome, asJSON json: Bool, console: Console) throws {
        if json {
            console.output(try JSONOutput.encode(outcome.summary))
        } else if outcome.askedAny || outcome.stop == nil {
            // A run stopped before its first answer says only why.
            console.output(console.words.completed(outcome))
        }
        try report(stopOf: outcome, console: console)
    }

    /// The failure that stopped a run: the daily limit as a note, anything else thrown.
    static func report(stopOf outcome: PendingCompletion.Outcome, console: Console) throws {
        guard let stop = outcome.stop else { return }
        guard stop.exitStatus == .ok else { throw stop }
        console.note(stop.message(in: console.words.language))
    }
}
