import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports

/// `receipts qr parse [--json] PAYLOAD`: checks a QR payload and prints its normal form and fields.
struct QRParseCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "parse", abstract: HelpText.qrParseAbstract, discussion: HelpText.qrParseDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    @Argument(help: ArgumentHelp(HelpText.payloadHelp, valueName: HelpText.payloadValue)) var payload: String

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let text = payload == "-" ? try Self.readStandardInput() : payload
        let code = try FiscalCode(parsing: text)
        if json {
            console.output(try JSONOutput.encode(FiscalCodeJSON(code)))
        } else {
            console.output(Self.table(code, language: words.language).render(width: Console.width))
        }
    }

    static func table(_ code: FiscalCode, language: Language) -> TextTable {
        func label(_ field: FiscalCode.Field) -> String {
            let name = field.name(in: language)
            return name.prefix(1).uppercased() + name.dropFirst() + " (\(field.rawValue))"
        }
        var table = TextTable(wrapsLast: true)
        table.append([Words(language).canonicalLabel, code.canonical])
        table.append([label(.t), code.dateTime.formatted(in: language)])
        table.append([label(.s), code.total.formatted(in: language)])
        table.append([label(.fn), code.identity.fn])
        table.append([label(.i), String(code.identity.i)])
        table.append([label(.fp), String(code.identity.fp)])
        table.append([label(.n), "\(code.operation.rawValue) — \(code.operation.name(in: language))"])
        return table
    }

    private static func readStandardInput() throws -> String {
        let data = CommandRun.current.context.input.rest()
        guard let text = String(data: data, encoding: .utf8),
            !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { throw CommandFailure(status: .invalidInput) { Words($0).emptyStandardInput } }
        return text
    }
}

/// The `--json` shape of `qr parse`: `{"canonical", "t", "s", "fn", "i", "fp", "n"}`, the code's own
/// fields written beside `canonical` in one object, as ``FiscalCode`` writes them everywhere else.
struct FiscalCodeJSON: Encodable {
    let canonical: String
    let code: FiscalCode

    init(_ code: FiscalCode) {
        self.canonical = code.canonical
        self.code = code
    }

    private enum CodingKeys: String, CodingKey { case canonical }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(canonical, forKey: .canonical)
        try code.encode(to: encoder)
    }
}
