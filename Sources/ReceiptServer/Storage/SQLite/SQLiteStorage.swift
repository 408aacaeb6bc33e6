import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore
import Synchronization

/// The server's storage in one SQLite file (WAL, foreign keys on): the embedded default.
///
/// Every call goes through GRDB's async API, so a query waits on GRDB's own threads and never on
/// an event loop's; SQLite lets one writer at a time, and GRDB queues them. Each role of
/// ``ServerStorage`` is an extension in a file of its own (`SQLiteStorage+Sessions.swift`…); this
/// one holds the pool, the opening, the calls every role goes through and the storage as a whole.
final class SQLiteStorage: ServerStorage {
    let pool: DatabasePool
    let timings = StorageTimings()
    /// This process is the file's one writer: every write is heard, in ``write(changesAnswers:_:_:)``.
    let changes = StorageChanges(trusted: true)
    /// The places pages name, kept after their first reading: this process alone writes them.
    let knownPlaces = KnownPlaces()
    /// Completers' values change one at a time.
    let completerValues = AsyncGate()

    /// The database's files others could read or write at opening, now mode 0600: for a warning.
    let narrowed: [String]

    init(path: String) throws {
        // The server's database holds password hashes, sessions and a provider's refresh token:
        // mode 0600 from its first byte (its log too), its folders 0700; a wider file is narrowed.
        narrowed = try PrivateFile.prepareDatabase(path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.label = "receipts-server"
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        pool = try DatabasePool(path: path, configuration: configuration)
        try ServerSchema.migrator.migrate(pool)
    }

    /// GRDB's async read, with a database that does not answer told apart (``StorageUnavailable``).
    func read<T: Sendable>(_ name: String = #function, _ body: @escaping @Sendable (Database) throws -> T)
        async throws -> T
    {
        do {
            return try await timings.measure(name) { try await pool.read(body) }
        } catch let error as DatabaseError where Self.unavailable.contains(error.resultCode) {
            throw StorageUnavailable(description: "\(error)")
        }
    }

    /// GRDB's async write (one transaction), with a database that does not answer told apart. It
    /// moves ``changes`` on once it ends, unless the caller says it `changesAnswers` not (attempts
    /// counted, a completion job leased): nothing a session or a feed reads.
    func write<T: Sendable>(
        changesAnswers: Bool = true, _ name: String = #function, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        defer { if changesAnswers { changes.advance() } }
        do {
            return try await timings.measure(name) { try await pool.write(body) }
        } catch let error as DatabaseError where Self.unavailable.contains(error.resultCode) {
            throw StorageUnavailable(description: "\(error)")
        }
    }

    /// The results that say the database cannot answer now, rather than that the request was wrong.
    private static let unavailable: [ResultCode] = [
        .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_READONLY,
    ]

    // MARK: The storage as a whole

    func secret(named name: String) async throws -> Data {
        try await write { db in
            if let value = try Data.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [name]) {
                return value
            }
            var generator = SystemRandomNumberGenerator()
            let value = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [name, value])
            return value
        }
    }

    /// Nothing to do: the pool closes when the storage goes.
    func close() async {}

    /// Nothing to hear: this process is the file's one writer.
    func watchChanges() async {}

    func counts() async throws -> (receipts: Int, places: Int) {
        try await read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM places") ?? 0
            )
        }
    }
}
