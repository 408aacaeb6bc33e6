import Foundation

/// A `receipts serve --demo` process on a free loopback port, with a home of its own (server
/// database, the client's config and data), all removed when the value goes away.
public final class DemoServerProcess: Sendable {
    /// The running server.
    public let process: ChildProcess
    /// The port it listens on.
    public let port: Int
    /// What it wrote to standard error up to announcing its address.
    public let startupLog: String
    /// The home folder: `server.sqlite`, and `config`/`data` for the clients of ``runner(language:)``.
    public var home: String { folder.path }
    private let folder: TemporaryFolder

    /// Starts the server with `receipts` demo receipts and awaits its saying where it listens; on
    /// `database` (a PostgreSQL URL) when given, else on `server.sqlite` in its home.
    public convenience init(receipts: Int = 300, database: String? = nil) async throws {
        try await self.init(extra: ["--demo", "--demo-receipts", String(receipts)], database: database)
    }

    /// Starts `receipts serve` with `extra` arguments, in the environment of `runner` (when given,
    /// else a plain English one), and awaits its saying where it listens.
    public convenience init(extra: [String], database: String? = nil, runner: CommandRunner? = nil) async throws {
        let launch = try Launch(extra: extra, database: database, runner: runner)
        try self.init(launch, announced: await launch.announcement.arrived())
    }

    private init(_ launch: Launch, announced: (log: String, port: Int?)) throws {
        guard let port = announced.port else {
            // SIGKILL: a server still starting may not yet act on SIGTERM, and would be left running.
            launch.child.terminate(with: SIGKILL)
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the server did not start: \(announced.log)"])
        }
        process = launch.child
        folder = launch.folder
        startupLog = announced.log
        self.port = port
    }

    /// The server started, and its standard error read on a thread of its own: up to the address it
    /// announces (or 120 seconds, or its end), then to its end, so that its log never fills the pipe.
    /// Generous: with no thread held by waits, many tests start their servers at once on two cores.
    private struct Launch {
        let child: ChildProcess
        let folder: TemporaryFolder
        let announcement = Eventual<(log: String, port: Int?)>()

        init(extra: [String], database: String?, runner: CommandRunner?) throws {
            folder = try TemporaryFolder("cli")
            let process = Process()
            process.executableURL = try CommandRunner.executable
            process.arguments =
                ["serve", "--port", "0", "--db", database ?? folder.file("server.sqlite")] + extra
            process.environment = (runner ?? CommandRunner().english()).environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            // Its standard error is read here, by one reader alone: the announcement must not go to another.
            child = try ChildProcess(process, collecting: false)
            let announcement = announcement
            let descriptor = errors.fileHandleForReading.fileDescriptor
            Thread {
                withExtendedLifetime(errors) { Self.watch(descriptor, announcement) }
            }.start()
        }

        private static func watch(_ descriptor: Int32, _ announcement: Eventual<(log: String, port: Int?)>) {
            let deadline = Date().addingTimeInterval(120)
            var log = Data()
            var announced = false
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                if !announced {
                    let remaining = deadline.timeIntervalSinceNow
                    guard remaining > 0 else {
                        announcement.fulfil((String(decoding: log, as: UTF8.self), nil))
                        announced = true
                        continue
                    }
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    if poll(&ready, 1, Int32(min(remaining, 1) * 1000)) <= 0 { continue }
                }
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                guard !announced else { continue }
                log.append(contentsOf: buffer[0..<count])
                let text = String(decoding: log, as: UTF8.self)
                if let range = text.range(of: "receipts server on http://127.0.0.1:"),
                    let port = Int(text[range.upperBound...].prefix { $0.isNumber })
                {
                    announcement.fulfil((text, port))
                    announced = true
                }
            }
            announcement.fulfil((String(decoding: log, as: UTF8.self), nil))
        }
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

    /// Stops the server with SIGTERM and awaits its exit code.
    @discardableResult
    public func stop() async -> Int32 {
        process.terminate()
        return await process.exit()
    }

    deinit {
        // Not waited for here: a task awaits the server's end, then lets the home go.
        process.terminate()
        let process = process
        let folder = folder
        Task {
            _ = await process.exit()
            withExtendedLifetime(folder) {}
        }
    }
}
