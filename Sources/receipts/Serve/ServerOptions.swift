import ArgumentParser
import Foundation

/// The global options as `receipts serve` takes them: its `--db` is the server's own database, not
/// the client's, and a server has no `--server`.
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(Strings.serverDBHelp, valueName: Strings.pathValue))
    var databasePath: String?

    @Option(name: .customLong("lang"), help: ArgumentHelp(Strings.langHelp, valueName: "ru|en"))
    var language: LanguageChoice?

    @Flag(help: ArgumentHelp(Strings.quietHelp))
    var quiet = false

    @Flag(help: ArgumentHelp(Strings.verboseHelp))
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError(Strings.quietAndVerbose) }
    }

    /// The server's database: `--db`, else `RECEIPTS_SERVER_DB`, else `server.sqlite` in the XDG data folder.
    func database(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let databasePath { return databasePath }
        if let path = environment["RECEIPTS_SERVER_DB"], !path.isEmpty { return path }
        return GlobalOptions.dataFolder(environment: environment) + "/server.sqlite"
    }
}

extension Console {
    init(_ options: ServerOptions) {
        self.init(quiet: options.quiet, verbose: options.verbose)
    }
}
