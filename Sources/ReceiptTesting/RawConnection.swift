import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection of the plainest kind: a client that sends a byte now and then, sends what no
/// HTTP client would, or comes from another loopback address (`127.0.0.2`, …) than the others.
public final class RawConnection {
    private let socket: Int32

    /// Connects to `port` on `destination` (a loopback address), from `source` when given.
    public init(port: Int, to destination: String = "127.0.0.1", from source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = Self.address(destination, port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func address(_ ip: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(ip)
        return address
    }

    /// Sends text; false once the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// True when the server has closed its side (a read gives end of file or a reset). It never
    /// waits (`MSG_DONTWAIT`): a test polls it from the cooperative pool, whose threads must not block.
    public var isClosedByServer: Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Everything the server sends until it closes the connection (or `seconds` pass); waits on a
    /// thread of its own, so that the server in this process goes on answering meanwhile.
    public func receiveAll(seconds: Double = 10) async -> String {
        let connection = UncheckedBox(self)
        return await offThePool { connection.value.receiving(seconds: seconds) }
    }

    private func receiving(seconds: Double) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One request with `Connection: close` (and `headers`, such as a `Cookie`), and the answer's
    /// status code, body and head (the status line and headers).
    public func exchange(_ method: String, _ path: String, json body: String? = nil, headers: [String: String] = [:])
        async -> (status: Int, body: String, head: String)
    {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(headers["Host"] ?? "localhost")\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name != "Host" {
            request += "\(name): \(value)\r\n"
        }
        if let body {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            request += "\r\n"
        }
        send(request)
        // A first request to a server that has just opened its PostgreSQL pool, beside the whole
        // suite on two cores, may take longer than a usual answer.
        let answer = await receiveAll(seconds: 30)
        let status = answer.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        let end = answer.range(of: "\r\n\r\n")
        let body = end.map { String(answer[$0.upperBound...]) } ?? ""
        let head = end.map { String(answer[..<$0.lowerBound]) } ?? answer
        return (status, body, head)
    }

    deinit {
        close(socket)
    }
}

/// Hands the connection to the thread that waits on it; only that thread uses it meanwhile.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
