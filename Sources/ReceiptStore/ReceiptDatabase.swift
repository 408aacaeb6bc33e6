import Foundation
import GRDB
import ReceiptCore
import Synchronization

/// The local receipts database: one SQLite file in WAL mode with foreign keys on, opened only after
/// checking that it is a database this version can read, so that nothing ever alters a file it
/// should not.
public final class ReceiptDatabase: Sendable {
    /// The file's path, as given.
    public let path: String
    let pool: DatabasePool
    /// What categorizes items as they are saved.
    public let rules: any CategoryRules
    /// Printed item names and places already resolved, so that an import looks each up once;
    /// `generation` moves when choices, rules or places change, and a transaction that began before
    /// that keeps its finds to itself.
    let resolved = Mutex(ResolvedCache())
    /// The name classifier, trained on first need and forgotten with the resolved names.
    let trained = Mutex<NameClassifier?>(nil)
    /// What the user's corrections of the rules teach, read on first need and forgotten with the
    /// classifier.
    let learned = Mutex<RuleCorrections?>(nil)

    /// False only when a benchmark measures what categories and totals cost an import.
    let keepsTotals: Bool
    /// Copies the write-ahead log into the file beside the writer; see ``WALCheckpointer``.
    private let checkpointer: WALCheckpointer
    /// Set by the first ``close()``.
    private let closed = Mutex(false)
    /// The files of the database that others could read or write when it was opened, now mode 0600
    /// (`PrivateFile/narrowDatabase(_:)`): for a warning.
    public let narrowed: [String]

    private init(
        path: String, pool: DatabasePool, rules: any CategoryRules, keepsTotals: Bool, checkpointer: WALCheckpointer,
        narrowed: [String]
    ) {
        self.narrowed = narrowed
        self.path = path
        self.pool = pool
        self.rules = rules
        self.keepsTotals = keepsTotals
        self.checkpointer = checkpointer
    }

    deinit {
        close()
    }

    /// Copies the write-ahead log into the database file and closes every connection, so that the
    /// `.sqlite` file alone holds the whole database (a copy of it, as people make, is complete);
    /// the object cannot read or write afterwards. Calling it again does nothing.
    ///
    /// Each command calls it as it finishes. The pool cannot leave it to SQLite: its reading
    /// connections are read-only and would close last, and a read-only connection never copies the
    /// log.
    public func close() {
        let first = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        checkpointer.stop()
        pool.writeWithoutTransaction { db in
            // The writer's log hook points at the checkpointer, which goes with this object.
            checkpointer.unwatch(db)
            Self.emptyLog(db, path: path)
        }
        // The reading connections close first, so that the writer closes last and SQLite removes
        // the empty log (unless another process still has the database open).
        pool.releaseMemory()
        try? pool.close()
    }

    /// Copies every page of the write-ahead log into the file and cuts the log to nothing, when it
    /// holds anything: at opening (what a killed process left) and at closing.
    ///
    /// A failure (another process holds the database for longer than the busy timeout, a full
    /// disk) is left for a later opening or closing: the log keeps every committed page meanwhile.
    static func emptyLog(_ db: Database, path: String) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        guard size > 0 else { return }
        _ = try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Opens the database at `path` and brings its schema up to date; creates the file and its
    /// folder when they do not exist, unless `createIfMissing` is false (commands that only read).
    ///
    /// Items are categorized by `rules`; when they differ from the rules the file was last
    /// categorized with, every item is categorized anew and the monthly totals rebuilt. Nil rules
    /// (the user's rules file cannot be read) leave the categories as the file holds them, for
    /// commands that only read receipts; a receipt saved meanwhile would take only its shop's.
    ///
    /// Fails without touching the file when it is not an SQLite database, is damaged, or was
    /// written by a newer version of the tool.
    public static func open(
        at path: String, createIfMissing: Bool = true, rules: (any CategoryRules)? = NoCategoryRules()
    ) throws(StoreError) -> ReceiptDatabase {
        try open(at: path, createIfMissing: createIfMissing, rules: rules, keepingTotals: true)
    }

