public import NIOCore
import Synchronization

/// How many connections each peer (an IP address) holds open at once, across every event loop of
/// one listener, and the most it may: a connection past the cap is closed as it opens, so one
/// device on the network cannot take every descriptor of the process.
public final class PeerConnectionCap: Sendable {
    /// The most connections one address may hold open at once.
    public let limit: Int
    private let open = Mutex<[String: Int]>([:])

    /// A cap of `limit` connections an address.
    public init(limit: Int) {
        self.limit = limit
    }

    /// The channel handler for one new connection, counting it against its peer.
    public func handler() -> Handler { Handler(cap: self) }

    /// How many connections `address` holds open now.
    public func count(_ address: String) -> Int {
        open.withLock { $0[address] ?? 0 }
    }

    /// Counts a connection of `address` in when there is room; false when it is past the cap.
    func admit(_ address: String) -> Bool {
        open.withLock { counts in
            let now = counts[address] ?? 0
            guard now < limit else { return false }
            counts[address] = now + 1
            return true
        }
    }

    /// Counts a connection of `address` out.
    func release(_ address: String) {
        open.withLock { counts in
            let left = (counts[address] ?? 1) - 1
            counts[address] = left > 0 ? left : nil
        }
    }

    /// Closes its connection at once when the peer holds `limit` open already; counts it out when
    /// it ends.
    public final class Handler: ChannelInboundHandler, RemovableChannelHandler {
        /// What it reads: anything, passed on untouched.
        public typealias InboundIn = NIOAny

        private let cap: PeerConnectionCap
        private var counted: String?

        init(cap: PeerConnectionCap) {
            self.cap = cap
        }

        /// Counts the connection in (or closes it) when it is active already.
        public func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { admit(context: context) }
        }

        /// Counts the connection in, or closes it when its peer is at the cap.
        public func channelActive(context: ChannelHandlerContext) {
            admit(context: context)
            context.fireChannelActive()
        }

        /// Counts the connection out.
        public func channelInactive(context: ChannelHandlerContext) {
            release()
            context.fireChannelInactive()
        }

        /// Counts the connection out.
        public func handlerRemoved(context: ChannelHandlerContext) {
            release()
        }

        private func admit(context: ChannelHandlerContext) {
            guard counted == nil, let address = context.channel.remoteAddress?.ipAddress else { return }
            if cap.admit(address) {
                counted = address
            } else {
                context.close(promise: nil)
            }
        }

        private func release() {
            guard let address = counted else { return }
            counted = nil
            cap.release(address)
        }
    }
}

@available(*, unavailable)
extension PeerConnectionCap.Handler: Sendable {}
