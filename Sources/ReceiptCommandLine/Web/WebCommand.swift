import ArgumentParser
import Foundation
import Hummingbird
import NIOCore
import ReceiptNetwork
import ReceiptScan
import ReceiptWeb
import Synchronization

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
        settings.serverChosen =
            global.serverURL != nil || CommandRun.environment["RECEIPTS_SERVER"].map { !$0.isEmpty } == true
        // Signing in, importing, adding and the shops nearby use the session `receipts login` keeps.
        let connection = try Connection(global)
        connection.warnIfInClear(console)
        let account = connection.account
        // The tax service and proverkacheka.com with the session and token `fns login` and `complete` use.
        let app = WebApp(
            settings: settings, database: database, account: account,
            fiscal: FiscalAccess(folder: global.configFolder(), environment: CommandRun.environment))
        if !settings.isLoopback && !lan { console.note(words.webNotLoopback(host)) }
        let open = open
        let lan = lan
        let page = Mutex<OpeningPage?>(nil)
        defer { page.withLock { $0?.remove() } }
        if open {
            app.whenOpened { outcome in
                switch outcome {
                case .opened: console.note(words.webOpened)
                case .spent: console.note(words.webCodeSpent)
                case .expired: console.note(words.webCodeExpired)
                case .unknown: break
                }
            }
        }
        do {
            try await app.application { port in
                console.output(words.webServing(app.address(port: port)))
                if lan { Self.printLAN(app, port: port, console: console) }
                if open { page.withLock { $0 = Self.openBrowser(app, port: port, console: console) } }
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

    /// Asks the desktop to open the app on `port` (`xdg-open`, found on `PATH`); says so when it
    /// cannot. Every user of the machine can read the opener's arguments (`ps`), so they name a file
    /// only this user may read (`OpeningPage`) holding the address with a one-time code, never the
    /// key or the code itself. The page, to be removed when the app stops.
    static func openBrowser(_ app: WebApp, port: Int, console: Console) -> OpeningPage? {
        guard
            let page = try? OpeningPage(
                opening: app.openingAddress(port: port), port: port, environment: CommandRun.environment)
        else {
            console.note(console.words.webCannotOpen)
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", page.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.note(console.words.webCannotOpen)
        }
        return page
    }
}
