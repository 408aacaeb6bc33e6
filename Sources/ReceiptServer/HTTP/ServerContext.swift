import Foundation
import Hummingbird
import NIOCore

/// The request context of the receipts server: the account of the session, once authenticated.
struct ServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var account: Account?
    var sessionToken: String?
    var sessionExpiresAt: Date?
    /// The client's address as throttling counts it (``countedAddress(_:)``); "unknown" when the
    /// channel has none.
    let clientAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = Self.countedAddress(source.channel.remoteAddress?.ipAddress ?? "unknown")
    }

    /// An address as throttling counts it: an IPv4 address as it is (also when written as IPv6,
    /// `::ffff:192.0.2.1`); an IPv6 address by its /64 network, `2001:db8:1:2::/64`, since one
    /// subscriber is given a whole /64 and could otherwise count afresh from each of its addresses.
    static func countedAddress(_ address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Request bodies are small JSON documents; anything larger is refused with 413.
    var maxUploadSize: Int { 64 * 1024 }
}
