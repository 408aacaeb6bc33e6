import Foundation
import Synchronization

/// A throwaway PostgreSQL server for tests: `initdb` in a temporary folder, `postgres` on a free
/// loopback port with `fsync=off`, stopped (SIGINT, a fast shutdown) and removed when the value
/// goes away. `RECEIPTS_TEST_POSTGRES_URL` names a developer's own server instead.
///
/// `initdb` and `postgres` refuse to run as root: as root the folder goes to the `postgres` user and
/// both run through `setpriv`. `postgres` is a child process polled with `pg_isready`, never
/// `pg_ctl start`, whose daemon keeps the pipe open that `Process` waits on.
public final class PostgresCluster: Sendable {
    /// `postgresql://postgres@127.0.0.1:PORT/postgres`, or the developer's URL.
    public let url: String
    private let folder: String?
    private let launch: Launch?
    private let server: Mutex<ChildProcess?>

    /// What went wrong starting the cluster, with what the programs said.
    public struct StartError: Error, CustomStringConvertible {
        /// The step and its output.
        public let description: String
    }

    /// Starts a cluster, or takes `RECEIPTS_TEST_POSTGRES_URL` unless `own` (a test that stops and
    /// starts its server needs one of its own). `initdb` and the wait for the server run on a thread
    /// of their own, not one of Swift's concurrency pool.
    public convenience init(own: Bool = false) async throws {
        self.init(try await offThePool { try Setup(own: own) })
    }

    private init(_ setup: Setup) {
        url = setup.url
        folder = setup.folder
        launch = setup.launch
        server = Mutex(setup.server)
    }

    /// A cluster made and its server taking connections, or the developer's URL.
    private struct Setup: Sendable {
        var url: String
        var folder: String?
        var launch: Launch?
        var server: ChildProcess?

