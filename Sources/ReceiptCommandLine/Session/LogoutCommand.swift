import ArgumentParser
import FoundationEssentials
import ReceiptCore
import ReceiptNetwork
import ReceiptSync

/// `receipts logout`: ends the session on the server (with `--all`, every session of the account)
/// and forgets its cookie.
struct LogoutCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: HelpText.logoutAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Flag(name: .customLong("all"), help: ArgumentHelp(HelpText.logoutAllHelp)) var everywhere = false

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let connection = try Connection(global)
        guard connection.saved != nil else {
            console.note(words.notLoggedIn(connection.server.absoluteString))
            return
        }
        if everywhere {
            // Ending the others is the point: a server that cannot be reached is a failure, and the
            // session stays here to try again with.
            try await connection.client().logOutEverywhere()
            connection.account.vault.remove(server: connection.server)
            console.note(words.loggedOutEverywhere(connection.server.absoluteString))
            return
        }
        do {
            try await connection.client(within: 5).logOut()
        } catch .unauthorized {
            // Already ended on the server: forgetting it here is all that is left.
        } catch {
            console.note(words.logoutOffline(error.message(in: words.language)))
        }
        connection.account.vault.remove(server: connection.server)
        console.note(words.loggedOut(connection.server.absoluteString))
    }
}
