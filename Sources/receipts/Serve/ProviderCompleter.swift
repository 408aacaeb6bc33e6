import FiscalProviders
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
        } catch .limited(_, let until) {
            return .limited(until: until)
        }
    }
}
