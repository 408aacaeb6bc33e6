import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore
import Synchronization

/// The server's storage in one SQLite file (WAL, foreign keys on): the embedded default.
///
/// Every call goes through GRDB's async API, so a query waits on GRDB's own threads and never on
/// an event loop's; SQLite lets one writer at a time, and GRDB queues them.
final class SQLiteStorage: ServerStorage {
    let pool: DatabasePool
    private let calls = CallCounter()
    /// The places pages name, kept after their first reading: this process alone writes them.
    private let knownPlaces = KnownPlaces()
    /// Completers' values change one at a time.
    private let completerValues = AsyncGate()

    var callsInFlight: Int { calls.value }
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
    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await calls.counting { try await pool.read(body) }
        } catch let error as DatabaseError where Self.unavailable.contains(error.resultCode) {
            throw StorageUnavailable(description: "\(error)")
        }
    }

    /// GRDB's async write (one transaction), with a database that does not answer told apart.
    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await calls.counting { try await pool.write(body) }
        } catch let error as DatabaseError where Self.unavailable.contains(error.resultCode) {
            throw StorageUnavailable(description: "\(error)")
        }
    }

    /// The results that say the database cannot answer now, rather than that the request was wrong.
    private static let unavailable: [ResultCode] = [
        .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_READONLY,
    ]

    // MARK: Accounts and sessions

    func register(login: String, passwordHash: String, at date: Date) async throws -> Account? {
        try await write { db in
            let taken =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [login]) ?? false
            if taken { return nil }
            try db.execute(
                sql: "INSERT INTO accounts (kind, login, password_hash, created_at) VALUES ('authorized', ?, ?, ?)",
                arguments: [login, passwordHash, date.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, kind: .authorized, login: login)
        }
    }

    func openAnonymous(at date: Date) async throws -> Account {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO accounts (kind, created_at) VALUES ('anonymous', ?)",
                arguments: [date.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, kind: .anonymous, login: nil)
        }
    }

    func credentials(login: String) async throws -> (account: Account, hash: String)? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, login, password_hash FROM accounts WHERE login = ? AND kind = 'authorized'",
                    arguments: [login])
            else { return nil }
            return (Account(id: row["id"], kind: .authorized, login: row["login"]), row["password_hash"])
        }
    }

    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [tokenHash, account, createdAt.timeIntervalSince1970, expiresAt.timeIntervalSince1970])
        }
    }

    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT accounts.id, accounts.kind, accounts.login, sessions.expires_at
                            FROM sessions JOIN accounts ON accounts.id = sessions.account_id
                            WHERE sessions.token_hash = ?
                            """),
                    arguments: [tokenHash])
            else { return nil }
            let kind = AccountKind(rawValue: row["kind"]) ?? .anonymous
            return (
                Account(id: row["id"], kind: kind, login: row["login"]),
                Date(timeIntervalSince1970: row["expires_at"])
            )
        }
    }

    func deleteSession(tokenHash: Data) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash])
        }
    }

    func deleteSessions(account: Int64, keeping: Data?) async throws {
        try await write { db in try Self.deleteSessions(db, account: account, keeping: keeping) }
    }

    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE accounts SET password_hash = ? WHERE id = ? AND kind = 'authorized'",
                arguments: [passwordHash, account])
            guard db.changesCount == 1 else { return false }
            try Self.deleteSessions(db, account: account, keeping: keeping)
            return true
        }
    }

    private static func deleteSessions(_ db: Database, account: Int64, keeping: Data?) throws {
        try db.execute(
            sql: "DELETE FROM sessions WHERE account_id = ? AND (? IS NULL OR token_hash <> ?)",
            arguments: [account, keeping, keeping])
    }

    // MARK: Receipts

    func feed(account: Int64, after position: FeedPosition?, limit: Int) async throws -> StoredPage {
        try await read { db in
            let rows: [StoredReceiptRow]
            if let position {
                rows = try Self.rows(
                    db.cachedStatement(
                        sql: """
                            SELECT \(Self.columns) FROM receipts
                            WHERE account_id = ? AND (date_time < ? OR (date_time = ? AND id < ?))
                            ORDER BY date_time DESC, id DESC LIMIT ?
                            """),
                    [account, position.dateTime, position.dateTime, position.id, limit + 1])
            } else {
                rows = try Self.rows(
                    db.cachedStatement(
                        sql: """
                            SELECT \(Self.columns) FROM receipts WHERE account_id = ?
                            ORDER BY date_time DESC, id DESC LIMIT ?
                            """),
                    [account, limit + 1])
            }
            return try self.page(rows, in: db)
        }
    }

    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage {
        try await read { db in
            let rows = try Self.rows(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM receipts WHERE account_id = ? AND sequence > ?
                        ORDER BY sequence LIMIT ?
                        """),
                [account, since, limit + 1])
            return try self.page(rows, in: db)
        }
    }

    func receipt(id: Int64, account: Int64) async throws -> StoredPage? {
        try await read { db in
            let rows = try Self.rows(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM receipts WHERE id = ? AND account_id = ?"),
                [id, account])
            return rows.isEmpty ? nil : try self.page(rows, in: db)
        }
    }

    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool) {
        try await write { db in
            let identity = code.identity
            let existing = try Self.rows(
                db.cachedStatement(
                    sql: "SELECT \(Self.columns) FROM receipts WHERE account_id = ? AND fn = ? AND fd = ? AND fp = ?"),
                [account, identity.fn, identity.i, identity.fp])
            if !existing.isEmpty { return (try self.page(existing, in: db), false) }
            let known = try Row.fetchOne(
                db, sql: "SELECT document, place_id FROM documents WHERE fn = ? AND fd = ? AND fp = ?",
                arguments: [identity.fn, identity.i, identity.fp])
            let new = NewReceipt.adding(code, known: known.map { ($0["document"], $0["place_id"]) })
            let ids = try Self.insert([new], account: account, in: db)
            let rows = try Self.rows(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM receipts WHERE id = ?"), [ids.first])
            guard !rows.isEmpty else {
                throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "inserted row vanished")
            }
            return (try self.page(rows, in: db), true)
        }
    }

    /// The columns of ``StoredReceiptRow``, in the order ``rows(_:_:)`` reads them.
    private static let columns = "id, status, sequence, date_time, place_id, document"

    /// The rows a statement selecting ``columns`` gives, read by position from a cursor: no row is
    /// copied and no column looked up by name (the feeds' hot path).
    private static func rows(_ statement: Statement, _ arguments: StatementArguments) throws -> [StoredReceiptRow] {
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var rows: [StoredReceiptRow] = []
        while let row = try cursor.next() {
            rows.append(
                StoredReceiptRow(
                    id: row[0], status: Receipt.Status(rawValue: row[1]) ?? .pending, sequence: row[2],
                    dateTime: row[3], placeID: row[4], document: row[5]))
        }
        return rows
    }

    /// The rows and the places they name, as of the same transaction.
    private func page(_ rows: [StoredReceiptRow], in db: Database) throws -> StoredPage {
        StoredPage(rows: rows, places: try knownPlaces.places(ids: Set(rows.compactMap(\.placeID)), in: db))
    }

    /// Inserts receipts with the account's next change sequence numbers, reserved in one step;
    /// returns their ids.
    @discardableResult
    private static func insert(_ batch: [NewReceipt], account: Int64, in db: Database) throws -> [Int64] {
        let last =
            try Int64.fetchOne(
                db, sql: "UPDATE accounts SET last_sequence = last_sequence + ? WHERE id = ? RETURNING last_sequence",
                arguments: [batch.count, account]) ?? 0
        var sequence = last - Int64(batch.count)
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO receipts (account_id, fn, fd, fp, date_time, status, sequence, place_id, document)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        var ids: [Int64] = []
        ids.reserveCapacity(batch.count)
        for receipt in batch {
            sequence += 1
            let document = receipt.document
            try statement.execute(arguments: [
                account, document.fiscalDriveNumber, document.fiscalDocumentNumber, document.fiscalSign,
                document.dateTime, receipt.status.rawValue, sequence, receipt.placeID, receipt.json,
            ])
            ids.append(db.lastInsertedRowID)
            if receipt.status == .pending {
                try db.execute(
                    sql: "INSERT INTO completion_jobs (receipt_id, not_before) VALUES (?, 0)",
                    arguments: [db.lastInsertedRowID])
            }
        }
        return ids
    }

    // MARK: The demo

    func accountExists(login: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [login])
                ?? false
        }
    }

    func unclaimedDocument() async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT document FROM documents d WHERE NOT EXISTS (
                        SELECT 1 FROM receipts r WHERE r.fn = d.fn AND r.fd = d.fd AND r.fp = d.fp) LIMIT 1
                    """)
        }
    }

    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool {
        try await write { db in
            let taken =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [login]) ?? false
            if taken { return false }
            try db.execute(
                sql: "INSERT INTO accounts (kind, login, password_hash, created_at) VALUES ('authorized', ?, ?, ?)",
                arguments: [login, passwordHash, date.timeIntervalSince1970])
            try Self.insert(receipts, account: db.lastInsertedRowID, in: db)
            let known = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO documents (fn, fd, fp, place_id, document) VALUES (?, ?, ?, ?, ?)")
            for receipt in receipts.filter({ $0.status == .complete }) + unclaimed {
                let document = receipt.document
                try known.execute(arguments: [
                    document.fiscalDriveNumber, document.fiscalDocumentNumber, document.fiscalSign, receipt.placeID,
                    receipt.json,
                ])
            }
            return true
        }
    }

    // MARK: Completing pending receipts

    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob? {
        try await write { db in
            let moment = now.timeIntervalSince1970
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT j.receipt_id, j.tries, r.account_id, r.document
                        FROM completion_jobs j JOIN receipts r ON r.id = j.receipt_id
                        WHERE j.outcome IS NULL AND j.not_before <= ? AND (j.taken_until IS NULL OR j.taken_until < ?)
                        ORDER BY j.not_before LIMIT 1
                        """, arguments: [moment, moment])
            else { return nil }
            let lease = Int64.random(in: 1...Int64.max)
            let receiptID: Int64 = row["receipt_id"]
            try db.execute(
                sql: "UPDATE completion_jobs SET taken_until = ?, lease = ?, tries = tries + 1 WHERE receipt_id = ?",
                arguments: [until.timeIntervalSince1970, lease, receiptID])
            let tries: Int = row["tries"]
            return CompletionJob(
                receiptID: receiptID, account: row["account_id"], document: row["document"], tries: tries + 1,
                lease: lease)
        }
    }

    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws {
        try await write { db in
            let held =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM completion_jobs WHERE receipt_id = ? AND lease = ?)",
                    arguments: [job.receiptID, job.lease]) ?? false
            guard held else { return }
            switch outcome {
            case .completed(let receipt):
                let sequence =
                    try Int64.fetchOne(
                        db,
                        sql:
                            "UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = ? RETURNING last_sequence",
                        arguments: [job.account]) ?? 0
                try db.execute(
                    sql: """
                        UPDATE receipts SET status = 'complete', document = ?, date_time = ?, sequence = ?
                        WHERE id = ? AND status = 'pending'
                        """,
                    arguments: [receipt.json, receipt.document.dateTime, sequence, job.receiptID])
                try db.execute(sql: "DELETE FROM completion_jobs WHERE receipt_id = ?", arguments: [job.receiptID])
            case .retry(let date):
                try db.execute(
                    sql:
                        "UPDATE completion_jobs SET not_before = ?, taken_until = NULL, lease = NULL WHERE receipt_id = ?",
                    arguments: [date.timeIntervalSince1970, job.receiptID])
            case .invalid(let reason):
                try db.execute(
                    sql: """
                        UPDATE completion_jobs SET outcome = 'invalid', reason = ?, taken_until = NULL, lease = NULL
                        WHERE receipt_id = ?
                        """,
                    arguments: [reason, job.receiptID])
            }
        }
    }

    func completionCounts() async throws -> (open: Int, invalid: Int) {
        try await read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM completion_jobs WHERE outcome IS NULL") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM completion_jobs WHERE outcome = 'invalid'") ?? 0
            )
        }
    }

    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?
    {
        // One process owns the file: changes wait for each other here, not in the database (the
        // change may ask a provider over the network, and no write transaction is held meanwhile).
        try await completerValues.exclusively {
            let kept = try await read { db in
                try Data.fetchOne(db, sql: "SELECT value FROM completer_values WHERE name = ?", arguments: [name])
            }
            guard let changed = try await change(kept) else { return kept }
            try await write { db in
                try db.execute(
                    sql: """
                        INSERT INTO completer_values (name, value, changed_at) VALUES (?, ?, ?)
                        ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at
                        """, arguments: [name, changed, Date().timeIntervalSince1970])
            }
            return changed
        }
    }

    // MARK: Throttling

    func admit(_ attempts: [Attempt], now: Date) async throws -> Int? {
        try await write { db in
            let moment = now.timeIntervalSince1970
            if Int.random(in: 0..<100) == 0 {
                try db.execute(
                    sql: "DELETE FROM attempts WHERE at <= ?", arguments: [moment - Attempt.longestWindow])
            }
            for attempt in attempts {
                try db.execute(
                    sql: "DELETE FROM attempts WHERE key = ? AND at <= ?",
                    arguments: [attempt.key, moment - attempt.rate.window])
                let recent = try Double.fetchAll(
                    db, sql: "SELECT at FROM attempts WHERE key = ? ORDER BY at", arguments: [attempt.key]
                ).map { Date(timeIntervalSince1970: $0) }
                if let wait = Attempt.wait(recent, rate: attempt.rate, now: now) { return wait }
            }
            for attempt in attempts {
                try db.execute(sql: "INSERT INTO attempts (key, at) VALUES (?, ?)", arguments: [attempt.key, moment])
            }
            return nil
        }
    }

    func forgetAttempts(of key: String) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM attempts WHERE key = ?", arguments: [key]) }
    }

    func withdrawLatestAttempt(of key: String) async throws {
        try await write { db in
            try db.execute(
                sql:
                    "DELETE FROM attempts WHERE rowid = (SELECT rowid FROM attempts WHERE key = ? ORDER BY at DESC LIMIT 1)",
                arguments: [key])
        }
    }

    // MARK: Places, secrets, health

    func upsert(places: [Place]) async throws {
        try await write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO places (id, name, latitude, longitude, category, address) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
                        longitude = excluded.longitude, category = excluded.category, address = excluded.address
                    """)
            for place in places {
                try statement.execute(arguments: [
                    place.id, place.name, place.coordinate.latitude, place.coordinate.longitude,
                    place.category.rawValue, place.address,
                ])
            }
        }
        knownPlaces.forget()
    }

    func places() async throws -> [Place] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM places").compactMap(Self.place(from:))
        }
    }

    /// One process owns an SQLite file: nobody else changes its places.
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async {}

    private static func place(from row: Row) -> Place? {
        guard let coordinate = try? Coordinate(latitude: row["latitude"], longitude: row["longitude"]) else {
            return nil
        }
        return Place(
            id: row["id"], name: row["name"], coordinate: coordinate,
            category: Category(rawValue: row["category"]) ?? .uncategorized, address: row["address"])
    }

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

    func counts() async throws -> (receipts: Int, places: Int) {
        try await read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM places") ?? 0
            )
        }
    }
}

/// The places feed pages name, each read from the file once: a page names dozens, and reading and
/// decoding them again for every page was a tenth of the feed's time. Every write of places
/// forgets them all; a reading that began before such a write keeps nothing it read.
private final class KnownPlaces: Sendable {
    private struct State {
        var places: [String: Place] = [:]
        /// Counts the writes of places, so that a reading that overlapped one is not kept.
        var generation = 0
    }
    private let state = Mutex(State())

    /// Places with these ids, from memory or else from the file within the caller's transaction.
    func places(ids: Set<String>, in db: Database) throws -> [String: Place] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: Place] = [:]
        var missing: [String] = []
        let generation = state.withLock { state in
            for id in ids {
                if let place = state.places[id] { found[id] = place } else { missing.append(id) }
            }
            return state.generation
        }
        guard !missing.isEmpty else { return found }
        let marks = Array(repeating: "?", count: missing.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: "SELECT id, name, latitude, longitude, category, address FROM places WHERE id IN (\(marks))")
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments(missing))
        var read: [Place] = []
        while let row = try rows.next() {
            guard let coordinate = try? Coordinate(latitude: row[2], longitude: row[3]) else { continue }
            read.append(
                Place(
                    id: row[0], name: row[1], coordinate: coordinate,
                    category: Category(rawValue: row[4]) ?? .uncategorized, address: row[5]))
        }
        state.withLock { state in
            guard state.generation == generation else { return }
            // Grown past any real map's places, it starts afresh rather than grow without bound.
            if state.places.count + read.count > 200_000 { state.places.removeAll() }
            for place in read { state.places[place.id] = place }
        }
        for place in read { found[place.id] = place }
        return found
    }

    /// Called after places were written: what was read before is no longer known to be true.
    func forget() {
        state.withLock { state in
            state.generation += 1
            state.places.removeAll()
        }
    }
}
