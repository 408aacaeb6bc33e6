import ArgumentParser
import Foundation
import Logging
import ReceiptAPI
import ReceiptCore
import ReceiptServer
import ReceiptStore
import ReceiptSync

/// `receipts demo`: the main job on an embedded demo server — log in as demo, import with the
/// progress bar, and show the last three months.
struct DemoCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "demo", abstract: HelpText.demoAbstract, discussion: HelpText.demoDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(
        name: .customLong("demo-receipts"), help: ArgumentHelp(HelpText.demoReceiptsHelp, valueName: "N"))
    var receipts: Int?
    @Option(help: ArgumentHelp(HelpText.demoMonthsHelp, valueName: HelpText.countValue)) var months = 3

    func validate() throws {
        if let receipts, !(1...2_000_000).contains(receipts) { throw ValidationError(HelpText.badDemoReceipts) }
        guard (1...24).contains(months) else { throw ValidationError(HelpText.badDemoMonths) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let folder = NSTemporaryDirectory() + "receipts-demo-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await ReceiptsServer(
            settings: ServerSettings(
                port: 0, databasePath: folder + "/server.sqlite", bcryptCost: 4, logLevel: .warning))
        let summary = try await server.seedDemo(until: try ServeCommand.today(), receiptCount: receipts)
        // Not `serve --demo`'s words: this server takes no logins from anyone, and is gone at the end.
        console.note(words.demoServer(summary))
        let database = try global.openDatabase()
        let months = months
        let imported = try await server.serving { url in
            let client = ReceiptsClient(server: url, cookie: nil, language: words.language)
            let info = try await client.logIn(login: ReceiptsServer.demoLogin, password: ReceiptsServer.demoPassword)
            console.note(words.demoImporting(url.absoluteString, database: database.path))
            let progress = ProgressBar(enabled: !global.quiet, language: words.language)
            defer { progress.finish() }
            return try await Importer(
                client: client, database: database, source: "\(url.absoluteString)#\(info.account)"
            )
            .run { progress.show($0) }
        }
        console.output(words.imported(imported))
        guard let last = try database.months().first?.month else { return }
        let first = last.advanced(by: -(months - 1)) ?? last
        let listing = try database.listing(from: first, through: last)
        console.output("")
        console.output(ListCommand.render(listing, language: words.language, width: Console.width))
        console.note(words.demoNext(newest: listing.first?.receipts.first?.id))
    }
}
