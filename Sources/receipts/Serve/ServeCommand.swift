import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import ReceiptCore
import ReceiptServer

/// `receipts serve`: runs the receipts server on this machine.
struct ServeCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "serve", abstract: Strings.serveAbstract, discussion: Strings.serveDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: ServerOptions

    @Option(help: ArgumentHelp(Strings.hostHelp, valueName: Strings.hostValue)) var host = "127.0.0.1"
    @Option(help: ArgumentHelp(Strings.portHelp, valueName: Strings.portValue)) var port = 8080
    @Flag(help: ArgumentHelp(Strings.demoHelp)) var demo = false
    @Option(help: ArgumentHelp(Strings.seedHelp, valueName: Strings.countValue)) var seed: UInt64 = 1
    @Option(
        name: .customLong("demo-receipts"), help: ArgumentHelp(Strings.demoReceiptsHelp, valueName: "N"))
    var demoReceipts: Int?
    @Option(name: .customLong("places"), help: ArgumentHelp(Strings.placesFileHelp, valueName: Strings.pathValue))
    var placesFiles: [String] = []
    @Option(
        name: .customLong("session-days"), help: ArgumentHelp(Strings.sessionDaysHelp, valueName: Strings.daysValue))
    var sessionDays = 30.0
    @Option(name: .customLong("bcrypt-cost"), help: ArgumentHelp(Strings.bcryptCostHelp, valueName: "4-16"))
    var bcryptCost: UInt8 = 12
    @Option(name: .customLong("log-format"), help: ArgumentHelp(Strings.logFormatHelp, valueName: "logfmt|json"))
    var logFormat: LogFormatOption = .logfmt
    @Option(
        name: .customLong("complete-with"),
        help: ArgumentHelp(Strings.completeWithHelp, valueName: "fns|proverkacheka"))
    var completeWith: ProviderOption?
    @Option(
        name: .customLong("trusted-proxy"), help: ArgumentHelp(Strings.trustedProxyHelp, valueName: Strings.blockValue))
    var trustedProxies: [String] = []
    @Option(
        name: .customLong("allowed-host"), help: ArgumentHelp(Strings.allowedHostHelp, valueName: Strings.hostValue))
    var allowedHosts: [String] = []
    @Option(name: .customLong("adds-per-hour"), help: ArgumentHelp(Strings.addsPerHourHelp, valueName: "N"))
    var addsPerHour = ThrottleLimits().receiptsAddedPerHour.count
    @Option(name: .customLong("adds-per-day"), help: ArgumentHelp(Strings.addsPerDayHelp, valueName: "N"))
    var addsPerDay = ThrottleLimits().receiptsAddedPerDay.count
    @Option(
        name: .customLong("provider-calls-per-day"), help: ArgumentHelp(Strings.providerCallsHelp, valueName: "N"))
    var providerCallsPerDay = ThrottleLimits().providerCallsPerAccount.count

    /// `--trusted-proxy` read: each value one or more blocks, separated by commas.
    func proxies() throws -> [AddressRange] {
        try trustedProxies.flatMap { $0.split(separator: ",") }.map { text in
            let text = text.trimmingCharacters(in: .whitespaces)
            guard let range = AddressRange(text) else { throw ValidationError(Strings.badTrustedProxy(text)) }
            return range
        }
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(Strings.badPort(port)) }
        guard (4...16).contains(bcryptCost) else { throw ValidationError(Strings.badBcryptCost) }
        guard sessionDays > 0, sessionDays <= 3650 else { throw ValidationError(Strings.badSessionDays) }
        if let demoReceipts, !(1...2_000_000).contains(demoReceipts) { throw ValidationError(Strings.badDemoReceipts) }
        for (name, value) in [
            ("--adds-per-hour", addsPerHour), ("--adds-per-day", addsPerDay),
            ("--provider-calls-per-day", providerCallsPerDay),
        ] where !(1...1_000_000).contains(value) {
            throw ValidationError(Strings.badLimit(name, value))
        }
        for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == " " }) {
            throw ValidationError(Strings.badAllowedHost(name))
        }
        _ = try proxies()
    }

    func run() async throws {
        let console = Console(global.output)
        let level: Logger.Level = global.verbose ? .debug : (global.quiet ? .warning : .info)
        let format = logFormat.format
        LoggingSystem.bootstrap { _ in ServerLogHandler(format: format, level: level) }
        var settings = ServerSettings(
            host: host, port: port, databasePath: "", sessionLifetime: sessionDays * 86_400, bcryptCost: bcryptCost,
            logLevel: global.verbose ? .debug : (global.quiet ? .warning : .info))
        do {
            settings.database = try ServerDatabase(global.database())
        } catch {
            throw CommandFailure(status: .invalidInput) { language in error.message(in: language) }
        }
        settings.trustedProxies = try proxies()
        settings.allowedHosts = allowedHosts
        settings.throttle.receiptsAddedPerHour.count = addsPerHour
        settings.throttle.receiptsAddedPerDay.count = addsPerDay
        settings.throttle.providerCallsPerAccount.count = providerCallsPerDay
        settings.metricsToken = ProcessInfo.processInfo.environment["RECEIPTS_METRICS_TOKEN"].flatMap {
            $0.isEmpty ? nil : $0
        }
        if global.databasePath != nil, case .postgres(let address) = settings.database, address.passwordInURL {
            console.note(Strings.passwordInArguments)
        }
        if !settings.isLoopback {
            console.note(Strings.beyondLoopback(host, proxied: !settings.trustedProxies.isEmpty))
        }
        if let completeWith {
            // The provider as `receipts complete` sets it up: the session of `fns login`, or the token.
            let options = try GlobalOptions.parse(["--quiet"])
            settings.completer = try ProviderCompleter(completeWith, global: options)
        }
        let database = settings.database
        let server: ReceiptsServer
        do {
            server = try await ReceiptsServer(settings: settings)
        } catch let error as PostgresOpenError {
            throw CommandFailure(status: .failure) { language in error.message(in: language) }
        } catch {
            throw CommandFailure(status: .failure) { _ in
                Strings.cannotOpenServerDatabase(database.description, "\(error)")
            }
        }
        for file in placesFiles {
            let count = try await server.loadPlaces(from: file)
            console.note(Strings.loadedPlaces(count, file))
        }
        if demo {
            if !settings.isLoopback { console.note(Strings.demoNotLoopback(host)) }
            let summary = try await server.seedDemo(seed: seed, until: try Self.today(), receiptCount: demoReceipts)
            console.note(Strings.demoSeeded(summary))
        }
        do {
            try await server.application { port in
                console.note(Strings.serving(host: host, port: port, database: database.description))
            }.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CommandFailure(status: .failure) { _ in Strings.portInUse(port, host: host) }
        }
    }

    /// Now on this machine's clock: the demo's history ends here.
    static func today() throws -> LocalDateTime {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        return try LocalDateTime(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0)
    }
}

/// `--log-format logfmt|json`.
enum LogFormatOption: String, ExpressibleByArgument, CaseIterable {
    case logfmt, json

    var format: ServerLogHandler.Format {
        switch self {
        case .logfmt: .logfmt
        case .json: .json
        }
    }
}
