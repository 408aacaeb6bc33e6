import Foundation
import Hummingbird
import NIOCore

/// The request context of the receipts server: the account of the session, once authenticated.
struct ServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var account: Account?
    var sessionToken: String?
    var sessionExpiresAt: Date?
    /// The address the connection came from; "unknown" when the channel has none.
    let peerAddress: String
    /// The client's address as throttling counts it (``countedAddress(_:)``): the peer's, or the one
    /// a trusted proxy forwarded (``ForwardedMiddleware``). Worked out when asked: only throttled
    /// requests ask, and the feed, the busiest, is not one of them.
    var clientAddress: String {
        get { forwardedClient ?? Self.countedAddress(peerAddress) }
        set { forwardedClient = newValue }
    }
    private var forwardedClient: String?
    /// Whether the client reached a trusted proxy over TLS (`https`), as the proxy says.
    var overTLS = false

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// An address as throttling counts it: an IPv4 address as it is (also when written as IPv6,
    /// `::ffff:192.0.2.1`); an IPv6 address by its /64 network, `2001:db8:1:2::/64`, since one
    /// subscriber is given a whole /64 and could otherwise count afresh from each of its addresses.
    static func countedAddress(_ address: String) -> String {
        guard let bytes = AddressRange.bytes(address) else { return address }
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Request bodies are small JSON documents; anything larger is refused with 413.
    var maxUploadSize: Int { 64 * 1024 }
}
