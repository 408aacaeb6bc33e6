import Foundation
import HTTPTypes
import Hummingbird

/// The header trusted proxies name the client in (`serve --forwarded-header`).
public enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For`, the scheme in `X-Forwarded-Proto`: what nginx, HAProxy and Caddy write.
    case xForwardedFor = "x-forwarded-for"
    /// RFC 7239 `Forwarded`, the scheme in the `proto=` of the client's hop.
    case forwarded
}

/// Who sent a request that came through proxies the server trusts (`serve --trusted-proxy`).
///
/// Behind a load balancer every connection comes from the balancer, so throttling by the peer would
/// count all clients as one. When the peer is a trusted proxy, the client is read from the one header
/// the operator's proxies write (``ForwardedHeader``): the right-most address that is not a trusted
/// proxy itself, since each proxy appends the address it was reached from and only what trusted
/// proxies wrote can be believed (a client may put anything on the left). The other header is never
/// read: a proxy passes on untouched what a client wrote in a header the proxy does not write, so a
/// client could name any address in it. A request from any other peer keeps the peer's address
/// whatever its headers say.
struct ForwardedMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let trusted: [AddressRange]
    let header: ForwardedHeader

    /// One proxy's record of where the request came from.
    struct Hop: Equatable {
        /// The address, without port or brackets (or the text the proxy wrote when it is no address).
        let address: String
        /// The scheme the proxy was reached by, when it says.
        let scheme: String?
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard isTrusted(context.peerAddress) else { return try await next(request, context) }
        var context = context
        let hops = Self.hops(request.headers, header)
        let client = hops.last(where: { !isTrusted($0.address) }) ?? hops.first
        if let client {
            // Text that is no address (`unknown`, an obfuscated name) is counted as written, bounded.
            context.clientAddress = ServerContext.countedAddress(String(client.address.prefix(64)))
        }
        switch header {
        case .xForwardedFor:
            context.overTLS = Self.list(request.headers, .xForwardedProto).last?.lowercased() == "https"
        case .forwarded:
            // The client's hop, which the trusted proxy it reached wrote, says how it was reached.
            context.overTLS = client?.scheme == "https"
        }
        return try await next(request, context)
    }

    private func isTrusted(_ address: String) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The hops `header` records, the client's first.
    static func hops(_ headers: HTTPFields, _ header: ForwardedHeader) -> [Hop] {
        switch header {
        case .xForwardedFor:
            return list(headers, .xForwardedFor).map { Hop(address: withoutPort($0), scheme: nil) }
        case .forwarded:
            return list(headers, .forwarded).compactMap { element in
                var address: String?
                var scheme: String?
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""])
                    switch parts[0].trimmingCharacters(in: .whitespaces).lowercased() {
                    case "for": address = withoutPort(value)
                    case "proto": scheme = value.lowercased()
                    default: break
                    }
                }
                return address.map { Hop(address: $0, scheme: scheme) }
            }
        }
    }

    /// The comma-separated values of every line of a header, trimmed, empty ones left out.
    private static func list(_ headers: HTTPFields, _ name: HTTPField.Name) -> [String] {
        headers[values: name].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.1:80` → `192.0.2.1`; a bare IPv6 address as it is.
    static func withoutPort(_ text: String) -> String {
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<end])
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }
}
