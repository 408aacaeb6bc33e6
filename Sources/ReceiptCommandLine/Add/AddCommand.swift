import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptSync

/// `receipts add --qr PAYLOAD [--json]`: adds a receipt by the payload of its QR code, typed or pasted.
struct AddCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: HelpText.addAbstract, discussion: HelpText.addDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Option(help: ArgumentHelp(HelpText.addQRHelp, valueName: HelpText.payloadValue)) var qr: String
    @Flag(help: ArgumentHelp(HelpText.completeFlagHelp)) var complete = false
    @Option(help: ArgumentHelp(HelpText.providerHelp, valueName: "fns|proverkacheka")) var provider: ProviderOption?

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let code = try FiscalCode(parsing: qr)
        let adder = try ReceiptAdder(global, console: console)
        let outcome = try await adder.add(code)
        let completion =
            complete
            ? try await adder.complete([code], provider: provider, global: global, console: console, quiet: true) : nil
        if json {
            console.output(
                try JSONOutput.encode(AddReport(code: code, added: outcome, completion: completion?.summary)))
        } else {
            console.output(words.added(outcome, canonical: code.canonical))
            if let completion, completion.askedAny { console.output(words.completed(completion)) }
        }
        if let completion { try CompleteCommand.report(stopOf: completion, console: console) }
    }
}

/// The `--json` shape of `add`: `{"canonical", "fiscal": {"t", "s", "fn", "i", "fp", "n"}, "added"}`, and
/// with `--complete` what asking for the document did, `"completion": {"completed", "pending", …}`.
struct AddReport: Encodable {
    let canonical: String
    let fiscal: FiscalCode
    let added: AddOutcome
    let completion: PendingCompletion.Summary?

    init(code: FiscalCode, added: AddOutcome, completion: PendingCompletion.Summary? = nil) {
        canonical = code.canonical
        fiscal = code
        self.added = added
        self.completion = completion
    }
}
