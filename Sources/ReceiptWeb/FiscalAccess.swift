import FiscalProviders
public import Foundation
import ReceiptCore
import ReceiptNetwork

/// The tax service and proverkacheka.com as the web app reaches them: their addresses (from the
/// same variables as the command line's), and the tax-service session and proverkacheka token kept
/// where `receipts fns login` and `receipts complete` keep them, so that either side uses what the
/// other signed in with.
public struct FiscalAccess: Sendable {
    /// The configuration folder (`receipts fns login` keeps its session there).
    let folder: String
    /// Where the variables come from: this process's environment, or a test's.
    let environment: [String: String]
    /// How hard a request tries before it gives up: the page waits, so seconds, not a minute.
    let retry: RetryPolicy

    /// Access through the configuration folder `folder`.
    public init(folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.folder = folder
        self.environment = environment
        var retry = RetryPolicy.standard
        retry.budget = 8
        self.retry = retry
    }

    /// The kept tax-service session's file.
    var sessionFile: TaxServiceSessionFile { TaxServiceSessionFile(folder: folder) }

    /// The tax service's address.
    func taxServiceServer() throws(EndpointError) -> URL { try ProviderEndpoint.fns(environment: environment) }

    /// A client of the tax service with `session` (nil to sign in), keeping every session it opens or
    /// renews in the file, as the command line's does.
    func taxService(session: TaxServiceSession?) throws -> TaxServiceClient {
        let file = sessionFile
        return TaxServiceClient(
            settings: TaxServiceSettings(server: try taxServiceServer()), session: session,
            deviceID: try file.deviceID(), retry: retry, keep: { renewed in try? file.save(renewed) })
    }

    /// The kept «Мои чеки онлайн» session's file.
    var cabinetFile: SessionFile<CabinetSession> { SessionFile<CabinetSession>(folder: folder) }

    /// Where a challenge waits for its SMS code, as `receipts lkdr login` keeps it between runs.
    var cabinetChallenge: CabinetChallengeFile { CabinetChallengeFile(folder: folder) }

    /// A client of «Мои чеки онлайн» with the kept session (nil to sign in), keeping every session it
    /// opens or renews in the file, as the command line's does.
    func cabinet() throws -> CabinetClient {
        let file = cabinetFile
        return CabinetClient(
            server: try ProviderEndpoint.cabinet(environment: environment), session: try file.load(),
            deviceID: try file.deviceID(), retry: retry, keep: { renewed in try? file.save(renewed) })
    }

    /// The source `complete` would ask: `name`, else the tax service when a session is kept, else
    /// proverkacheka.com when a token is set; nil when there is none.
    func provider(_ name: ProviderName?) throws -> (any FiscalProvider)? {
        let session = try sessionFile.load()
        let token = try ProverkachekaClient.token(folder: folder, environment: environment)
        switch name {
        case .fns:
            guard let session else { throw ProviderError.notSignedIn(.fns) }
            return try taxService(session: session)
        case .proverkacheka:
            guard let token else { throw ProviderError.notSignedIn(.proverkacheka) }
            return ProverkachekaClient(
                server: try ProviderEndpoint.proverkacheka(environment: environment), token: token, retry: retry)
        case nil:
            if session != nil { return try provider(.fns) }
            if token != nil { return try provider(.proverkacheka) }
            return nil
        }
    }
}
