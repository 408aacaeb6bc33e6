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
        CommandConfiguration(
            commandName: "serve", abstract: HelpText.serveAbstract, discussion: HelpText.serveDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: ServerOptions

    @Option(help: ArgumentHelp(HelpText.hostHelp, valueName: HelpText.hostValue)) var host = "127.0.0.1"
    @Option(help: ArgumentHelp(HelpText.portHelp, valueName: HelpText.portValue)) var port = 8080
    @Flag(help: ArgumentHelp(HelpText.demoHelp)) var demo = false
    @Option(help: ArgumentHelp(HelpText.seedHelp, valueName: HelpText.countValue)) var seed: UInt64 = 1
    @Option(
        name: .customLong("demo-receipts"), help: ArgumentHelp(HelpText.demoReceiptsHelp, valueName: "N"))
    var demoReceipts: Int?
    @Option(name: .customLong("places"), help: ArgumentHelp(HelpText.placesFileHelp, valueName: HelpText.pathValue))
    var placesFiles: [String] = []
    @Option(
        name: .customLong("session-days"), help: ArgumentHelp(HelpText.sessionDaysHelp, valueName: HelpText.daysValue))
    var sessionDays = 30.0
    @Option(name: .customLong("bcrypt-cost"), help: ArgumentHelp(HelpText.bcryptCostHelp, valueName: "4-16"))
    var bcryptCost: UInt8 = 12
    @Option(name: .customLong("log-format"), help: ArgumentHelp(HelpText.logFormatHelp, valueName: "logfmt|json"))
    var logFormat: LogFormatOption = .logfmt
    @Option(
        name: .customLong("complete-with"),
        help: ArgumentHelp(HelpText.completeWithHelp, valueName: "fns|proverkacheka"))
    var completeWith: ProviderOption?
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(HelpText.trustedProxyHelp, valueName: HelpText.blockValue))
    var trustedProxies: [String] = []
    @Option(
        name: .customLong("forwarded-header"),
        help: ArgumentHelp(HelpText.forwardedHeaderHelp, valueName: "x-forwarded-for|forwarded"))
    var forwardedHeader: ForwardedHeaderOption = .xForwardedFor
    @Option(
        name: .customLong("allowed-host"), help: ArgumentHelp(HelpText.allowedHostHelp, valueName: HelpText.hostValue))
    var allowedHosts: [String] = []
    @Option(name: .customLong("adds-per-hour"), help: ArgumentHelp(HelpText.addsPerHourHelp, valueName: "N"))
    var addsPerHour = ThrottleLimits().receiptsAddedPerHour.count
    @Option(name: .customLong("adds-per-day"), help: ArgumentHelp(HelpText.addsPerDayHelp, valueName: "N"))
    var addsPerDay = ThrottleLimits().receiptsAddedPerDay.count
    @Option(
        name: .customLong("provider-calls-per-day"), help: ArgumentHelp(HelpText.providerCallsHelp, valueName: "N"))
    var providerCallsPerDay = ThrottleLimits().providerCallsPerAccount.count
    @Option(
        name: .customLong("answer-cache"),
        help: ArgumentHelp(HelpText.answerCacheHelp, valueName: HelpText.megabytesValue))
    var answerCacheMegabytes = 64

    /// `--trusted-proxy` read: each value one or more blocks, separated by commas.
    func proxies() throws -> [AddressRange] {
        try trustedProxies.flatMap { $0.split(separator: ",") }.map { text in
            let text = text.trimmingCharacters(in: .whitespaces)
            guard let range = AddressRange(text) else { throw ValidationError(HelpText.badTrustedProxy(text)) }
            return range
        }
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(HelpText.badPort(port)) }
        guard (4...16).contains(bcryptCost) else { throw ValidationError(HelpText.badBcryptCost) }
        guard sessionDays > 0, sessionDays <= 3650 else { throw ValidationError(HelpText.badSessionDays) }
        if let demoReceipts, !(1...2_000_000).contains(demoReceipts) { throw ValidationError(HelpText.badDemoReceipts) }
        guard (0...4096).contains(answerCacheMegabytes) else { throw ValidationError(HelpText.badAnswerCache) }
        for (name, value) in [
            ("--adds-per-hour", addsPerHour), ("--adds-per-day", addsPerDay),
            ("--provider-calls-per-day", providerCallsPerDay),
        ] where !(1...1_000_000).contains(value) {
            throw ValidationError(HelpText.badLimit(name, value))
        }
        for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == " " }) {
            throw ValidationError(HelpText.badAllowedHost(name))
        }
        _ = try proxies()
    }

    func run() async throws {
        let console = Console(global.output)
        let words = console.words
        let level: Logger.Level = global.verbose ? .debug : (global.quiet ? .warning : .info)
        let format = logFormat.format
        LoggingSystem.bootstrap { _ in ServerLogHandler(format: format, level: level) }
        var settings = ServerSettings(
            host: host, port: port, databasePath: "", sessionLifetime: sessionDays * 86_400, bcryptCost: bcryptCost,
            logLevel: global.verbose ? .debug : (global.quiet ? .warning : .info))
        do {
            settings.database = try ServerDatabase(global.database(), environment: CommandRun.environment)
        } catch {
            throw CommandFailure(status: .invalidInput) { language in error.message(in: language) }
        }
        settings.trustedProxies = try proxies()
        settings.forwardedHeader = forwardedHeader.header
        settings.allowedHosts = allowedHosts
        settings.throttle.receiptsAddedPerHour.count = addsPerHour
        settings.throttle.receiptsAddedPerDay.count = addsPerDay
        settings.throttle.providerCallsPerAccount.count = providerCallsPerDay
        settings.answerCacheBytes = answerCacheMegabytes << 20
        settings.metricsToken = CommandRun.environment["RECEIPTS_METRICS_TOKEN"].flatMap {
            $0.isEmpty ? nil : $0
        }
        if global.databasePath != nil, case .postgres(let address) = settings.database, address.passwordInURL {
            console.note(words.passwordInArguments)
        }
        if !settings.isLoopback {
            console.note(words.beyondLoopback(host, proxied: !settings.trustedProxies.isEmpty))
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
            throw CommandFailure(status: .failure) {
                Words($0).cannotOpenServerDatabase(database.description, "\(error)")
            }
        }
        for file in placesFiles {
            let count = try await server.loadPlaces(from: file)
            console.note(words.loadedPlaces(count, file))
        }
        if demo {
            if !settings.isLoopback { console.note(words.demoNotLoopback(host)) }
            let summary = try await server.seedDemo(seed: seed, until: try Self.today(), receiptCount: demoReceipts)
            console.note(words.demoSeeded(summary))
        }
        do {
            try await server.application { port in
                console.note(words.serving(host: host, port: port, database: database.description))
            }.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CommandFailure(status: .failure) { Words($0).portInUse(port, host: host) }
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
/// `--forwarded-header`'s values.
enum ForwardedHeaderOption: String, ExpressibleByArgument, CaseIterable {
    case xForwardedFor = "x-forwarded-for"
    case forwarded

    var header: ForwardedHeader {
        switch self {
        case .xForwardedFor: .xForwardedFor
        case .forwarded: .forwarded
        }
    }
}

enum LogFormatOption: String, ExpressibleByArgument, CaseIterable {
    case logfmt, json

    var format: ServerLogHandler.Format {
        switch self {
        case .logfmt: .logfmt
        case .json: .json
        }
    }
}
