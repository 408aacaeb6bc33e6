import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import ReceiptAPI

/// Answers a request that the HTTP parser cannot read with the contract's JSON error, then closes
/// the connection: 431 when its head is larger than the decoder allows (80 KiB), 400 otherwise.
/// Without it the answer is Hummingbird's bare 400 with no body.
final class ProtocolErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// A request's head has arrived and its response has not ended: an answer of ours would cut into it.
    private var requestOpen = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { requestOpen = true }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { requestOpen = false }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, !requestOpen else {
            context.fireErrorCaught(error)
            return
        }
        let tooLarge = parserError == .headerOverflow
        let body = JSONWriter.write(
            tooLarge
                ? APIErrorBody(
                    error: "request_header_fields_too_large", message: "the request's headers are larger than 80 KiB")
                : APIErrorBody(error: "bad_request", message: "the request is not valid HTTP/1.1"))
        var head = HTTPResponse(status: tooLarge ? .requestHeaderFieldsTooLarge : .badRequest)
        head.headerFields[.contentType] = "application/json; charset=utf-8"
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

@available(*, unavailable)
extension ProtocolErrorHandler: Sendable {}
