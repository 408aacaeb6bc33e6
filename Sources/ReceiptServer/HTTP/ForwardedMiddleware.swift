import Foundation
import HTTPTypes
import Hummingbird

/// Who sent a request that came through proxies the server trusts (`serve --trusted-proxy`).
///
/// Behind a load balancer every connection comes from the balancer, so throttling by the peer would
/// count all clients as one. When the peer is a trusted proxy, the client is read from `Forwarded`
/// (RFC 7239), else from `X-Forwarded-For`: the right-most address that is not a trusted proxy
/// itself, since each proxy appends the address it was reached from and only what trusted proxies
/// wrote can be believed (a client may put anything on the left). A request from any other peer
/// keeps the peer's address whatever its headers say.
struct ForwardedMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let trusted: [AddressRange]

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
        let hops = Self.hops(request.headers)
        if let client = hops.last(where: { !isTrusted($0.address) }) ?? hops.first {
            // Text that is no address (`unknown`, an obfuscated name) is counted as written, bounded.
            context.clientAddress = ServerContext.countedAddress(String(client.address.prefix(64)))
            context.overTLS = client.scheme == "https"
        }
        if request.headers[.forwarded] == nil, let scheme = Self.list(request.headers, .xForwardedProto).last {
            context.overTLS = scheme.lowercased() == "https"
        }
        return try await next(request, context)
    }

    private func isTrusted(_ address: String) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The hops the request's headers record, the client's first: `Forwarded` when the request has
    /// it, else `X-Forwarded-For`.
    static func hops(_ headers: HTTPFields) -> [Hop] {
        if headers[.forwarded] != nil {
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
        return list(headers, .xForwardedFor).map { Hop(address: withoutPort($0), scheme: nil) }
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
