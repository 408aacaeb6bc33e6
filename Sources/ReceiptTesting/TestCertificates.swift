import Foundation

/// A throwaway certificate authority and a server certificate it signed, made with openssl (EC
/// P-256, valid two days) for `localhost` and 127.0.0.1, not 127.0.0.2: for servers over TLS that
/// tests start on loopback.
public struct TestCertificates: Sendable {
    /// The authority's certificate (PEM): the trust root a client is given.
    public let authority: String
    /// The server's certificate (PEM).
    public let certificate: String
    /// The server's private key (PEM).
    public let key: String

    /// Makes them in `folder` (ca.pem, server.pem, server.key). Blocking: it runs openssl three
    /// times and waits, so call it off the pool (`offThePool(_:)`).
    @available(*, noasync, message: "run it in offThePool")
    public init(in folder: String) throws {
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.openssl(
            "req",
            ["-x509"] + key + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=receipts test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ], in: folder)
        try Self.openssl(
            "req", key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], in: folder)
        let extensions = [
            "subjectAltName=DNS:localhost,IP:127.0.0.1", "basicConstraints=CA:FALSE",
            "keyUsage=digitalSignature", "extendedKeyUsage=serverAuth",
        ]
        try Data(extensions.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/server.ext"))
        try Self.openssl(
            "x509",
            [
                "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "2",
                "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
            ], in: folder)
        authority = folder + "/ca.pem"
        certificate = folder + "/server.pem"
        self.key = folder + "/server.key"
    }

    /// What went wrong, with what openssl said.
    public struct Failure: Error, CustomStringConvertible {
        /// The command and its output.
        public let description: String
    }

    private static func openssl(_ command: String, _ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [command] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let outcome = try ChildProcess(process).waitUntilFinished()
        guard outcome.status == 0 else {
            let text = String(decoding: outcome.output, as: UTF8.self)
            throw Failure(description: "openssl \(command) exited \(outcome.status): \(text)")
        }
    }

    /// Whether something accepts connections on 127.0.0.1:`port` (blocking, briefly).
    static func isListening(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
