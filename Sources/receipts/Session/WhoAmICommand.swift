import ArgumentParser
import FoundationEssentials
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptReports
import ReceiptSync

/// `receipts whoami [--json]`: anonymous, authorized or none, on which server, as whom.
struct WhoAmICommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "whoami", abstract: Strings.whoamiAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    struct Output: Encodable {
        let kind: String
        let server: String
        @NullWhenAbsent var login: String?
    }

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        var output = Output(kind: "none", server: connection.server.absoluteString, login: nil)
        if let saved = connection.saved {
            output = Output(kind: saved.kind.rawValue, server: saved.server, login: saved.login)
            // Ask the server whether the session still lives; offline, the saved answer stands.
            do {
                _ = try await connection.client(within: 3).whoAmI()
            } catch .unauthorized {
                connection.account.vault.remove(server: connection.server)
                output = Output(kind: "none", server: connection.server.absoluteString, login: nil)
                console.note(Strings.sessionEnded)
            } catch {
                console.note(Strings.notChecked(error.message(in: Strings.language)))
            }
        }
        if json {
            console.output(try JSONOutput.encode(output))
        } else {
            console.output(Strings.whoami(kind: output.kind, login: output.login, server: output.server))
        }
    }
}
