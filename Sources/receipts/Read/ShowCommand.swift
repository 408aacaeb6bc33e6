import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore

/// `receipts show ID [--json] [--share]`: one receipt in full.
struct ShowCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: Strings.showAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false
    @Flag(help: ArgumentHelp(Strings.shareHelp)) var share = false
    @Argument(help: ArgumentHelp(Strings.showIDHelp, valueName: Strings.receiptIDValue)) var id: Int64

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        guard let (receipt, place) = try database.receipt(id: id) else {
            throw CommandFailure(status: .notFound) { _ in Strings.noReceiptWithID(id) }
        }
        let qr = (try? receipt.fiscalCode.canonical) ?? ""
        if json {
            let output = ShownReceipt(
                id: id, status: receipt.status.rawValue, qr: qr, place: place.map { PlaceEntry($0) },
                document: FiscalDocument(receipt))
            console.output(try JSONOutput.encode(output))
            return
        }
        console.output(
            ReceiptText(receipt: receipt, place: place, qr: qr, language: Strings.language).render(plain: share))
    }
}

/// The `--json` shape of `show`: the receipt's local id, status, QR payload, place and document.
struct ShownReceipt: Encodable {
    let id: Int64
    let status: String
    let qr: String
    let place: PlaceEntry?
    let document: FiscalDocument
}
