public import Foundation

/// A `receipts serve --demo` process on a free loopback port, with a home of its own (server
/// database, the client's config and data), all removed when the value goes away.
public final class DemoServerProcess {
    /// The running server.
    public let process = Process()
    /// The port it listens on.
    public let port: Int
    /// What it wrote to standard error up to announcing its address.
    public let startupLog: String
    /// The home folder: `server.sqlite`, and `config`/`data` for the clients of ``runner(language:)``.
    public var home: String { folder.path }
    private let folder: TemporaryFolder

    /// Starts the server with `receipts` demo receipts and waits until it says where it listens; on
    /// `database` (a PostgreSQL URL) when given, else on `server.sqlite` in its home.
    public convenience init(receipts: Int = 300, database: String? = nil) throws {
        try self.init(extra: ["--demo", "--demo-receipts", String(receipts)], database: database)
    }

    /// Starts `receipts serve` with `extra` arguments, in the environment of `runner` (when given,
    /// else a plain English one), and waits until it says where it listens.
    public init(extra: [String], database: String? = nil, runner: CommandRunner? = nil) throws {
        folder = try TemporaryFolder("cli")
        process.executableURL = try CommandRunner.executable
        process.arguments = ["serve", "--port", "0", "--db", database ?? folder.file("server.sqlite")] + extra
        process.environment = (runner ?? CommandRunner().english()).environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var log = ""
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        while found == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            if let range = log.range(of: "receipts server on http://127.0.0.1:") {
                found = Int(log[range.upperBound...].prefix { $0.isNumber })
            }
        }
        startupLog = log
        guard let found else {
            process.terminate()
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the server did not start: \(log)"])
        }
        port = found
    }

    /// The server's address.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// A runner whose config, data and server point at this home and this server.
    public func runner(language: String = "en") -> CommandRunner {
        var runner = language == "ru" ? CommandRunner().russian() : CommandRunner().english()
        runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
        runner.environment["XDG_DATA_HOME"] = folder.file("data")
        runner.environment["RECEIPTS_SERVER"] = url
        return runner
    }

    /// Stops the server with SIGTERM and returns its exit code.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        stop()
    }
}
