import Foundation
import HTTPTypes
import ReceiptServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection of the plainest kind, to play a client that sends a byte now and then.
final class RawConnection {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends text; false once the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// True when the server has closed its side (a read gives end of file or a reset).
    var isClosedByServer: Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    deinit {
        close(socket)
    }
}

@Suite("Slow clients")
struct SlowClientTests {
    @Test("clients that dribble their request are cut off at the deadline while others are served")
    func dribblers() async throws {
        let deadlines: (inout ServerSettings) -> Void = {
            $0.requestHeadTimeout = .seconds(1)
            $0.requestTimeout = .seconds(2)
        }
        try await ServerHarness.run(configure: deadlines) { harness in
            // 150 clients that never finish a head, 50 that never finish a body.
            let heads = try (0..<150).map { _ in try RawConnection(port: harness.port) }
            let bodies = try (0..<50).map { _ in try RawConnection(port: harness.port) }
            for connection in heads { connection.send("GET /health HTTP/1.1\r\nHo") }
            for connection in bodies {
                connection.send("POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{")
            }
            var closedHeads = 0
            var closedBodies = 0
            // Each sends a byte every 200 ms for up to 6 s; the server closes them meanwhile.
            for _ in 0..<30 {
                try await Task.sleep(for: .milliseconds(200))
                for connection in heads + bodies where !connection.isClosedByServer { connection.send("x") }
                closedHeads = heads.filter(\.isClosedByServer).count
                closedBodies = bodies.filter(\.isClosedByServer).count
                // Everyone else is served all the while.
                let health = try await harness.client().get("/health")
                #expect(health.status == .ok)
                if closedHeads == heads.count && closedBodies == bodies.count { break }
            }
            #expect(closedHeads == heads.count)
            #expect(closedBodies == bodies.count)
        }
    }
}
