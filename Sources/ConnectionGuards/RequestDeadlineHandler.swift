public import HTTPTypes
public import NIOCore
public import NIOHTTPTypes

/// Closes a connection whose client dribbles: the request's head must arrive whole within
/// `headTimeout` of the connection opening or of the previous response (so an idle connection is
/// closed too), and the whole request within `requestTimeout` of its head. A slow client then holds
/// a connection for seconds, not for as long as it likes, however often it sends a byte.
///
/// A request the server has accepted at its head (`exempt`: an upload carrying the key) is not
/// under the whole-request deadline: its body takes as long as the network needs. Responses are
/// not timed: a stream of events goes on as long as the server writes it.
public final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    /// What it reads: the parts of a request.
    public typealias InboundIn = HTTPRequestPart
    /// What it passes on: the same parts.
    public typealias InboundOut = HTTPRequestPart
    /// What it sees written: the parts of a response.
    public typealias OutboundIn = HTTPResponsePart
    /// What it writes on: the same parts.
    public typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let requestTimeout: TimeAmount
    private let exempt: @Sendable (HTTPRequest) -> Bool
    private var deadline: Scheduled<Void>?

    /// A handler for one connection with these deadlines; `exempt` says of a request's head whether
    /// its body may take longer than `requestTimeout` (none by default).
    public init(
        headTimeout: TimeAmount, requestTimeout: TimeAmount,
        exempt: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false }
    ) {
        self.headTimeout = headTimeout
        self.requestTimeout = requestTimeout
        self.exempt = exempt
    }

    /// Starts the head deadline when the connection is open already.
    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(headTimeout, context: context) }
    }

    /// Stops the deadline.
    public func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    /// Starts the head deadline as the connection opens.
    public func channelActive(context: ChannelHandlerContext) {
        arm(headTimeout, context: context)
        context.fireChannelActive()
    }

    /// Stops the deadline: the connection has ended.
    public func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    /// A head starts the whole-request deadline (none for an exempt request), the end stops it.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if exempt(head) { disarm() } else { arm(requestTimeout, context: context) }
        case .end: disarm()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    /// The end of a response starts the head deadline for the next request.
    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // After a response the connection may wait for the next request's head, but not forever.
        if case .end = unwrapOutboundIn(data) { arm(headTimeout, context: context) }
        context.write(data, promise: promise)
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}

@available(*, unavailable)
extension RequestDeadlineHandler: Sendable {}
