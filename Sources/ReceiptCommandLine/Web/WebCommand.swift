import ArgumentParser
import Foundation
import Hummingbird
import NIOCore
import ReceiptNetwork
import ReceiptScan
import ReceiptWeb

/// `receipts web`: the receipts app in a browser, over the local database.
struct WebCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "web", abstract: HelpText.webAbstract, discussion: HelpText.webDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Option(help: ArgumentHelp(HelpText.hostHelp, valueName: HelpText.hostValue)) var host: String?
    @Option(help: ArgumentHelp(HelpText.portHelp, valueName: HelpText.portValue)) var port = 8765
    @Flag(help: ArgumentHelp(HelpText.webOpenHelp)) var open = false
    @Flag(help: ArgumentHelp(HelpText.webLANHelp)) var lan = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(HelpText.badPort(port)) }
        if lan, host != nil { throw ValidationError(HelpText.webLANWithHost) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        // A newcomer may start here: the page imports, adds and signs in.
        let database = try global.openDatabase(rules: .readsOnly)
        let host = host ?? "127.0.0.1"
        var settings = WebSettings(host: host, port: port)
        settings.lan = lan
        // Signing in, importing, adding and the shops nearby use the session `receipts login` keeps.
        let account = try Connection(global).account
        // The tax service and proverkacheka.com with the session and token `fns login` and `complete` use.
        let app = WebApp(
            settings: settings, database: database, account: account,
            fiscal: FiscalAccess(folder: global.configFolder(), environment: CommandRun.environment))
        if !settings.isLoopback && !lan { console.note(words.webNotLoopback(host)) }
        let open = open
        let lan = lan
        do {
            try await app.application { port in
                console.output(words.webServing(app.address(port: port)))
                if lan { Self.printLAN(app, port: port, console: console) }
                // The key stays out of `xdg-open`'s arguments, which every user can read (`ps`).
                if open { Self.openBrowser(app.openingAddress(port: port), console: console) }
            }.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CommandFailure(status: .failure) { Words($0).portInUse(port, host: host) }
        }
    }

    /// What `--lan` prints: the address a phone on the same network opens, with its QR code for
    /// the phone's camera, the other addresses of this machine, and what listening there exposes.
    static func printLAN(_ app: WebApp, port: Int, console: Console) {
        let words = console.words
        let addresses = LANAddresses.current()
        guard let first = addresses.first else {
            console.output(words.webNoLANAddress)
            console.note(words.webLANWarning)
            return
        }
        let address = app.address(host: first, port: port)
        console.output(words.webLANServing(address))
        if let code = try? QRRenderer.lines(address) { console.output(drawing: code) }
        for other in addresses.dropFirst() { console.output(words.webLANAlso(app.address(host: other, port: port))) }
        console.note(words.webLANWarning)
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
