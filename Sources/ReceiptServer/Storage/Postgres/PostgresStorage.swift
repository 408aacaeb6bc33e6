import Foundation
import Logging
import PostgresNIO
import ReceiptAPI
import ReceiptCore
import Synchronization

/// The server's storage in PostgreSQL, shared by as many instances as run: postgres-nio's client
/// and its pool of connections, natively async.
///
/// One truth for every instance: sessions, the change sequence, cursor secrets and the demo live
/// in the database. Adds to one account are serialized by a lock on its row, taken before anything
/// is read, so that the same receipt added through two instances at once is stored once, and an
/// account's sequence numbers commit in the order they are given: no reader can see a change
/// numbered below one it has already read.
///
/// Each role of ``ServerStorage`` is an extension in a file of its own
/// (`PostgresStorage+Sessions.swift`…), the hot path's prepared statements are in
/// `PostgresStatements.swift` and the deadline every call runs within (``FirstOf``) in
/// `Deadline.swift`; this one holds the pool, the opening, the calls every role goes through (with
/// their patience and outages) and the storage as a whole.
final class PostgresStorage: ServerStorage {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    /// How to open a connection of its own, outside the pool (listening for place changes).
    let connection: PostgresConnection.Configuration
    let logger: Logger
    /// How long a call may wait for the database before the request is answered 503.
    let patience: Duration
    private let outage = Mutex(OutageState())
    let timings = StorageTimings()
    /// Writes are heard from every instance (``watchChanges()``), and trusted only while they are:
    /// while the listening connection holds and answers its heartbeat within the patience.
    let changes = StorageChanges(trusted: false)

