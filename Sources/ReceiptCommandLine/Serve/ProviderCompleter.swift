import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptServer

/// The command line's providers as the server's background completion asks them
/// (`receipts serve --complete-with fns|proverkacheka`).
struct ProviderCompleter: ReceiptCompleter {
    let provider: any FiscalProvider
    /// The tax service's client and the session file it started from: every instance on the
    /// server's database goes on with one session, kept there.
    let taxService: (client: TaxServiceClient, file: TaxServiceSessionFile)?

    var name: String { provider.name.rawValue }

    /// The provider `option` names, set up as `receipts complete` sets it up: the session of `fns
    /// login` (then shared through the server's database), or the token.
    init(_ option: ProviderOption, global: GlobalOptions) throws {
        provider = try ProviderChoice.provider(option, global: global)
        taxService = (provider as? TaxServiceClient).map {
            (client: $0, file: TaxServiceSessionFile(folder: global.configFolder()))
        }
    }

    func complete(_ code: FiscalCode, state: any CompleterState) async throws -> CompletionAnswer {
        if let (client, file) = taxService {
            let shared = SharedTaxServiceSession(state: state, file: file)
            client.share(through: shared)
            // Another instance may have renewed the session since this one last asked.
            if let session = try await shared.current(), !session.isSame(as: client.currentSession) {
                client.use(session)
            }
        }
        do {
            switch try await provider.document(for: code) {
            case .document(let receipt): return .document(receipt)
            case .notYet: return .notYet
            case .invalid(let reason): return .invalid(reason: reason)
            }
        } catch {
            guard case .limited(_, let until) = error else { throw error }
            // A limit without its end (proverkacheka's) is taken to end, as the tax service's does, at midnight UTC.
            let end: Date = until ?? ProviderError.nextMidnightUTC(after: Date())
            return .limited(until: end)
        }
    }
}

/// The tax-service session of a server's instances, kept in the server's database: the newer of it
/// and this machine's session file (a `receipts fns login` after the server started wins), renewed
/// by one instance at a time.
struct SharedTaxServiceSession: TaxServiceSessionKeeper {
    let state: any CompleterState
    let file: TaxServiceSessionFile

    /// The name the session is kept under.
    static let name = "fns-session"

    /// The session to go on with, nil when neither the database nor the file has one.
    func current() async throws(ProviderError) -> TaxServiceSession? {
        try await change { $0 }
    }

    func renewed(
        after stale: TaxServiceSession,
        renew: @escaping @Sendable (TaxServiceSession) async throws(ProviderError) -> TaxServiceSession
    ) async throws(ProviderError) -> TaxServiceSession {
        let session = try await change { (kept) throws(ProviderError) in
            // Renewed by another instance (or signed in anew) since `stale` was refused: take that one.
            if let kept, kept.sessionID != stale.sessionID { return kept }
            return try await renew(kept ?? stale)
        }
        return session ?? stale
    }

    /// Runs `decide` under the database's lock on the newest session known (the kept one or the
    /// file's, whichever was renewed later), and keeps the session it gives.
    private func change(
        _ decide: @escaping @Sendable (TaxServiceSession?) async throws(ProviderError) -> TaxServiceSession?
    ) async throws(ProviderError) -> TaxServiceSession? {
        let file = file
        do {
            let data = try await state.change(named: Self.name) { data in
                let kept = data.flatMap { try? TaxServiceSession(json: $0) }
                // The file's session wins only when renewed later: a sign-in on this machine since.
                let local = try? file.load()
                let newest =
                    local.map { local in kept.map { local.renewedAt > $0.renewedAt ? local : $0 } ?? local } ?? kept
                guard let session = try await decide(newest), !session.isSame(as: kept) else { return nil }
                return try session.json()
            }
            return try data.map { try TaxServiceSession(json: $0) }
        } catch let error as ProviderError {
            throw error
        } catch {
            throw .sharedSessionUnavailable(detail: "\(error)")
        }
    }
}
