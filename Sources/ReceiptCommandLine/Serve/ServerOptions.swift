import ArgumentParser
import Foundation

/// The global options as `receipts serve` takes them: its `--db` is the server's own database, not
/// the client's, and a server has no `--server`.
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(HelpText.serverDBHelp, valueName: HelpText.pathValue))
    var databasePath: String?

    @OptionGroup var output: OutputOptions

    var quiet: Bool { output.quiet }
    var verbose: Bool { output.verbose }

    /// The server's database: `--db`, else `RECEIPTS_SERVER_DB`, else `server.sqlite` in the XDG data folder.
    func database(environment: [String: String] = CommandRun.environment) -> String {
        if let databasePath { return databasePath }
        if let path = environment["RECEIPTS_SERVER_DB"], !path.isEmpty { return path }
        return GlobalOptions.dataFolder(environment: environment) + "/server.sqlite"
    }
}
