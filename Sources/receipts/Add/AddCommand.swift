import ArgumentParser
import Foundation
import ReceiptCore

/// `receipts add --qr PAYLOAD [--json]`: adds a receipt by the payload of its QR code, typed or pasted.
struct AddCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: Strings.addAbstract, discussion: Strings.addDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false
    @Option(help: ArgumentHelp(Strings.addQRHelp, valueName: Strings.payloadValue)) var qr: String

    func run() async throws {
        let console = Console(global)
        let code = try FiscalCode(parsing: qr)
        let outcome = try await ReceiptAdder(global, console: console).add(code)
        if json {
            console.output(try JSONOutput.encode(AddReport(code: code, added: outcome)))
        } else {
            console.output(Strings.added(outcome, canonical: code.canonical))
        }
    }
}

/// The `--json` shape of `add`: `{"canonical", "fiscal": {"t", "s", "fn", "i", "fp", "n"}, "added"}`.
struct AddReport: Encodable {
    let canonical: String
    let fiscal: FiscalCode
    let added: AddOutcome

    init(code: FiscalCode, added: AddOutcome) {
        canonical = code.canonical
        fiscal = code
        self.added = added
    }
}
