import FiscalProviders
import Foundation
import ReceiptSync

/// What a `receipts fns` command starts from: the service's address, the kept session and a client
/// that keeps every renewed session at once (the old refresh token dies with each renewal).
struct TaxServiceConnection {
    let file: TaxServiceSessionFile
    let session: TaxServiceSession?
    let client: TaxServiceClient
    let activity: NetworkActivity

    init(_ global: GlobalOptions) throws {
        let server = try ProviderEndpoint.fns(environment: CommandRun.environment)
        file = TaxServiceSessionFile(folder: global.configFolder())
        session = try file.load()
        activity = NetworkActivity(server: server.absoluteString, console: Console(global), showsStatus: !global.quiet)
        let file = file
        let console = Console(global)
        let words = console.words
        client = TaxServiceClient(
            settings: TaxServiceSettings(server: server, environment: CommandRun.environment), session: session,
            deviceID: try file.deviceID(),
            retry: Connection.retryPolicy(), observer: activity.observe
        ) { renewed in
            do throws(SessionFileError) {
                try file.save(renewed)
            } catch {
                console.note(error.message(in: words.language))
            }
        }
    }

    /// The kept session, or the failure that says how to sign in.
    func requireSession() throws -> TaxServiceSession {
        guard let session else { throw ProviderError.notSignedIn(.fns) }
        return session
    }
}
