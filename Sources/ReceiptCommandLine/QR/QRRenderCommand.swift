import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptScan
import ReceiptStore

/// `receipts qr render (PAYLOAD | ID | FN/I/FP) -o FILE.png [--scale N]`: draws a receipt's QR code.
struct QRRenderCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "render", abstract: HelpText.qrRenderAbstract, discussion: HelpText.qrRenderDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(HelpText.renderOutputHelp, valueName: HelpText.pathValue))
    var output: String

    @Option(help: ArgumentHelp(HelpText.renderScaleHelp, valueName: HelpText.countValue))
    var scale = 8

    @Argument(help: ArgumentHelp(HelpText.renderSourceHelp, valueName: HelpText.payloadValue))
    var source: String

    func validate() throws {
        guard (1...64).contains(scale) else { throw ValidationError(HelpText.badScale(scale)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let code = try Self.code(for: source, global: global, console: console)
        let image = try QRRenderer.render(code.canonical, scale: scale)
        let data = try PNGCodec.encode(image)
        do {
            try PrivateFile.write(data, to: output, keepingMode: true)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw CommandFailure(status: .failure) { Words($0).cannotWrite(output, reason) }
        }
        console.note(words.rendered(output, side: image.width, canonical: code.canonical))
    }

    /// The code to draw: a payload is read as one; a number is a receipt's id in the local database
    /// (as `list` and `show` give it), and `fn/i/fp` names a receipt there by its fiscal identity.
    static func code(for source: String, global: GlobalOptions, console: Console) throws -> FiscalCode {
        if let id = Int64(source) {
            let path = global.database()
            console.detail(console.words.usingDatabase(path))
            guard let (receipt, _) = try global.openDatabase(createIfMissing: false, rules: .unused).receipt(id: id)
            else {
                throw CommandFailure(status: .notFound) { Words($0).noReceiptWithID(id) }
            }
            return try receipt.fiscalCode
        }
        let parts = source.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !source.contains("="), let i = Int64(parts[1]), let fp = Int64(parts[2]) else {
            return try FiscalCode(parsing: source)
        }
        let identity = try FiscalIdentity(fn: String(parts[0]), i: i, fp: fp)
        let path = global.database()
        console.detail(console.words.usingDatabase(path))
        let database = try global.openDatabase(createIfMissing: false, rules: .unused)
        guard let receipt = try database.receipt(identity) else {
            throw CommandFailure(status: .notFound) { Words($0).noSuchReceipt(identity.description, path) }
        }
        return try receipt.fiscalCode
    }
}
