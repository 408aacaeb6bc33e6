import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptServer

/// The command line's providers as the server's background completion asks them
/// (`receipts serve --complete-with fns|proverkacheka`).
struct ProviderCompleter: ReceiptCompleter {
    let provider: any FiscalProvider

    var name: String { provider.name.rawValue }

    func complete(_ code: FiscalCode) async throws -> CompletionAnswer {
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
