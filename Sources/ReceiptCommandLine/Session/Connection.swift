import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptSync

/// What a networked command starts from: the server and its account here (``ServerAccount``), the
/// session saved for it (if any), and a client that carries its cookie.
struct Connection {
    let account: ServerAccount
    let saved: SavedSession?
    /// What the clients show while they work: the `--verbose` log, the status line on a terminal.
    let activity: NetworkActivity

    var server: URL { account.server }

    init(_ global: GlobalOptions) throws {
        let server = try global.server()
        let console = Console(global)
        activity = NetworkActivity(server: server.absoluteString, console: console, showsStatus: !global.quiet)
        account = ServerAccount(
            server: server, vault: SessionVault(folder: global.configFolder()), retry: Self.retryPolicy(),
            observer: activity.observe, language: console.words.language)
        saved = try account.saved()
    }

    /// A client with the session's cookie. It retries for at most `RECEIPTS_NETWORK_BUDGET` seconds
    /// (60 unless set), or `seconds` when fewer, before it gives up on the network.
    func client(within seconds: TimeInterval? = nil) -> ReceiptsClient {
        (seconds.map(account.trying(atMost:)) ?? account).client(saved)
    }

    /// The standard retry policy, its budget `RECEIPTS_NETWORK_BUDGET` seconds when set: for the
    /// receipts server and the fiscal providers alike.
    static func retryPolicy() -> RetryPolicy {
        var policy = RetryPolicy.standard
        if let text = CommandRun.environment["RECEIPTS_NETWORK_BUDGET"], let seconds = TimeInterval(text),
            seconds > 0
        {
            policy.budget = seconds
        }
        return policy
    }

    /// Warns on standard error, before any request, when the server is plain `http://` on another
    /// machine (`URL.sendsInClearOverNetwork`): the password and the session would cross the network
    /// readable by anyone on the way. Said even with `--quiet`: it is about the user's password.
    func warnIfInClear(_ console: Console) {
        guard server.sendsInClearOverNetwork else { return }
        console.warning(console.words.serverInClear(server.absoluteString))
    }

    /// The saved session, or the failure that says how to log in.
    func requireSession() throws -> SavedSession {
        guard let saved else { throw ClientError.unauthorized(server: server.absoluteString) }
        return saved
    }
}

extension RegistrationRefused: ReportedFailure {
    var exitStatus: ExitStatus { .invalidInput }
}
