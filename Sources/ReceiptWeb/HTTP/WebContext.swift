import Hummingbird
import NIOCore

/// A request's context in the app: Hummingbird's own, and the address of this machine the request
/// came in on, which `--lan` lets a request's `Host` name (``AccessGuard``).
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The address the connection was accepted on (for a listener on every interface, the one the
    /// client dialled); nil for a test's connection without one.
    let localAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        localAddress = source.channel.localAddress
    }
}
