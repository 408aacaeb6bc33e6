import ArgumentParser
import Foundation
import Hummingbird
import NIOCore
import ReceiptNetwork
import ReceiptWeb

/// `receipts web`: the receipts app in a browser, over the local database.
struct WebCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "web", abstract: HelpText.webAbstract, discussion: HelpText.webDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Option(help: ArgumentHelp(HelpText.hostHelp, valueName: HelpText.hostValue)) var host = "127.0.0.1"
    @Option(help: ArgumentHelp(HelpText.portHelp, valueName: HelpText.portValue)) var port = 8765
    @Flag(help: ArgumentHelp(HelpText.webOpenHelp)) var open = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(HelpText.badPort(port)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        // A newcomer may start here: the page imports, adds and signs in.
        let database = try global.openDatabase(rules: .readsOnly)
        let settings = WebSettings(host: host, port: port)
        // Signing in, importing, adding and the shops nearby use the session `receipts login` keeps.
        let account = try Connection(global).account
        let app = WebApp(settings: settings, database: database, account: account)
        if !settings.isLoopback { console.note(words.webNotLoopback(host)) }
        let open = open
        do {
            try await app.application { port in
                console.output(words.webServing(app.address(port: port)))
                // The key stays out of `xdg-open`'s arguments, which every user can read (`ps`).
                if open { Self.openBrowser(app.openingAddress(port: port), console: console) }
            }.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CommandFailure(status: .failure) { Words($0).portInUse(port, host: host) }
        }
    }

    /// Asks the desktop to open `address` (`xdg-open`, found on `PATH`); says so when it cannot.
    static func openBrowser(_ address: String, console: Console) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.note(console.words.webCannotOpen)
        }
    }
}
