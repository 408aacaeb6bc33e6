import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client dribbles: the request's head must arrive whole within
/// `headTimeout` of the connection opening or of the previous response, and the whole request
/// within `requestTimeout` of its head. A slow client then holds a connection for seconds, not for
/// as long as it likes, however often it sends a byte.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let requestTimeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(headTimeout: TimeAmount, requestTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.requestTimeout = requestTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(headTimeout, context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(headTimeout, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(requestTimeout, context: context)
        case .end: disarm()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
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
