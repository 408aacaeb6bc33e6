import ArgumentParser
import FoundationEssentials
import ReceiptCore
import ReceiptNetwork
import ReceiptSync

/// `receipts logout`: ends the session on the server (with `--all`, every session of the account)
/// and forgets its cookie.
struct LogoutCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: Strings.logoutAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions

    @Flag(name: .customLong("all"), help: ArgumentHelp(Strings.logoutAllHelp)) var everywhere = false

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        guard connection.saved != nil else {
            console.note(Strings.notLoggedIn(connection.server.absoluteString))
            return
        }
        if everywhere {
            // Ending the others is the point: a server that cannot be reached is a failure, and the
            // session stays here to try again with.
            try await connection.client().logOutEverywhere()
            connection.account.vault.remove(server: connection.server)
            console.note(Strings.loggedOutEverywhere(connection.server.absoluteString))
            return
        }
        do {
            try await connection.client(within: 5).logOut()
        } catch .unauthorized {
            // Already ended on the server: forgetting it here is all that is left.
        } catch {
            console.note(Strings.logoutOffline(error.message(in: Strings.language)))
        }
        connection.account.vault.remove(server: connection.server)
        console.note(Strings.loggedOut(connection.server.absoluteString))
    }
}