    /// Opens the database as ``open(at:createIfMissing:rules:)`` does, or, with `keepingTotals`
    /// false, saving receipts as before categories, totals and unit prices existed: for benchmarks that
    /// measure their cost.
    @_spi(Benchmarks)
    public static func open(
        at path: String, createIfMissing: Bool, rules: (any CategoryRules)?, keepingTotals: Bool
    ) throws(StoreError) -> ReceiptDatabase {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isFolder)
        if isFolder.boolValue { throw .cannotOpen(path: path, reason: .isFolder) }
        // A device, a pipe or a socket (`--db /dev/null`) would take SQLite's writes and lose them.
        var status = stat()
        if exists, stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .cannotOpen(path: path, reason: .notRegularFile)
        }
        if !exists, !createIfMissing { throw .missing(path: path) }
        let narrowed: [String]
        // Nothing another user planted is read or written: not the file, nor a log beside it.
        do {
            try PrivateFile.refuseForeign(database: path)
        } catch {
            throw .foreignFile(path: error.path, owner: error.owner)
        }
        if exists {
            narrowed = try inspect(path)
        } else {
            // Mode 0600 from the first byte, and so its log and shared memory (SQLite gives them the
            // database's mode); the folders it makes 0700.
            do {
                try PrivateFile.createEmpty(path)
            } catch {
                throw .cannotOpen(path: path, reason: .system((error as NSError).localizedDescription))
            }
            narrowed = []
        }
        let checkpointer = WALCheckpointer(path: path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.label = "receipts"
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL keeps every committed transaction through a crash of the process and
            // the database consistent through a power cut, without an fsync at every commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            db.add(function: UnitPriceFunction.function)
            db.add(function: UnitPriceFunction.heading)
            if !db.configuration.readonly { checkpointer.watch(db) }
            // After the log started anew, a file grown past 64 MiB is cut back to that.
            try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
        }
        do {
            let pool = try openPool(path, configuration)
            try migrate(pool)
            let database = ReceiptDatabase(
                path: path, pool: pool, rules: rules ?? NoCategoryRules(), keepsTotals: keepingTotals,
                checkpointer: checkpointer, narrowed: narrowed)
            if keepingTotals, rules != nil { try database.categorizeIfRulesChanged() }
            if keepingTotals { try database.repriceIfRulesChanged() }
            // What a command killed while writing left in the log goes into the file now.
            pool.writeWithoutTransaction { db in emptyLog(db, path: path) }
            return database
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The connection pool. Switching a new file to the write-ahead log needs it alone, and SQLite
    /// answers busy at once, not after its timeout, when another process is making the same file
    /// that moment (an import and a listing started together): that is tried again for as long as
    /// the timeout allows.
    private static func openPool(_ path: String, _ configuration: Configuration) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(5)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(20_000)
            }
        }
    }

    /// Brings the schema up to date. Another process may be creating or upgrading the same file (a
    /// backup or a listing started while an import makes the database): a migration it applied while
    /// this one waited for the lock then fails here on what it already made, so the migrations still
    /// missing are read again and applied.
    private static func migrate(_ pool: DatabasePool) throws {
        var attempt = 0
        while true {
            do {
                try Schema.migrator.migrate(pool)
                return
            } catch {
                attempt += 1
                let done = try pool.read { db in try Schema.migrator.hasCompletedMigrations(db) }
                if done { return }
                if attempt >= 10 { throw error }
            }
        }
    }

    /// Reads an existing file without writing to it: the SQLite header, then the migrations it has.
    private static func inspect(_ path: String) throws(StoreError) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: .noPermission)
        }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        // An empty file is an empty database to SQLite; anything else must start with its magic.
        if !header.isEmpty, header != Data("SQLite format 3\0".utf8) { throw .notADatabase(path: path) }
        // A database others could read is narrowed before SQLite opens it (a new log takes the
        // database's mode); a file that is no database is left as it was.
        let narrowed = PrivateFile.narrowDatabase(path)
        if header.isEmpty { return narrowed }

        var configuration = Configuration()
        configuration.readonly = true
        // Another process may be making the file this moment (an import's first transaction, its
        // switch to the write-ahead log): wait for it as every other connection does.
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let unknown = try queue.read { db -> [String] in
                guard try db.tableExists("grdb_migrations") else { return [] }
                let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                let known = Set(Schema.migrator.migrations)
                return applied.filter { !known.contains($0) }
            }
            if !unknown.isEmpty { throw StoreError.newerVersion(path: path, unknownMigrations: unknown) }
            return narrowed
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The migrations this version knows, in order; the last one is the schema it writes.
    public static var schemaVersions: [String] { Schema.migrator.migrations }

    /// Runs SQLite's own integrity check; true when it finds nothing wrong.
    public func integrityCheck() throws(StoreError) -> Bool {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" }
    }

    // MARK: Access with errors mapped

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// A write transaction that saves receipts: it categorizes their items and writes the monthly
    /// totals they change before it commits; the names it met are cached once it has.
    func writeCounting<T>(_ body: (Database, inout SaveContext) throws -> T) throws(StoreError) -> T {
        var categorizer: Categorizer?
        var shops: [ByteKey: ShopIdentity.Entry] = [:]
        var generation = 0
        let result = try write { db in
            // Taken under the writer's lock, so that it holds whatever earlier transactions left.
            let cache = resolved.withLock { $0 }
            generation = cache.generation
            var context = SaveContext(
                categorizer: Categorizer(
                    rules: rules, classifier: { db in try self.classifier(in: db) },
                    corrections: { db in try self.corrections(in: db) }, cached: cache.names, places: cache.places),
                counting: keepsTotals)
            context.cachedShops = cache.shops
            let result = try body(db, &context)
            try context.delta.apply(in: db)
            let written = context.categorizer.placesWritten
            if !written.isEmpty {
                // Dropping entries is safe even if this transaction rolls back; the new generation
                // keeps any transaction that read them before from handing them back.
                resolved.withLock { state in
                    for id in written { state.places[id] = nil }
                    state.generation += 1
                }
                generation += 1
            }
            categorizer = context.categorizer
            shops = context.shops
            return result
        }
        if let categorizer, !categorizer.added.isEmpty || !categorizer.placesMet.isEmpty || !shops.isEmpty {
            resolved.withLock { state in
                guard state.generation == generation else { return }
                state.names.merge(categorizer.added)
                state.places.merge(categorizer.placesMet) { _, new in new }
                state.shops.merge(shops) { _, new in new }
            }
        }
        return result
    }

    /// Forgets every cached name, place and shop, after choices, rules, places or merged shops
    /// changed what they resolve to.
    func forgetResolved() {
        resolved.withLock { state in
            state = ResolvedCache(generation: state.generation + 1)
        }
        forgetClassifier()
    }

    /// Forgets the trained classifier, so that the next guess trains it on the names as they are.
    func forgetClassifier() {
        trained.withLock { $0 = nil }
        learned.withLock { $0 = nil }
    }

    /// What the user's corrections of the rules teach (``RuleCorrections``): each name, or line of
    /// one receipt, the user placed elsewhere than the rules did, words weighed over the file's names.
    /// A correction to the category of the shops the name was bought at (a bag at a DIY store moved
    /// to household) says what the shop is, not what the name is: it teaches nothing.
    func corrections(in db: Database) throws -> RuleCorrections {
        if let model = learned.withLock({ $0 }) { return model }
        let shop = ShopEvidence.shopSQL
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT n.key, n.rule, n.chosen FROM item_names n
                WHERE n.chosen IS NOT NULL AND n.rule IS NOT NULL AND n.chosen <> n.rule
                    AND EXISTS (
                        SELECT 1 FROM items i JOIN receipts r ON r.id = i.receipt_id
                        LEFT JOIN places p ON p.id = r.place_id LEFT JOIN shops s ON s.id = r.shop_id
                        WHERE i.name_id = n.id AND \(shop) IS NOT n.chosen)
                UNION
                SELECT n.key, n.rule, i.chosen FROM items i JOIN item_names n ON n.id = i.name_id
                    JOIN receipts r ON r.id = i.receipt_id
                    LEFT JOIN places p ON p.id = r.place_id LEFT JOIN shops s ON s.id = r.shop_id
                WHERE i.chosen IS NOT NULL AND n.chosen IS NULL AND n.rule IS NOT NULL AND i.chosen <> n.rule
                    AND \(shop) IS NOT i.chosen
                """)
        let corrections = rows.compactMap { row -> RuleCorrections.Correction? in
            guard let rule = (row["rule"] as String?).flatMap(Category.init(rawValue:)),
                let chosen = (row["chosen"] as String?).flatMap(Category.init(rawValue:))
            else { return nil }
            return RuleCorrections.Correction(key: row["key"], rule: rule, chosen: chosen)
        }
        let model =
            corrections.isEmpty
            ? RuleCorrections.none
            : RuleCorrections(
                corrections: corrections, names: try String.fetchAll(db, sql: "SELECT key FROM item_names"))
        learned.withLock { $0 = model }
        return model
    }

    /// The name classifier (``NameClassifier``), trained on the rules' examples and on the names this
    /// file holds with a category: a user's choice counts three times, a rule's once.
    func classifier(in db: Database) throws -> NameClassifier {
        if let model = trained.withLock({ $0 }) { return model }
        var examples = rules.examples
        let rows = try Row.fetchCursor(
            db, sql: "SELECT key, chosen, rule FROM item_names WHERE chosen IS NOT NULL OR rule IS NOT NULL ORDER BY id"
        )
        while let row = try rows.next() {
            if let chosen = (row["chosen"] as String?).flatMap(Category.init(rawValue:)) {
                examples.append(NameClassifier.Example(key: row["key"], category: chosen, weight: 3, source: .choice))
            } else if let rule = (row["rule"] as String?).flatMap(Category.init(rawValue:)) {
                examples.append(NameClassifier.Example(key: row["key"], category: rule))
            }
        }
        let model = NameClassifier(examples: examples)
        trained.withLock { $0 = model }
        return model
    }
}

extension StoreError {
    /// The store's error for whatever SQLite or GRDB threw.
    init(_ error: any Error, path: String) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as RecordError:
            self = .invalidRecord(path: path, row: error.row, reason: error.reason)
        case let error as TotalsBeyondBounds:
            self = .totalsBeyondBounds(path: path, month: error.month.description)
        case let error as DatabaseError:
            switch error.resultCode {
            case .SQLITE_NOTADB: self = .notADatabase(path: path)
            case .SQLITE_CORRUPT: self = .corrupt(path: path)
            case .SQLITE_READONLY, .SQLITE_PERM: self = .readOnly(path: path)
            case .SQLITE_FULL: self = .diskFull(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path)
            case .SQLITE_CANTOPEN:
                // In WAL mode even reading needs the folder writable (the -shm and -wal files).
                let folder = (path as NSString).deletingLastPathComponent
                let reason = error.message ?? "SQLITE_CANTOPEN"
                self =
                    access(folder.isEmpty ? "." : folder, W_OK) != 0
                    ? .readOnly(path: path) : .cannotOpen(path: path, reason: .system(reason))
            case .SQLITE_IOERR:
                // SQLite reports a full disk during a write as an I/O error on some file systems.
                let errno = POSIXErrorCode(rawValue: Foundation.errno)
                self = errno == .ENOSPC ? .diskFull(path: path) : .failed(path: path, reason: error.description)
            default: self = .failed(path: path, reason: error.message ?? error.description)
            }
        default:
            self = .failed(path: path, reason: String(describing: error))
        }
    }
}
