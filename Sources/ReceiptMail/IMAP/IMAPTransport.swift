import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import ReceiptNetwork
import Synchronization

/// The TLS connection under an `IMAPConnection`: SwiftNIO's TCP with NIOSSL over it, the bytes that
/// arrive handed on in order, every wait bounded by a deadline that closes the connection when it
/// passes.
final class IMAPTransport: Sendable {
    private let channel: any Channel
    private let host: String
    private let chunks: AsyncThrowingStream<ByteBuffer, any Error>
    private let timeout: Duration
    private let deadlinePassed = Mutex(false)

    private init(
        channel: any Channel, host: String, chunks: AsyncThrowingStream<ByteBuffer, any Error>, timeout: Duration
    ) {
        self.channel = channel
        self.host = host
        self.chunks = chunks
        self.timeout = timeout
    }

    /// Connects to `host:port` and adds TLS, the certificate checked against `trustRoots` (a PEM
    /// file) or the system's roots, and against the host's name or IP address. The handshake runs as
    /// the first bytes are read: its failure is the first read's.
    static func connect(host: String, port: Int, trustRoots: String?, timeout: Duration) async throws(IMAPError)
        -> IMAPTransport
    {
        let context = try tlsContext(trustRoots: trustRoots)
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let serverName = isIPAddress(host) ? nil : host
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(timeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: context, serverHostname: serverName)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(ByteForwarder(continuation))
                }
            }
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            return IMAPTransport(channel: channel, host: host, chunks: stream, timeout: timeout)
        } catch {
            continuation.finish()
            throw meaning(of: error, host: host)
        }
    }

    private static func tlsContext(trustRoots: String?) throws(IMAPError) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        configuration.certificateVerification = .fullVerification
        if let trustRoots {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(trustRoots))
            } catch {
                throw .tls("the trust roots file \(trustRoots) holds no PEM certificate that can be read")
            }
        }
        do { return try NIOSSLContext(configuration: configuration) } catch {
            throw .tls("TLS could not be set up: \(error)")
        }
    }

    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// A stream of the bytes read, to be read by one reader.
    func makeReader() -> AsyncThrowingStream<ByteBuffer, any Error>.AsyncIterator { chunks.makeAsyncIterator() }

    /// The next bytes the server sent; waits at most the connection's timeout.
    func read(from reader: inout AsyncThrowingStream<ByteBuffer, any Error>.AsyncIterator) async throws(IMAPError)
        -> ByteBuffer
    {
        let chunk: ByteBuffer?
        do {
            chunk = try await withDeadline { try await reader.next() }
        } catch {
            throw passedDeadline ? .timedOut : failure(error)
        }
        guard let chunk else {
            throw passedDeadline ? .timedOut : .protocolViolation("the server closed the connection")
        }
        return chunk
    }

    /// Sends `bytes`; waits at most the connection's timeout for them to leave.
    func write(_ bytes: [UInt8]) async throws(IMAPError) {
        let channel = self.channel
        do {
            try await withDeadline { try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)) }
        } catch {
            throw passedDeadline ? .timedOut : failure(error)
        }
    }

    /// Closes the connection and does not wait.
    func close() { channel.close(promise: nil) }

    private var passedDeadline: Bool { deadlinePassed.withLock { $0 } }

    /// Runs `body`, closing the connection if it has not ended when the timeout passes; the task's
    /// cancellation closes it too.
    private func withDeadline<Value>(_ body: () async throws -> Value) async throws -> Value {
        let channel = self.channel
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { [self] in
            deadlinePassed.withLock { $0 = true }
            channel.close(promise: nil)
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await body()
        } onCancel: { [self] in
            deadlinePassed.withLock { $0 = true }
            channel.close(promise: nil)
        }
    }

    /// What a failure of the channel means for the user.
    private func failure(_ error: any Error) -> IMAPError {
        Self.meaning(of: error, host: host)
    }

    /// The error as the user needs it: TLS failures say whether the certificate or its name was at fault.
    static func meaning(of error: any Error, host: String) -> IMAPError {
        switch error {
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return .tls("the server's certificate is not for \(host)")
        case let error as NIOSSLError:
            let text = String(describing: error)
            if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
                return .tls("the server's certificate is not trusted (\(text))")
            }
            return .tls("the TLS handshake failed (\(text))")
        case let error as NIOSSLExtraError: return .tls(String(describing: error))
        case let error as ChannelError:
            if case .connectTimeout = error { return .timedOut }
            return .unreachable(host: host, problem: NetworkProblem(transportError: error))
        default:
            return .unreachable(host: host, problem: NetworkProblem(transportError: error))
        }
    }
}

/// Hands the bytes the channel reads to a stream, and ends the stream when the channel ends.
private final class ByteForwarder: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish(throwing: error)
        context.close(promise: nil)
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
