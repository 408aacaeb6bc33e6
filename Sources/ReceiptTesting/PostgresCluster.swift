import Foundation
import Synchronization

/// A throwaway PostgreSQL server for tests: `initdb` in a temporary folder, `postgres` on a free
/// loopback port with `fsync=off`, stopped (SIGINT, a fast shutdown) and removed when the value
/// goes away. `RECEIPTS_TEST_POSTGRES_URL` names a developer's own server instead.
///
/// `initdb` and `postgres` refuse to run as root: as root the folder goes to the `postgres` user and
/// both run through `setpriv`. `postgres` is a child process polled with `pg_isready`, never
/// `pg_ctl start`, whose daemon keeps the pipe open that `Process` waits on.
public final class PostgresCluster: @unchecked Sendable {
    /// `postgresql://postgres@127.0.0.1:PORT/postgres`, or the developer's URL.
    public let url: String
    private let folder: String?

    /// What went wrong starting the cluster, with what the programs said.
    public struct StartError: Error, CustomStringConvertible {
        /// The step and its output.
        public let description: String
    }

    /// Starts a cluster, or takes `RECEIPTS_TEST_POSTGRES_URL` unless `own` (a test that stops and
    /// starts its server needs one of its own).
    public init(own: Bool = false) throws {
        if !own, let given = ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"], !given.isEmpty {
            url = given
            folder = nil
            launch = nil
            return
        }
        let bin = try Self.binaries()
        let folder = "/tmp/receipts-pg-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: folder + "/socket", withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot {
            try Self.run("/bin/chown", ["-R", "postgres:postgres", folder])
        }
        let data = folder + "/data"
        try Self.run(
            bin + "/initdb",
            ["-D", data, "--no-sync", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"], asPostgres: asRoot)
        let port = try Self.freePort()
        self.folder = folder
        launch = Launch(bin: bin, data: data, socket: folder + "/socket", port: port, asRoot: asRoot)
        url = "postgresql://postgres@127.0.0.1:\(port)/postgres"
        do {
            try start()
        } catch {
            stop()
            throw error
        }
    }

    /// How the server is started: again on the same port and data after ``pause()``.
    private struct Launch {
        let bin: String
        let data: String
        let socket: String
        let port: Int
        let asRoot: Bool
    }
    private let launch: Launch?
    private let server = Mutex<Process?>(nil)

    /// Starts the server (again) and waits until it takes connections.
    public func start() throws {
        guard let launch else { return }
        let process = Process()
        let arguments = [
            "-D", launch.data, "-p", String(launch.port), "-k", launch.socket, "-c", "listen_addresses=127.0.0.1",
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c",
            "max_connections=400",
        ]
        (process.executableURL, process.arguments) = Self.command(
            launch.bin + "/postgres", arguments, asPostgres: launch.asRoot)
        let log = FileHandle(forWritingAtPath: "/dev/null")
        process.standardOutput = log
        process.standardError = log
        try process.run()
        server.withLock { $0 = process }
        let deadline = Date().addingTimeInterval(30)
        while true {
            let ready = try? Self.run(
                launch.bin + "/pg_isready", ["-h", "127.0.0.1", "-p", String(launch.port), "-q"])
            if ready != nil { break }
            guard process.isRunning, Date() < deadline else {
                throw StartError(description: "postgres did not start on port \(launch.port)")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Stops the server (SIGINT: a fast shutdown, connections ended) and keeps its data for ``start()``.
    public func pause() {
        guard let process = server.withLock({ $0 }), process.isRunning else { return }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }

    deinit { stop() }

    /// Stops the server and removes its folder.
    public func stop() {
        pause()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Runs `sql` through `psql` and returns what it printed (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String) throws -> String {
        try Self.run(try Self.binaries() + "/psql", [url, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// A new empty database on the cluster, for one test (or one pair of servers) alone: its URL.
    public func newDatabase() throws -> String {
        let name = "receipts_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        try psql("CREATE DATABASE \(name)")
        guard var components = URLComponents(string: url) else {
            throw StartError(description: "the cluster's URL does not parse")
        }
        components.path = "/" + name
        guard let database = components.string else { throw StartError(description: "no URL for \(name)") }
        return database
    }

    /// Drops a database ``newDatabase()`` made, its connections ended first.
    public func dropDatabase(_ database: String) throws {
        guard let name = URLComponents(string: database)?.path.dropFirst(), name.hasPrefix("receipts_") else { return }
        try psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
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

    @discardableResult
    private static func run(_ program: String, _ arguments: [String], asPostgres: Bool = false) throws -> String {
        let process = Process()
        (process.executableURL, process.arguments) = command(program, arguments, asPostgres: asPostgres)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw StartError(description: "\(program) exited \(process.terminationStatus): \(text)")
        }
        return text
    }

    /// A port free on loopback now: bound to port 0 and let go.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StartError(description: "no socket for a free port") }
        defer { close(descriptor) }
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
        guard bound else { throw StartError(description: "could not bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
