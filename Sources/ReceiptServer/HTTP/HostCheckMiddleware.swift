import Hummingbird

/// Answers only requests that name the server by an address or by a name it was told to answer
/// for (`serve --allowed-host`): a page of another site whose name was pointed at this machine
/// (DNS rebinding) names its own host, and is refused with 421 before it reaches any route.
///
/// An IP address in `Host` is always accepted (rebinding needs a name), and so is `localhost`; a
/// request without `Host` (HTTP/1.0, some health checks) passes too, since no browser sends one.
struct HostCheckMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    /// The names allowed besides addresses and `localhost`, lower-cased.
    let allowed: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority else { return try await next(request, context) }
        let host = Self.host(of: authority)
        guard Self.accepts(host, allowed: allowed) else {
            throw APIError(
                status: .misdirectedRequest, code: "host_not_allowed",
                problem: .hostNotAllowed(String(host.prefix(100))))
        }
        return try await next(request, context)
    }

    /// Whether `host` (no port, brackets kept off) may be answered.
    static func accepts(_ host: String, allowed: Set<String>) -> Bool {
        host == "localhost" || AddressRange.bytes(host) != nil || allowed.contains(host)
    }

    /// `Example.org:8080` → `example.org`, `[::1]:8080` → `::1`; a trailing dot dropped.
    static func host(of authority: String) -> String {
        var host = ForwardedMiddleware.withoutPort(authority).lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