    /// Connects to `address`, brings its schema up to date (once, whichever instance comes first),
    /// and starts the pool. A database that cannot be reached or refuses throws
    /// ``PostgresOpenError`` at once.
    init(_ address: PostgresAddress, logger: Logger, patience: Duration) async throws {
        self.logger = logger
        self.patience = patience
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try Self.connectionConfiguration(address)
        } catch {
            throw PostgresOpenError(address: address, problem: PostgresProblem(error))
        }
        self.connection = configuration
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            do {
                try await PostgresSchema.migrate(connection, logger: logger)
                if let warning = try? await Self.schedulingWarning(connection, host: address.host, logger: logger) {
                    logger.warning("\(warning)")
                }
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        } catch let error as PostgresSchemaError {
            throw PostgresOpenError(address: address, problem: error.problem)
        } catch {
            throw PostgresOpenError(address: address, problem: PostgresProblem(error))
        }
        var pool = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: Self.tls(address))
        pool.options.maximumConnections = Self.poolSize
        pool.options.minimumConnections = 2
        pool.options.connectTimeout = .seconds(3)
        pool.options.additionalStartupParameters = Self.sessionSettings
        let client = PostgresClient(configuration: pool, backgroundLogger: logger)
        self.client = client
        running = Task { await client.run() }
    }

    /// ``BackendScheduling``'s warning for the backend of `connection`, if any.
    private static func schedulingWarning(_ connection: PostgresConnection, host: String, logger: Logger)
        async throws -> String?
    {
        for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int32.self) {
            return BackendScheduling.check(host: host, backend: pid)
        }
        return nil
    }

    /// Closes the pool's connections; calls made afterwards fail.
    func close() async {
        running.cancel()
        await running.value
    }

    // MARK: Connections and faults

    /// Connections of an instance's pool: four a core of this machine, 8 to 32. Measured on two cores
    /// with wrk at 64 connections (issue 34, two rounds each): 8 a pool served 1,559–1,743 pages/s on
    /// one instance and 1,614–1,683 on two, against 1,486–1,613 and 1,339–1,439 with 16, and
    /// 1,333–1,615 with 4. More backends than cores only take turns on the CPU.
    static let poolSize = min(32, max(8, 4 * ProcessInfo.processInfo.activeProcessorCount))

    /// What every connection of the server sets for its session, whatever the cluster's defaults: a
    /// commit returns once it is in the write-ahead log on disk, so that a receipt acknowledged
    /// with 201 outlives a crash of PostgreSQL even where the cluster runs with
    /// `synchronous_commit = off` (which loses the last commits when it is killed).
    static let sessionSettings = [("synchronous_commit", "on")]

    private static func connectionConfiguration(_ address: PostgresAddress) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch address.sslMode {
        case .disable: tls = .disable
        case .allow, .prefer:
            tls = .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration(address)))
        default: tls = .require(try NIOSSLContext(configuration: Self.tlsConfiguration(address)))
        }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.additionalStartupParameters = sessionSettings
        return configuration
    }

    private static func tls(_ address: PostgresAddress) -> PostgresClient.Configuration.TLS {
        switch address.sslMode {
        case .disable: .disable
        case .allow, .prefer: .prefer(tlsConfiguration(address))
        default: .require(tlsConfiguration(address))
        }
    }

    /// libpq's meaning of each mode: only `verify-ca` and `verify-full` look at the certificate.
    private static func tlsConfiguration(_ address: PostgresAddress) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch address.sslMode {
        case .verifyFull: configuration.certificateVerification = .fullVerification
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        default: configuration.certificateVerification = .none
        }
        if let roots = address.sslRootCertificate { configuration.trustRoots = .file(roots) }
        return configuration
    }

    /// SQLSTATE classes that say the database cannot answer now (connection, resources, shutdown,
    /// a serialization conflict), rather than that the query was wrong.
    private static let transientStates = ["08", "53", "57", "40"]

    /// Whether `error` means the database does not answer now: the request is answered 503.
    private static func isTransient(_ error: any Error) -> Bool {
        if error is PostgresDecodingError || error is CallersError || error is ReadOnlyMember
            || error is MembershipMoved
        {
            return false
        }
        guard let error = error as? PSQLError else { return true }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return transientStates.contains { state.hasPrefix($0) }
    }

    /// Runs `body` on a connection of the pool within the storage's patience, timed as the call
    /// `name` (the calling function's, by default) with its wait for the connection; a database that
    /// does not answer (gone, refusing, frozen, slower than that) is ``StorageUnavailable``.
    ///
    /// Once one call has found the database gone, the others fail at once while a single call at a
    /// time tries it again: during an outage requests get their 503 without waiting, and the first
    /// call that gets through closes the outage for all.
    ///
    /// A call moves ``changes`` on once it ends, unless the caller says it `changesAnswers` not (it
    /// only reads, or writes nothing a session or a feed reads): another instance's writes are heard
    /// through the database's triggers, this one's at once.
    func call<T: Sendable>(
        patience: Duration? = nil, changesAnswers: Bool = true, _ name: String = #function,
        _ body: @escaping @Sendable (PooledConnection) async throws -> T
    ) async throws -> T {
        defer { if changesAnswers { changes.advance() } }
        let probing = try outage.withLock { state throws(StorageUnavailable) -> Bool in
            guard state.down else { return false }
            if state.probing { throw StorageUnavailable(description: "PostgreSQL is not answering") }
            state.probing = true
            return true
        }
        let (client, timings, logger) = (client, timings, logger)
        do {
            let patience = patience ?? self.patience
            let answer = try await timings.measure(name) {
                try await FirstOf.run(
                    within: patience,
                    {
                        let asked = ContinuousClock.now
                        return try await client.withConnection { connection in
                            timings.waited(name, ContinuousClock.now - asked)
                            return try await body(PooledConnection(connection: connection, logger: logger))
                        }
                    })
            }
            guard let value = answer else {
                throw StorageUnavailable(description: "PostgreSQL did not answer within \(patience)")
            }
            if probing { outage.withLock { $0 = OutageState() } }
            return value
        } catch let error as StorageUnavailable {
            outage.withLock { $0 = OutageState(down: true, probing: false) }
            throw error
        } catch  where Self.isTransient(error) {
            outage.withLock { $0 = OutageState(down: true, probing: false) }
            throw StorageUnavailable(description: PostgresProblem(error).message(in: .english))
        } catch {
            if probing { outage.withLock { $0 = OutageState() } }
            throw error
        }
    }

    /// Whether the database was found gone, and whether a call is trying it again.
    private struct OutageState {
        var down = false
        var probing = false
    }

    /// A transaction within the storage's patience, timed as the call `name`.
    func transaction<T: Sendable>(
        patience: Duration? = nil, changesAnswers: Bool = true, _ name: String = #function,
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        let logger = logger
        return try await call(patience: patience, changesAnswers: changesAnswers, name) { leased in
            do {
                return try await leased.connection.withTransaction(logger: logger) { connection in
                    try await body(connection, logger)
                }
            } catch let error as PostgresTransactionError {
                // Rolled back because the body threw: the body's error, as it is.
                guard let thrown = error.closureError, error.rollbackError == nil else { throw error }
                throw thrown
            }
        }
    }

    /// An error of the caller's own code run inside a transaction (a completer's change): handed
    /// back as it is, never taken for the database's.
    struct CallersError: Error {
        let error: any Error
    }

    // MARK: Batches

    /// Rows bound as arrays a thousand at a time: one round trip each, whatever the batch.
    static func chunks<T>(_ items: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: 1_000).map { items[$0..<min($0 + 1_000, items.count)] }
    }

    // MARK: The storage as a whole

    func secret(named name: String) async throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return try await call(changesAnswers: false) { client in
            // Instances asking at once: the first insert wins, and every one reads the winner.
            try await client.query("INSERT INTO meta (key, value) VALUES (\(name), \(fresh)) ON CONFLICT DO NOTHING")
            for try await value in try await client.query("SELECT value FROM meta WHERE key = \(name)").decode(
                Data.self)
            {
                return value
            }
            throw StorageFault("no meta row came back")
        }
    }

    func counts() async throws -> (receipts: Int, places: Int) {
        try await call(changesAnswers: false) { client in
            let rows = try await client.query(
                "SELECT (SELECT count(*) FROM receipts), (SELECT count(*) FROM places)")
            for try await (receipts, places) in rows.decode((Int64, Int64).self) {
                return (Int(receipts), Int(places))
            }
            return (0, 0)
        }
    }
}

/// A connection of the pool, leased for one call: its statements are logged to the storage's
/// logger.
struct PooledConnection: Sendable {
    /// The connection, the call's alone until it returns.
    let connection: PostgresConnection
    let logger: Logger

    /// Runs `query`.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await connection.query(query, logger: logger)
    }

    /// Runs a prepared statement (prepared on this connection the first time).
    func execute<Statement: PostgresPreparedStatement, Row>(_ statement: Statement) async throws
        -> AsyncThrowingMapSequence<PostgresRowSequence, Row> where Row == Statement.Row
    {
        try await connection.execute(statement, logger: logger)
    }
}
