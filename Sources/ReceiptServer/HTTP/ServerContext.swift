import Foundation
import Hummingbird
import NIOCore

/// The request context of the receipts server: the account of the session, once authenticated.
struct ServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var account: Account?
    var sessionToken: String?
    var sessionExpiresAt: Date?
    /// The client's IP address, which throttling counts by; "unknown" when the channel has none.
    let clientAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Request bodies are small JSON documents; anything larger is refused with 413.
    var maxUploadSize: Int { 64 * 1024 }
}
