import Dispatch
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log back into the database file on a connection and thread of its own.
///
/// SQLite does this inside the commit that crosses its threshold, so the writer (an import's page
/// after page) stopped for every copy: about a sixth of writing's time. Here the writer's commits
/// only ask for a copy once the log holds ``threshold`` pages, and a passive checkpoint on another
/// connection runs beside the next writes.
final class WALCheckpointer: Sendable {
    /// Log pages after which a copy is asked for: by default 8,192 (32 MiB), since an import
    /// rewrites the same pages (indexes, totals) page after page and copying seldom copies each of
    /// them once.
    let threshold: CInt
    private let path: String
    /// Opened on the first copy, when the database file surely exists.
    private let connection = Mutex<DatabaseQueue?>(nil)
    private let scheduled = Mutex(false)
    private let queue = DispatchQueue(label: "receipts.checkpoint", qos: .utility)

    init(path: String, threshold: CInt = 8192) {
        self.path = path
        self.threshold = threshold
    }

    /// Makes the writer connection `db` ask this checkpointer for copies instead of checkpointing
    /// itself. The checkpointer must outlive the connection.
    func watch(_ db: Database) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = sqlite3_wal_hook(
            db.sqliteConnection,
            { context, _, _, pages in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                if pages >= checkpointer.threshold { checkpointer.checkpointSoon() }
                return SQLITE_OK
            }, context)
    }

    /// Starts a passive checkpoint unless one is already under way.
    func checkpointSoon() {
        let start = scheduled.withLock { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard start else { return }
        queue.async { [self] in
            defer { scheduled.withLock { $0 = false } }
            // A copy that fails (the disk is full, the file went away) is left for the next commit to
            // ask again; the log keeps every committed page meanwhile.
            try? checkpointer().writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
        }
    }

    private func checkpointer() throws -> DatabaseQueue {
        try connection.withLock { connection in
            if let connection { return connection }
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = "receipts-checkpoint"
            let opened = try DatabaseQueue(path: path, configuration: configuration)
            connection = opened
            return opened
        }
    }
}
