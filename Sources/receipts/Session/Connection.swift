import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptSync

/// What a networked command starts from: the server, the saved session for it (if any), and a
/// client that carries its cookie.
struct Connection {
    let server: URL
    let vault: SessionVault
    let saved: SavedSession?
    /// What the clients show while they work: the `--verbose` log, the status line on a terminal.
    let activity: NetworkActivity

    init(_ global: GlobalOptions) throws {
        server = try global.server()
        vault = SessionVault(folder: global.configFolder())
        saved = try vault.load(server: server)
        activity = NetworkActivity(server: server.absoluteString, console: Console(global), showsStatus: !global.quiet)
    }

    /// A client with the session's cookie. It retries for at most `RECEIPTS_NETWORK_BUDGET` seconds
    /// (60 unless set) before it gives up on the network.
    func client(retry: RetryPolicy? = nil) -> ReceiptsClient {
        let policy = retry ?? Self.retryPolicy()
        return ReceiptsClient(
            server: server, cookie: saved?.cookie, retry: policy, observer: activity.observe, language: Strings.language
        )
    }

    /// The standard retry policy, its budget `RECEIPTS_NETWORK_BUDGET` seconds when set: for the
    /// receipts server and the fiscal providers alike.
    static func retryPolicy() -> RetryPolicy {
        var policy = RetryPolicy.standard
        if let text = ProcessInfo.processInfo.environment["RECEIPTS_NETWORK_BUDGET"], let seconds = TimeInterval(text),
            seconds > 0
        {
            policy.budget = seconds
        }
        return policy
    }

    /// Keeps the session the client now holds.
    func save(_ info: SessionInfo, from client: ReceiptsClient) throws -> SavedSession {
        guard let cookie = client.sessionCookie else {
            throw ClientError.badResponse(
                LocalizedText(
                    russian: "сервер открыл сессию, не прислав cookie",
                    english: "the server opened a session without a cookie"))
        }
        let session = SavedSession(server: server.absoluteString, cookie: cookie, info: info)
        try vault.save(session)
        return session
    }

    /// The saved session, or the failure that says how to log in.
    func requireSession() throws -> SavedSession {
        guard let saved else { throw ClientError.unauthorized(server: server.absoluteString) }
        return saved
    }
}
