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
final class PostgresStorage: ServerStorage {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    /// How to open a connection of its own, outside the pool (listening for place changes).
    private let connection: PostgresConnection.Configuration
    private let logger: Logger
    /// How long a call may wait for the database before the request is answered 503.
    private let patience: Duration
    private let outage = Mutex(OutageState())
    private let calls = CallCounter()

    var callsInFlight: Int { calls.value }

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
        pool.options.maximumConnections = 16
        pool.options.minimumConnections = 2
        pool.options.connectTimeout = .seconds(3)
        let client = PostgresClient(configuration: pool, backgroundLogger: logger)
        self.client = client
        running = Task { await client.run() }
    }

    /// Closes the pool's connections; calls made afterwards fail.
    func close() async {
        running.cancel()
        await running.value
    }

    // MARK: Connections and faults

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
        if error is PostgresDecodingError || error is CallersError { return false }
        guard let error = error as? PSQLError else { return true }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return transientStates.contains { state.hasPrefix($0) }
    }

    /// Runs `body` within the storage's patience; a database that does not answer (gone, refusing,
    /// frozen, slower than that) is ``StorageUnavailable``.
    ///
    /// Once one call has found the database gone, the others fail at once while a single call at a
    /// time tries it again: during an outage requests get their 503 without waiting, and the first
    /// call that gets through closes the outage for all.
    private func call<T: Sendable>(
        patience: Duration? = nil, _ body: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        let probing = try outage.withLock { state throws(StorageUnavailable) -> Bool in
            guard state.down else { return false }
            if state.probing { throw StorageUnavailable(description: "PostgreSQL is not answering") }
            state.probing = true
            return true
        }
        let client = client
        do {
            let patience = patience ?? self.patience
            let answer = try await calls.counting {
                try await FirstOf.run(within: patience, { try await body(client) })
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

    /// A transaction within the storage's patience.
    private func transaction<T: Sendable>(
        patience: Duration? = nil, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        let logger = logger
        return try await call(patience: patience) { client in
            do {
                return try await client.withTransaction(logger: logger) { connection in
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
    private struct CallersError: Error {
        let error: any Error
    }

    // MARK: Accounts and sessions

    func register(login: String, passwordHash: String, at date: Date) async throws -> Account? {
        try await call { client in
            let rows = try await client.query(
                """
                INSERT INTO accounts (kind, login, password_hash, created_at)
                VALUES ('authorized', \(login), \(passwordHash), \(date)) ON CONFLICT DO NOTHING RETURNING id
                """)
            for try await id in rows.decode(Int64.self) { return Account(id: id, kind: .authorized, login: login) }
            return nil
        }
    }

    func openAnonymous(at date: Date) async throws -> Account {
        try await call { client in
            let rows = try await client.query(
                "INSERT INTO accounts (kind, created_at) VALUES ('anonymous', \(date)) RETURNING id")
            for try await id in rows.decode(Int64.self) { return Account(id: id, kind: .anonymous, login: nil) }
            throw StorageFault("no accounts row came back")
        }
    }

    func credentials(login: String) async throws -> (account: Account, hash: String)? {
        try await call { client in
            let rows = try await client.query(
                """
                SELECT id, login, password_hash FROM accounts
                WHERE lower(login) = lower(\(login)) AND kind = 'authorized'
                """)
            for try await (id, login, hash) in rows.decode((Int64, String, String).self) {
                return (Account(id: id, kind: .authorized, login: login), hash)
            }
            return nil
        }
    }

    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await call { client in
            _ = try await client.query(
                """
                INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
                VALUES (\(tokenHash), \(account), \(createdAt), \(expiresAt))
                """)
        }
    }

    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)? {
        try await call { client in
            for try await (id, kind, login, expires) in try await client.execute(SessionStatement(tokenHash: tokenHash))
            {
                return (Account(id: id, kind: AccountKind(rawValue: kind) ?? .anonymous, login: login), expires)
            }
            return nil
        }
    }

    func deleteSession(tokenHash: Data) async throws {
        try await call { client in
            _ = try await client.query("DELETE FROM sessions WHERE token_hash = \(tokenHash)")
        }
    }

    func deleteSessions(account: Int64, keeping: Data?) async throws {
        try await call { client in
            _ = try await client.query(
                "DELETE FROM sessions WHERE account_id = \(account) AND token_hash IS DISTINCT FROM \(keeping)")
        }
    }

    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool {
        try await transaction { connection, logger in
            let rows = try await connection.query(
                """
                UPDATE accounts SET password_hash = \(passwordHash)
                WHERE id = \(account) AND kind = 'authorized' RETURNING id
                """, logger: logger)
            var changed = false
            for try await _ in rows.decode(Int64.self) { changed = true }
            guard changed else { return false }
            _ = try await connection.query(
                "DELETE FROM sessions WHERE account_id = \(account) AND token_hash IS DISTINCT FROM \(keeping)",
                logger: logger)
            return true
        }
    }

    // MARK: Receipts

    /// The receipt columns of ``StoredReceiptRow`` and the place each names, joined.
    static let selection = """
        SELECT r.id, r.status, r.sequence, r.date_time, r.place_id, r.document,
            p.name, p.latitude, p.longitude, p.category, p.address
        FROM receipts r LEFT JOIN places p ON p.id = r.place_id
        """

    func feed(account: Int64, after position: FeedPosition?, limit: Int) async throws -> StoredPage {
        try await call { client in
            if let position {
                let statement = FeedAfterStatement(
                    account: account, dateTime: position.dateTime, id: position.id, limit: limit + 1)
                return try await Self.page(client.execute(statement))
            }
            return try await Self.page(client.execute(FeedStatement(account: account, limit: limit + 1)))
        }
    }

    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage {
        try await call { client in
            try await Self.page(client.execute(ChangesStatement(account: account, since: since, limit: limit + 1)))
        }
    }

    func receipt(id: Int64, account: Int64) async throws -> StoredPage? {
        let page = try await call { client in
            try await Self.page(
                client.query("\(unescaped: Self.selection) WHERE r.id = \(id) AND r.account_id = \(account)"))
        }
        return page.rows.isEmpty ? nil : page
    }

    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool) {
        try await transaction { connection, logger in
            let identity = code.identity
            // The account's row lock first: a second add of the same receipt waits here, then finds it.
            try await connection.query("SELECT 1 FROM accounts WHERE id = \(account) FOR UPDATE", logger: logger)
            let existing = try await Self.page(
                connection.query(
                    """
                    \(unescaped: Self.selection) WHERE r.account_id = \(account)
                    AND r.fn = \(identity.fn) AND r.fd = \(identity.i) AND r.fp = \(identity.fp)
                    """, logger: logger))
            if !existing.rows.isEmpty { return (existing, false) }
            var known: (document: String, placeID: String?)?
            let documents = try await connection.query(
                """
                SELECT document, place_id FROM documents
                WHERE fn = \(identity.fn) AND fd = \(identity.i) AND fp = \(identity.fp)
                """, logger: logger)
            for try await (document, placeID) in documents.decode((String, String?).self) {
                known = (document, placeID)
            }
            let new = NewReceipt.adding(code, known: known)
            let ids = try await Self.insert([new], account: account, on: connection, logger: logger)
            let added = try await Self.page(
                connection.query("\(unescaped: Self.selection) WHERE r.id = \(ids.first ?? 0)", logger: logger))
            guard !added.rows.isEmpty else { throw StorageFault("no receipts row came back") }
            return (added, true)
        }
    }

    /// Reads the rows of a query of ``selection`` into a page.
    private static func page<Rows: AsyncSequence>(_ rows: Rows) async throws -> StoredPage
    where Rows.Element == PostgresRow {
        var page = StoredPage(rows: [], places: [:])
        for try await row in rows {
            let (id, status, sequence, dateTime, placeID, document, name, latitude, longitude, category, address) =
                try row.decode(
                    (Int64, String, Int64, String, String?, String, String?, Double?, Double?, String?, String?).self)
            page.rows.append(
                StoredReceiptRow(
                    id: id, status: Receipt.Status(rawValue: status) ?? .pending, sequence: sequence,
                    dateTime: dateTime, placeID: placeID, document: document))
            guard let placeID, page.places[placeID] == nil else { continue }
            if let place = place(id: placeID, (name, latitude, longitude, category, address)) {
                page.places[placeID] = place
            }
        }
        return page
    }

    /// Rows bound as arrays a thousand at a time: one round trip each, whatever the batch.
    private static func chunks<T>(_ items: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: 1_000).map { items[$0..<min($0 + 1_000, items.count)] }
    }

    /// Inserts receipts with the account's next change sequence numbers, reserved in one step (which
    /// locks the account's row until the transaction ends); returns their ids.
    @discardableResult
    private static func insert(
        _ batch: [NewReceipt], account: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int64] {
        guard !batch.isEmpty else { return [] }
        var last: Int64?
        for try await value in try await connection.query(
            """
            UPDATE accounts SET last_sequence = last_sequence + \(Int64(batch.count)) WHERE id = \(account)
            RETURNING last_sequence
            """, logger: logger
        ).decode(Int64.self) {
            last = value
        }
        guard let last else { throw StorageFault("no accounts row came back") }
        let first = last - Int64(batch.count) + 1
        var ids: [Int64] = []
        ids.reserveCapacity(batch.count)
        for chunk in chunks(batch) {
            let documents = chunk.map(\.document)
            let rows = try await connection.query(
                """
                INSERT INTO receipts (account_id, fn, fd, fp, date_time, status, sequence, place_id, document)
                SELECT \(account), fn, fd, fp, date_time, status, sequence, NULLIF(place_id, ''), document
                FROM unnest(\(documents.map(\.fiscalDriveNumber))::text[], \(documents.map(\.fiscalDocumentNumber))::bigint[],
                    \(documents.map(\.fiscalSign))::bigint[], \(documents.map(\.dateTime))::text[],
                    \(chunk.map(\.status.rawValue))::text[],
                    \(chunk.indices.map { first + Int64($0) })::bigint[],
                    \(chunk.map { $0.placeID ?? "" })::text[], \(chunk.map(\.json))::text[])
                    AS new (fn, fd, fp, date_time, status, sequence, place_id, document)
                ORDER BY sequence
                RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { ids.append(id) }
        }
        // Each pending receipt is a job for the completion workers, due at once.
        try await connection.query(
            """
            INSERT INTO completion_jobs (receipt_id, not_before)
            SELECT id, '-infinity' FROM receipts WHERE id = ANY(\(ids)) AND status = 'pending'
            """, logger: logger)
        return ids
    }

    // MARK: The demo

    func accountExists(login: String) async throws -> Bool {
        try await call { client in
            for try await exists in try await client.query(
                "SELECT EXISTS (SELECT 1 FROM accounts WHERE lower(login) = lower(\(login)))"
            ).decode(Bool.self) {
                return exists
            }
            return false
        }
    }

    func unclaimedDocument() async throws -> String? {
        try await call { client in
            let rows = try await client.query(
                """
                SELECT document FROM documents d WHERE NOT EXISTS (
                    SELECT 1 FROM receipts r WHERE r.fn = d.fn AND r.fd = d.fd AND r.fp = d.fp)
                ORDER BY fn, fd, fp LIMIT 1
                """)
            for try await document in rows.decode(String.self) { return document }
            return nil
        }
    }

    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool {
        try await transaction { connection, logger in
            // Instances starting together with --demo: the first seeds, the others find it seeded.
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey + 1))", logger: logger)
            var account: Int64?
            for try await id in try await connection.query(
                """
                INSERT INTO accounts (kind, login, password_hash, created_at)
                VALUES ('authorized', \(login), \(passwordHash), \(date)) ON CONFLICT DO NOTHING RETURNING id
                """, logger: logger
            ).decode(Int64.self) {
                account = id
            }
            guard let account else { return false }
            try await Self.insert(receipts, account: account, on: connection, logger: logger)
            let known = receipts.filter { $0.status == .complete } + unclaimed
            for chunk in Self.chunks(known) {
                let documents = chunk.map(\.document)
                try await connection.query(
                    """
                    INSERT INTO documents (fn, fd, fp, place_id, document)
                    SELECT fn, fd, fp, NULLIF(place_id, ''), document
                    FROM unnest(\(documents.map(\.fiscalDriveNumber))::text[], \(documents.map(\.fiscalDocumentNumber))::bigint[],
                        \(documents.map(\.fiscalSign))::bigint[], \(chunk.map { $0.placeID ?? "" })::text[],
                        \(chunk.map(\.json))::text[]) AS new (fn, fd, fp, place_id, document)
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            return true
        }
    }

    // MARK: Completing pending receipts

    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob? {
        let lease = Int64.random(in: 1...Int64.max)
        return try await call { client in
            // SKIP LOCKED: workers of every instance take different jobs at once, none waits on another.
            let rows = try await client.query(
                """
                WITH next AS (
                    SELECT receipt_id FROM completion_jobs
                    WHERE outcome IS NULL AND not_before <= \(now) AND (taken_until IS NULL OR taken_until < \(now))
                    ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED),
                taken AS (
                    UPDATE completion_jobs j SET taken_until = \(until), lease = \(lease), tries = j.tries + 1
                    FROM next WHERE j.receipt_id = next.receipt_id RETURNING j.receipt_id, j.tries)
                SELECT taken.receipt_id, taken.tries, r.account_id, r.document
                FROM taken JOIN receipts r ON r.id = taken.receipt_id
                """)
            for try await (receiptID, tries, account, document) in rows.decode((Int64, Int32, Int64, String).self) {
                return CompletionJob(
                    receiptID: receiptID, account: account, document: document, tries: Int(tries), lease: lease)
            }
            return nil
        }
    }

    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws {
        try await transaction { connection, logger in
            var held = false
            for try await _ in try await connection.query(
                """
                SELECT 1 FROM completion_jobs WHERE receipt_id = \(job.receiptID) AND lease = \(job.lease) FOR UPDATE
                """, logger: logger
            ) {
                held = true
            }
            guard held else { return }
            switch outcome {
            case .completed(let receipt):
                // The account's row lock keeps its sequence numbers committing in order (see ``add``).
                var sequence: Int64 = 0
                for try await value in try await connection.query(
                    """
                    UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = \(job.account)
                    RETURNING last_sequence
                    """, logger: logger
                ).decode(Int64.self) {
                    sequence = value
                }
                try await connection.query(
                    """
                    UPDATE receipts SET status = 'complete', document = \(receipt.json),
                        date_time = \(receipt.document.dateTime), sequence = \(sequence)
                    WHERE id = \(job.receiptID) AND status = 'pending'
                    """, logger: logger)
                try await connection.query(
                    "DELETE FROM completion_jobs WHERE receipt_id = \(job.receiptID)", logger: logger)
            case .retry(let date):
                try await connection.query(
                    """
                    UPDATE completion_jobs SET not_before = \(date), taken_until = NULL, lease = NULL
                    WHERE receipt_id = \(job.receiptID)
                    """, logger: logger)
            case .invalid(let reason):
                try await connection.query(
                    """
                    UPDATE completion_jobs SET outcome = 'invalid', reason = \(reason), taken_until = NULL, lease = NULL
                    WHERE receipt_id = \(job.receiptID)
                    """, logger: logger)
            }
        }
    }

    func completionCounts() async throws -> (open: Int, invalid: Int) {
        try await call { client in
            let rows = try await client.query(
                """
                SELECT count(*) FILTER (WHERE outcome IS NULL), count(*) FILTER (WHERE outcome = 'invalid')
                FROM completion_jobs
                """)
            for try await (open, invalid) in rows.decode((Int64, Int64).self) { return (Int(open), Int(invalid)) }
            return (0, 0)
        }
    }

    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?
    {
        // The change may ask a provider over the network (a session renewed): it gets a minute, and
        // holds the name's lock, so that another instance's change starts from its result.
        do {
            return try await changeCompleterValueLocked(named: name, change)
        } catch let error as CallersError {
            throw error.error
        }
    }

    private func changeCompleterValueLocked(
        named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?
    ) async throws -> Data? {
        try await transaction(patience: .seconds(60)) { connection, logger in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended(\("completer:" + name), 0))", logger: logger)
            var kept: Data?
            for try await value in try await connection.query(
                "SELECT value FROM completer_values WHERE name = \(name)", logger: logger
            ).decode(Data.self) {
                kept = value
            }
            let changed: Data?
            do {
                changed = try await change(kept)
            } catch {
                throw CallersError(error: error)
            }
            guard let changed else { return kept }
            try await connection.query(
                """
                INSERT INTO completer_values (name, value, changed_at) VALUES (\(name), \(changed), now())
                ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at
                """, logger: logger)
            return changed
        }
    }

    // MARK: Throttling

    func admit(_ attempts: [Attempt], now: Date) async throws -> Int? {
        try await transaction { connection, logger in
            // One key's attempts are counted by one instance at a time: the key's lock, in key order.
            for key in Set(attempts.map(\.key)).sorted() {
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))", logger: logger)
            }
            if Int.random(in: 0..<100) == 0 {
                let old = now.addingTimeInterval(-Attempt.longestWindow)
                try await connection.query("DELETE FROM attempts WHERE at <= \(old)", logger: logger)
            }
            for attempt in attempts {
                let start = now.addingTimeInterval(-attempt.rate.window)
                try await connection.query(
                    "DELETE FROM attempts WHERE key = \(attempt.key) AND at <= \(start)", logger: logger)
                var recent: [Date] = []
                for try await at in try await connection.query(
                    "SELECT at FROM attempts WHERE key = \(attempt.key) ORDER BY at", logger: logger
                ).decode(Date.self) {
                    recent.append(at)
                }
                if let wait = Attempt.wait(recent, rate: attempt.rate, now: now) { return wait }
            }
            for attempt in attempts {
                try await connection.query(
                    "INSERT INTO attempts (key, at) VALUES (\(attempt.key), \(now))", logger: logger)
            }
            return nil
        }
    }

    func forgetAttempts(of key: String) async throws {
        try await call { client in _ = try await client.query("DELETE FROM attempts WHERE key = \(key)") }
    }

    func withdrawLatestAttempt(of key: String) async throws {
        try await call { client in
            _ = try await client.query(
                """
                DELETE FROM attempts WHERE ctid = (
                    SELECT ctid FROM attempts WHERE key = \(key) ORDER BY at DESC LIMIT 1)
                """)
        }
    }

    // MARK: Places, secrets, health

    func upsert(places: [Place]) async throws {
        guard !places.isEmpty else { return }
        // One id once per statement: the last of a file's repeats wins, as row by row it would.
        var latest: [String: Int] = [:]
        for (index, place) in places.enumerated() { latest[place.id] = index }
        let unique = places.enumerated().filter { latest[$0.element.id] == $0.offset }.map(\.element)
        try await transaction { connection, logger in
            for chunk in Self.chunks(unique) {
                try await connection.query(
                    """
                    INSERT INTO places (id, name, latitude, longitude, category, address)
                    SELECT * FROM unnest(\(chunk.map(\.id))::text[], \(chunk.map(\.name))::text[],
                        \(chunk.map(\.coordinate.latitude))::float8[], \(chunk.map(\.coordinate.longitude))::float8[],
                        \(chunk.map(\.category.rawValue))::text[], \(chunk.map(\.address))::text[])
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
                        longitude = excluded.longitude, category = excluded.category, address = excluded.address
                    """, logger: logger)
            }
            // Delivered to every listening instance when the transaction commits.
            try await connection.query("SELECT pg_notify(\(Self.placesChannel), '')", logger: logger)
        }
    }

    /// The channel instances hear place changes on.
    private static let placesChannel = "receipts_places"

    /// Listens on a connection of its own; when it breaks, waits a second, connects again, and calls
    /// `changed` once (a change may have come in between).
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async {
        var first = true
        while !Task.isCancelled {
            do {
                let listener = try await PostgresConnection.connect(configuration: connection, id: 2, logger: logger)
                defer { Task { try? await listener.close() } }
                try await listener.listen(on: Self.placesChannel) { notifications in
                    if !first { await changed() }
                    first = false
                    for try await _ in notifications { await changed() }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "listening for place changes: \(PostgresProblem(error).message(in: .english)); trying again in a second"
                )
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    func places() async throws -> [Place] {
        try await call { client in
            var found: [Place] = []
            let rows = try await client.query("SELECT id, name, latitude, longitude, category, address FROM places")
            for try await (id, name, latitude, longitude, category, address) in rows.decode(
                (String, String?, Double?, Double?, String?, String?).self)
            {
                if let place = Self.place(id: id, (name, latitude, longitude, category, address)) {
                    found.append(place)
                }
            }
            return found
        }
    }

    private static func place(
        id: String,
        _ columns: (name: String?, latitude: Double?, longitude: Double?, category: String?, address: String?)
    ) -> Place? {
        guard let name = columns.name, let latitude = columns.latitude, let longitude = columns.longitude,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        return Place(
            id: id, name: name, coordinate: coordinate,
            category: columns.category.flatMap(Category.init(rawValue:)) ?? .uncategorized,
            address: columns.address ?? "")
    }

    func secret(named name: String) async throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return try await call { client in
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
        try await call { client in
            let rows = try await client.query(
                "SELECT (SELECT count(*) FROM receipts), (SELECT count(*) FROM places)")
            for try await (receipts, places) in rows.decode((Int64, Int64).self) {
                return (Int(receipts), Int(places))
            }
            return (0, 0)
        }
    }
}

/// The first of a piece of work and a deadline. Work past its deadline is cancelled but not
/// awaited: a query on a frozen connection cannot be cancelled, and nobody should wait for it.
enum FirstOf {
    /// `body`'s value, or nil when `patience` ran out first.
    static func run<T: Sendable>(within patience: Duration, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T?
    {
        let answer = Answer<T>()
        return try await withCheckedThrowingContinuation { continuation in
            answer.wait(continuation)
            let work = Task {
                do { answer.give(.success(try await body())) } catch { answer.give(.failure(error)) }
            }
            let timer = Task {
                try? await Task.sleep(for: patience)
                if answer.give(.success(nil)) { work.cancel() }
            }
            answer.onGiven { timer.cancel() }
        }
    }

    /// A continuation resumed once, by whichever comes first.
    private final class Answer<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T?, any Error>?
            var given = false
            var done: (@Sendable () -> Void)?
        }
        private let state = Mutex(State())

        func wait(_ continuation: CheckedContinuation<T?, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Runs `done` once an answer is given (at once if it is already).
        func onGiven(_ done: @escaping @Sendable () -> Void) {
            let now = state.withLock { state -> Bool in
                if state.given { return true }
                state.done = done
                return false
            }
            if now { done() }
        }

        /// Resumes the waiter unless it was resumed already; true when this call did.
        @discardableResult
        func give(_ result: Result<T?, any Error>) -> Bool {
            let taken = state.withLock { state -> (CheckedContinuation<T?, any Error>, (@Sendable () -> Void)?)? in
                guard !state.given, let continuation = state.continuation else { return nil }
                state.given = true
                state.continuation = nil
                defer { state.done = nil }
                return (continuation, state.done)
            }
            guard let (continuation, done) = taken else { return false }
            continuation.resume(with: result)
            done?()
            return true
        }
    }
}

// MARK: Prepared statements

/// The hot path's queries, prepared once on each connection of the pool: PostgreSQL then parses
/// and plans them once rather than at every request. Their rows are read as ad hoc queries' are.
private protocol PreparedRows: PostgresPreparedStatement where Row == PostgresRow {}

extension PreparedRows {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }

    /// The values bound to `$1`, `$2`… in order.
    static func bindings(_ values: any PostgresNonThrowingEncodable...) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { bindings.append(value) }
        return bindings
    }
}

/// The account and expiry of a session, by its token's hash.
private struct SessionStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT accounts.id, accounts.kind, accounts.login, sessions.expires_at
        FROM sessions JOIN accounts ON accounts.id = sessions.account_id
        WHERE sessions.token_hash = $1
        """
    typealias Row = (Int64, String, String?, Date)
    let tokenHash: Data

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        try bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The feed's first page.
private struct FeedStatement: PreparedRows {
    static let sql =
        PostgresStorage.selection + """
             WHERE r.account_id = $1 ORDER BY r.date_time DESC, r.id DESC LIMIT $2
            """
    let account: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, Int64(limit)) }
}

/// A page of the feed after a position.
private struct FeedAfterStatement: PreparedRows {
    static let sql =
        PostgresStorage.selection + """
             WHERE r.account_id = $1 AND (r.date_time, r.id) < ($2, $3)
            ORDER BY r.date_time DESC, r.id DESC LIMIT $4
            """
    let account: Int64
    let dateTime: String
    let id: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, dateTime, id, Int64(limit)) }
}

/// A page of the change feed.
private struct ChangesStatement: PreparedRows {
    static let sql =
        PostgresStorage.selection + """
             WHERE r.account_id = $1 AND r.sequence > $2 ORDER BY r.sequence LIMIT $3
            """
    let account: Int64
    let since: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { Self.bindings(account, since, Int64(limit)) }
}
