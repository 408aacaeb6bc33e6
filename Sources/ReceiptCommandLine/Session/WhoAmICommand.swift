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
        CommandConfiguration(commandName: "whoami", abstract: HelpText.whoamiAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    struct Output: Encodable {
        let kind: String
        let server: String
        @NullWhenAbsent var login: String?
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
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
                console.note(words.sessionEnded)
            } catch {
                console.note(words.notChecked(error.message(in: words.language)))
            }
        }
        if json {
            console.output(try JSONOutput.encode(output))
        } else {
            console.output(words.whoami(kind: output.kind, login: output.login, server: output.server))
        }
    }
}
