import ArgumentParser
import Foundation
import ReceiptCore

/// The options every command takes: where the data is, which server, which language, how talkative.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(HelpText.dbHelp, valueName: HelpText.pathValue))
    var databasePath: String?

    @Option(name: .customLong("server"), help: ArgumentHelp(HelpText.serverHelp, valueName: HelpText.urlValue))
    var serverURL: String?

    @OptionGroup var output: OutputOptions

    var quiet: Bool { output.quiet }
    var verbose: Bool { output.verbose }

    func validate() throws {
        if let serverURL, Self.serverURL(serverURL) == nil {
            throw ValidationError(Words(output).badServerURL(serverURL))
        }
    }

    /// The database file: `--db`, else `RECEIPTS_DB`, else `receipts.sqlite` in the XDG data folder.
    func database(environment: [String: String] = CommandRun.environment) -> String {
        if let databasePath { return databasePath }
        if let path = environment["RECEIPTS_DB"], !path.isEmpty { return path }
        return dataFolder(environment: environment) + "/receipts.sqlite"
    }

    /// `receipts` in the XDG data folder: where the databases live unless told otherwise.
    func dataFolder(environment: [String: String] = CommandRun.environment) -> String {
        Self.dataFolder(environment: environment)
    }

    /// `receipts` in the XDG data folder, for the client's database and the server's.
    static func dataFolder(environment: [String: String] = CommandRun.environment) -> String {
        xdgFolder("XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    /// The server: `--server`, else `RECEIPTS_SERVER`, else the local server `receipts serve` starts.
    func server(environment: [String: String] = CommandRun.environment) throws -> URL {
        let text = serverURL ?? environment["RECEIPTS_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultServer
        guard let url = Self.serverURL(text) else { throw CommandFailure.badServerURL(text) }
        return url
    }

    /// The folder that holds the session cookies: `receipts` in the XDG config folder.
    func configFolder(environment: [String: String] = CommandRun.environment) -> String {
        Self.xdgFolder("XDG_CONFIG_HOME", fallback: ".config", environment: environment)
    }

    static let defaultServer = "http://127.0.0.1:8080"

    /// The global options that take a value, and those that do not.
    static let valuedNames: Set<String> = ["--db", "--server", "--lang"]
    static let flagNames: Set<String> = ["--quiet", "--verbose"]

    /// The arguments with the global options given before the command moved after its name, where
    /// the command's own option group reads them: `--lang ru list` is `list --lang ru`.
    static func movedAfterCommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            let name = String(first.prefix { $0 != "=" })
            if flagNames.contains(first) || (valuedNames.contains(name) && first.contains("=")) {
                leading.append(first)
                rest = rest.dropFirst()
            } else if valuedNames.contains(first), rest.count > 1 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        // Nothing but global options: the root's help, which takes none of them.
        guard !leading.isEmpty, !rest.isEmpty else { return leading.isEmpty ? arguments : [] }
        // Right after the command's name: before any option of its own that takes whatever follows.
        let named = Receipts.command(namedBy: rest).words
        return Array(rest.prefix(named)) + leading + rest.dropFirst(named)
    }

    private static func serverURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    private static func xdgFolder(_ variable: String, fallback: String, environment: [String: String]) -> String {
        // The XDG rules ignore a relative path in the variable.
        if let base = environment[variable], base.hasPrefix("/") { return base + "/receipts" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/" + fallback + "/receipts"
    }
}
