import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Answers a feed page kept in memory (``AnswerCache``) on the connection's own event loop, before
/// the request reaches Hummingbird's task and router: the busiest request of an importer or an app
/// asking again costs no hop to Swift's pool and back, and no middleware chain.
///
/// Only what the router would answer the same way is answered here: `GET` of the feed's path as
/// written, for a live session kept in memory whose page for this query is kept at the current
/// generation, to a host the host check accepts, without `Connection`, `Expect` or `Upgrade`
/// fields. Everything else goes on to the router unchanged, which answers it as before (and keeps
/// the page for next time). The answer is the router's: the same status, fields (`ETag`, `304`
/// for a matching `If-None-Match`, `X-Request-Id`, `Date`, `Server`) and bytes, its log line and
/// its metrics.
///
/// Pipelining keeps its order: while a request passed on to the router has not been answered,
/// every following one is passed on too, so answers leave in the order their requests came.
final class KeptFeedHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let answerer: KeptFeedAnswerer
    /// Requests passed on to the router whose answers have not ended yet.
    private var passedOn = 0
    /// Whether the parts being read belong to a request answered here: dropped up to its end.
    private var dropping = false

    init(answerer: KeptFeedAnswerer) {
        self.answerer = answerer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let start = ContinuousClock.now
            if passedOn == 0, let answer = answerer.answer(head) {
                dropping = true
                // Logged before it is written, as the router's answers are (and a client that has
                // its answer finds it counted).
                answerer.record(head, status: answer.head.status, requestID: answer.requestID, since: start)
                context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
                if let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            passedOn += 1
            context.fireChannelRead(data)
        case .body:
            if !dropping { context.fireChannelRead(data) }
        case .end:
            if dropping {
                dropping = false
            } else {
                context.fireChannelRead(data)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Hummingbird also ends answers no request was passed on for (a 400 for bytes that were no
        // request): never below none.
        if case .end = unwrapOutboundIn(data) { passedOn = max(0, passedOn - 1) }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension KeptFeedHandler: Sendable {}

/// What ``KeptFeedHandler`` asks of the server: whether a request's head has a kept answer, and the
/// log line and metrics of one given. One for the server, shared by its connections.
final class KeptFeedAnswerer: Sendable {
    let accounts: AccountStore
    /// The names the host check allows besides addresses and `localhost`.
    let allowedHosts: Set<String>
    let metrics: ServerMetrics
    let logger: Logger
    let serverName: String
    let dates = HTTPDate()
    /// How many answers were given on the event loop (a test's question).
    let given = Atomic(0)

    init(accounts: AccountStore, allowedHosts: Set<String>, metrics: ServerMetrics, logger: Logger, serverName: String)
    {
        self.accounts = accounts
        self.allowedHosts = allowedHosts
        self.metrics = metrics
        self.logger = logger
        self.serverName = serverName
    }

    /// The feed's path as routed.
    private static let feedPath = Route.receipts.path

    /// The answer to `head` from memory, or nil when the router must answer it.
    func answer(_ head: HTTPRequest) -> (head: HTTPResponse, body: ByteBuffer?, requestID: String)? {
        guard head.method == .get, let target = head.path else { return nil }
        let path: Substring
        let query: Substring
        if let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = target[..<mark]
            query = target[target.index(after: mark)...]
        } else {
            (path, query) = (Substring(target), "")
        }
        let fields = head.headerFields
        guard path == Self.feedPath, fields[.connection] == nil, fields[.expect] == nil, fields[.upgrade] == nil
        else { return nil }
        if let authority = head.authority,
            !HostCheckMiddleware.accepts(HostCheckMiddleware.host(of: authority), allowed: allowedHosts)
        {
            return nil
        }
        guard let token = SessionMiddleware.token(in: fields),
            let page = accounts.keptFeedPage(forToken: token, query: String(query))
        else { return nil }
        let answer = PageAnswer.answer(page, ifNoneMatch: fields[.ifNoneMatch])
        let requestID = fields[.requestID].flatMap(AccessLogMiddleware.acceptable) ?? RequestID().description
        var headers = answer.headers
        headers[.contentLength] = String(answer.body?.readableBytes ?? 0)
        headers[.requestID] = requestID
        headers[.date] = dates.now()
        headers[.server] = serverName
        return (HTTPResponse(status: answer.status, headerFields: headers), answer.body, requestID)
    }

    /// Logs and counts an answer given from memory, as the access log does the router's.
    func record(
        _ head: HTTPRequest, status: HTTPResponse.Status, requestID: String, since start: ContinuousClock.Instant
    ) {
        given.add(1, ordering: .relaxed)
        var logger = logger
        logger[metadataKey: "request_id"] = .string(requestID)
        let path = head.path.map { String($0.prefix { $0 != "?" }) } ?? ""
        AccessLogMiddleware.record(
            route: Self.feedPath, method: head.method.rawValue, path: path, status: status.code,
            took: ContinuousClock.now - start, metrics: metrics, logger: logger)
    }
}