        init(own: Bool) throws {
            let given = ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"] ?? ""
            if !own, !given.isEmpty {
                url = given
                return
            }
            let bin = try PostgresCluster.binaries()
            // Under scripts/with-postgres.sh's folder when it runs the tests, which removes it.
            let parent = ProcessInfo.processInfo.environment["RECEIPTS_TEST_CLUSTERS"] ?? "/tmp"
            let folder = parent + "/receipts-pg-" + UUID().uuidString.prefix(8).lowercased()
            try FileManager.default.createDirectory(atPath: folder + "/socket", withIntermediateDirectories: true)
            do {
                let asRoot = getuid() == 0
                if asRoot {
                    try PostgresCluster.run("/bin/chown", ["-R", "postgres:postgres", folder])
                }
                let data = folder + "/data"
                try PostgresCluster.run(
                    bin + "/initdb",
                    ["-D", data, "--no-sync", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"],
                    asPostgres: asRoot)
                let port = try LoopbackPort.free()
                let launch = Launch(bin: bin, data: data, socket: folder + "/socket", port: port, asRoot: asRoot)
                server = try launch.start()
                self.launch = launch
                self.folder = folder
                url = "postgresql://postgres@127.0.0.1:\(port)/postgres"
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
        }
    }

    /// How the server is started: again on the same port and data after `pause()`.
    private struct Launch: Sendable {
        let bin: String
        let data: String
        let socket: String
        let port: Int
        let asRoot: Bool

        /// Starts `postgres` and waits (blocking) until it takes connections; stops it on failure.
        func start() throws -> ChildProcess {
            let process = Process()
            let arguments = [
                "-D", data, "-p", String(port), "-k", socket, "-c", "listen_addresses=127.0.0.1",
                "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c",
                "max_connections=400",
            ]
            (process.executableURL, process.arguments) = PostgresCluster.command(
                bin + "/postgres", arguments, asPostgres: asRoot)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let server = try ChildProcess(process)
            let deadline = Date().addingTimeInterval(30)
            while (try? PostgresCluster.run(bin + "/pg_isready", ["-h", "127.0.0.1", "-p", String(port), "-q"])) == nil
            {
                guard server.isRunning, Date() < deadline else {
                    server.terminate(with: SIGINT)
                    throw StartError(description: "postgres did not start on port \(port)")
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return server
        }
    }

    /// Starts the server (again) and awaits its taking connections, on a thread of its own.
    public func start() async throws {
        guard let launch else { return }
        let process = try await offThePool { try launch.start() }
        server.withLock { $0 = process }
    }

    /// Stops the server (SIGINT: a fast shutdown, connections ended), awaits its end, and keeps its
    /// data for `start()`.
    public func pause() async {
        guard let process = interrupted() else { return }
        _ = await process.exit()
    }

    /// Kills the server and the processes it started (its backends, writer, checkpointer) with
    /// SIGKILL at once, as a crash or the kernel's OOM killer would: no shutdown, no checkpoint,
    /// connections cut. `start()` then recovers from the write-ahead log.
    public func kill() async {
        guard let process = server.withLock({ $0 }), process.isRunning else { return }
        let children = Self.children(of: process.processIdentifier)
        process.terminate(with: SIGKILL)
        for child in children { Glibc.kill(child, SIGKILL) }
        _ = await process.exit()
        // The children are no children of this process: their end is watched in /proc, without a
        // thread of the pool waiting.
        for _ in 0..<200 where children.contains(where: Self.isAlive) {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Freezes the server and its processes (SIGSTOP), as a machine that stops answering without
    /// closing a connection: nothing is refused, nothing answers, until ``thaw()``.
    public func freeze() {
        signalAll(SIGSTOP)
    }

    /// Lets a frozen server go on (SIGCONT).
    public func thaw() {
        signalAll(SIGCONT)
    }

    private func signalAll(_ signal: Int32) {
        guard let process = server.withLock({ $0 }), process.isRunning else { return }
        Glibc.kill(process.processIdentifier, signal)
        for child in Self.children(of: process.processIdentifier) { Glibc.kill(child, signal) }
    }

    /// The processes whose parent is `parent`, from /proc.
    private static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command in parentheses: the state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    /// Whether `pid` names a process that has not been reaped (a zombie counts as ended).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// The server, sent SIGINT, if it runs.
    private func interrupted() -> ChildProcess? {
        guard let process = server.withLock({ $0 }), process.isRunning else { return nil }
        // A server left frozen (a test that failed before its thaw) would never act on SIGINT, and
        // whoever awaits its end would wait for ever.
        thaw()
        process.terminate(with: SIGINT)
        return process
    }

    deinit {
        // Not waited for here: a task awaits the server's end, then removes the folder.
        let process = interrupted()
        guard let folder else { return }
        Task {
            _ = await process?.exit()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Stops the server and removes its folder.
    public func stop() async {
        await pause()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Runs `sql` through `psql` and awaits what it printed (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String) async throws -> String {
        try Self.checked(try await Self.psql(sql, on: url).finished(), "psql")
    }

    private static func psql(_ sql: String, on url: String) throws -> ChildProcess {
        try launch(try binaries() + "/psql", [url, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// A new empty database on the cluster, for one test (or one pair of servers) alone: its URL.
    public func newDatabase() async throws -> String {
        let (name, database) = try newDatabaseName()
        try await psql("CREATE DATABASE \(name)")
        return database
    }

    /// A fresh database name and its URL on this cluster.
    private func newDatabaseName() throws -> (name: String, url: String) {
        let name = "receipts_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        guard var components = URLComponents(string: url) else {
            throw StartError(description: "the cluster's URL does not parse")
        }
        components.path = "/" + name
        guard let database = components.string else { throw StartError(description: "no URL for \(name)") }
        return (name, database)
    }

    /// Drops a database `newDatabase()` made, its connections ended first.
    public func dropDatabase(_ database: String) async throws {
        guard let name = Self.madeName(database) else { return }
        try await psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// The name of a database `newDatabase()` made, from its URL; nil for any other.
    private static func madeName(_ database: String) -> Substring? {
        guard let name = URLComponents(string: database)?.path.dropFirst(), name.hasPrefix("receipts_") else {
            return nil
        }
        return name
    }

    /// Runs `body` with a new empty database's URL, and drops the database afterwards, whether
    /// `body` returns or throws.
    public func withDatabase<Value: Sendable>(_ body: (String) async throws -> Value) async throws -> Value {
        let database = try await newDatabase()
        do {
            let value = try await body(database)
            try? await dropDatabase(database)
            return value
        } catch {
            try? await dropDatabase(database)
            throw error
        }
    }

    /// The newest PostgreSQL's programs Debian installed.
    static func binaries() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init)
        guard let newest = versions.max(),
            FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/postgres")
        else { throw StartError(description: "no PostgreSQL server under \(root): run make setup") }
        return "\(root)/\(newest)/bin"
    }

    private static func command(_ program: String, _ arguments: [String], asPostgres: Bool) -> (URL, [String]) {
        guard asPostgres else { return (URL(fileURLWithPath: program), arguments) }
        return (
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=postgres", "--regid=postgres", "--init-groups", program] + arguments
        )
    }

    /// Runs `program` and waits (blocking) for what it printed: for the steps of ``Setup``, which
    /// run on a thread of their own when awaited.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String], asPostgres: Bool = false) throws -> String {
        try checked(try launch(program, arguments, asPostgres: asPostgres).waitUntilFinished(), program)
    }

    /// Starts `program`, its output and errors into one pipe.
    private static func launch(_ program: String, _ arguments: [String], asPostgres: Bool = false) throws
        -> ChildProcess
    {
        let process = Process()
        (process.executableURL, process.arguments) = command(program, arguments, asPostgres: asPostgres)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        return try ChildProcess(process)
    }

    /// What `program` printed, or an error saying how it ended and what it printed.
    private static func checked(_ outcome: ChildProcess.Outcome, _ program: String) throws -> String {
        let text = String(decoding: outcome.output, as: UTF8.self)
        guard outcome.status == 0 else {
            throw StartError(description: "\(program) exited \(outcome.status): \(text)")
        }
        return text
    }
}
