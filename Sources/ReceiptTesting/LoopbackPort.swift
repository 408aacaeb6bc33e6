import Foundation

/// Ports on loopback for a program a test starts itself (PostgreSQL, nginx), and one that refuses
/// connections (a server that is down).
public enum LoopbackPort {
    /// Why no port was found.
    public enum PortError: Error {
        /// No socket could be made.
        case noSocket
        /// Port 0 of 127.0.0.1 could not be bound.
        case notBound
    }

    /// A port free on 127.0.0.1 now: bound to port 0 and let go (another process may take it
    /// before the caller binds it: a program started on it that fails to listen says so).
    public static func free() throws -> Int {
        let (descriptor, port) = try bound()
        close(descriptor)
        return port
    }

    /// A port of 127.0.0.1 that refuses every connection for as long as the value lives: bound and
    /// never listening, so a connection gets a reset at once, and no other socket of this machine
    /// can take the port meanwhile (a port let go could be the next server's, as a busy test run
    /// found).
    public final class Refusing: Sendable {
        /// The port.
        public let port: Int
        private let descriptor: Int32

        /// Binds a port of its own.
        public init() throws {
            (descriptor, port) = try LoopbackPort.bound()
        }

        deinit {
            close(descriptor)
        }
    }

    /// A socket bound to a port of 127.0.0.1 the system chose (without `SO_REUSEADDR`, so that no
    /// other socket binds it beside), and the port.
    private static func bound() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PortError.noSocket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw PortError.notBound
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
