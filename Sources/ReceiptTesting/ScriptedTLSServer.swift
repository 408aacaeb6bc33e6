import Foundation

/// A server over TLS on a loopback port that says only what the test tells it to: `openssl
/// s_server` with a throwaway certificate (`TestCertificates`), taking one connection and sending
/// it what is written to its standard input. For clients facing a server that misbehaves: one that
/// says nothing, garbles its answers, or stops in the middle of one.
public final class ScriptedTLSServer: Sendable {
    /// The port on 127.0.0.1.
    public let port: Int
    /// The certificates; `certificates.authority` is the trust root to give the client.
    public let certificates: TestCertificates
    private let folder: String
    private let server: ChildProcess
    private let input: FileHandle

    /// Makes the certificates and starts the server, waiting until it takes connections; `script`
    /// is sent as soon as a client has connected (more can follow with ``send(_:)``).
    public init(sending script: String = "") async throws {
        let folder = "/tmp/receipts-tls-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            let (certificates, port, server, input) = try await offThePool { try Self.start(in: folder) }
            (self.certificates, self.port, self.server, self.input, self.folder) =
                (certificates, port, server, input, folder)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        if !script.isEmpty { send(script) }
    }

    private static func start(in folder: String) throws -> (TestCertificates, Int, ChildProcess, FileHandle) {
        let certificates = try TestCertificates(in: folder)
        let port = try LoopbackPort.free()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "s_server", "-quiet", "-naccept", "1", "-accept", "127.0.0.1:\(port)",
            "-cert", certificates.certificate, "-key", certificates.key,
        ]
        // The reading end as a file, not the Pipe: ChildProcess would close a Pipe's writing end,
        // which the test writes the script to for as long as the server runs.
        let input = Pipe()
        process.standardInput = input.fileHandleForReading
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let server = try ChildProcess(process)
        try? input.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(30)
        // Watched in /proc, not probed: a probe would be the one connection it takes.
        while !isListeningInProc(port) {
            guard server.isRunning, Date() < deadline else {
                server.terminate()
                throw TestCertificates.Failure(description: "openssl s_server did not start on port \(port)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (certificates, port, server, input.fileHandleForWriting)
    }

    /// Whether a socket listens on 127.0.0.1:`port`, from /proc/net/tcp (state 0A: LISTEN).
    private static func isListeningInProc(_ port: Int) -> Bool {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        let local = "0100007F:" + String(format: "%04X", port)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1] == local && fields[3] == "0A"
        }
    }

    /// Sends `text` to the client (once it has connected), as it is: write CRLF where IMAP wants it.
    public func send(_ text: String) {
        try? input.write(contentsOf: Data(text.utf8))
    }

    /// Stops the server and removes its folder.
    public func stop() async {
        try? input.close()
        server.terminate()
        _ = await server.exit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit {
        try? input.close()
        server.terminate()
        let (server, folder) = (self.server, self.folder)
        Task {
            _ = await server.exit()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
