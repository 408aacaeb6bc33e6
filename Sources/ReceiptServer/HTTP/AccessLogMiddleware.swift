import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The outermost middleware: gives each request its id, logs one line when it is answered, and
/// counts it in the metrics.
///
/// The id is the `X-Request-Id` a load balancer sent (when it is a sane token), else the server's
/// own; it goes into every log line of the request (`request_id`) and back in the answer's
/// `X-Request-Id`, so that a user's report, the balancer's log and this server's log meet.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        let id = request.headers[.requestID].flatMap(Self.acceptable) ?? context.id
        context.logger[metadataKey: "request_id"] = .string(id)
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Only what the error middleware could not answer reaches here: Hummingbird answers it.
            log(request, status: 500, context: context, took: ContinuousClock.now - start)
            throw error
        }
        response.headers[.requestID] = id
        log(request, status: Int(response.status.code), context: context, took: ContinuousClock.now - start)
        return response
    }

    private func log(_ request: Request, status: Int, context: Context, took duration: Duration) {
        let route = context.endpointPath ?? "unrouted"
        metrics.request(route: route, method: request.method.rawValue, status: status, took: duration)
        context.logger.info(
            "answered",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                "status": .stringConvertible(status), "ms": .string(Self.milliseconds(duration)),
            ])
    }

    /// A duration in milliseconds to two places, `12.34`: rounded down to a hundredth, which a log
    /// line's reader does not miss, and without Foundation's `String(format:)`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = max(0, seconds * 100_000 + attoseconds / 10_000_000_000_000)
        let (whole, fraction) = hundredths.quotientAndRemainder(dividingBy: 100)
        return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// An incoming id is kept when it is 1 to 128 printable ASCII characters without spaces or
    /// quotes, so that it cannot break a log line.
    static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count),
            id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return id
    }
}

extension HTTPField.Name {
    /// `X-Request-Id`.
    static let requestID = fixed("X-Request-Id")
    /// RFC 7239's `Forwarded`.
    static let forwarded = fixed("Forwarded")
    /// The de-facto `X-Forwarded-For`.
    static let xForwardedFor = fixed("X-Forwarded-For")
    /// The de-facto `X-Forwarded-Proto`.
    static let xForwardedProto = fixed("X-Forwarded-Proto")

    /// A name written in the code, valid by construction.
    private static func fixed(_ text: String) -> HTTPField.Name {
        guard let name = HTTPField.Name(text) else { preconditionFailure("\(text) is a valid field name") }
        return name
    }
}
