import Foundation
import Hummingbird
import NIOCore

/// The request context of the receipts server: the account of the session, once authenticated.
struct ServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var account: Account?
    var sessionToken: String?
    var sessionExpiresAt: Date?

    init(source: Source) {
        coreContext = .init(source: source)
    }

    /// Request bodies are small JSON documents; anything larger is refused with 413.
    var maxUploadSize: Int { 64 * 1024 }
}
