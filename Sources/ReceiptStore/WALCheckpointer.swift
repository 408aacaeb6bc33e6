import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log back into the database file mostly on a connection and thread of its
/// own.
///
/// SQLite does this inside the commit that crosses its threshold, so the writer (an import's page
/// after page) would stop for every copy. Here a commit that leaves
/// ``threshold`` pages in the log starts a passive checkpoint on another connection, beside the
/// next writes. Such a copy can never catch up with a writer that keeps writing, and the log only
/// starts again from its beginning once all of it is copied; so when the copy beside has finished
/// and little is left, the writer copies the rest itself, right after its commit, as SQLite would
/// have; and a log grown to four times the threshold waits for the copy beside and does the same.
final class WALCheckpointer: Sendable {
    /// Log pages after which a copy is asked for: by default 8,192 (32 MiB), since an import
    /// rewrites the same pages (indexes, totals) page after page and copying seldom copies each of
    /// them once.
    let threshold: CInt
    private let path: String
    /// Opened on the first copy, when the database file surely exists.
    private let connection = Mutex<DatabaseQueue?>(nil)
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "receipts.checkpoint", qos: .utility)

    private struct State {
        /// A copy beside the writer is under way.
        var copying = false
        /// How many log pages the last copy beside the writer reached.
        var copied: CInt = 0
    }

    init(path: String, threshold: CInt = 8192) {
        self.path = path
        self.threshold = threshold
    }

    /// Makes the writer connection `db` report its commits here instead of checkpointing by
    /// itself. ``unwatch(_:)`` must be called before the checkpointer goes.
    func watch(_ db: Database) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, _, pages in
                guard let context, let connection else { return SQLITE_OK }
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                    .committed(pages: pages, on: connection)
                return SQLITE_OK
            }, context)
    }

    /// Stops `db` reporting here.
    func unwatch(_ db: Database) {
        _ = sqlite3_wal_hook(db.sqliteConnection, nil, nil)
    }

    /// Waits for a copy under way and closes the connection copies are made on, before the
    /// database closes: the last copy is then the writer's own.
    func stop() {
        queue.sync {}
        connection.withLock { connection in
            try? connection?.close()
            connection = nil
        }
    }

    /// After a commit that leaves `pages` pages in the log of the writer `connection`.
    private func committed(pages: CInt, on connection: OpaquePointer) {
        guard pages >= threshold else { return }
        enum Step { case none, waitThenFinishHere, finishHere, copyBeside }
        let step = state.withLock { state -> Step in
            if state.copying { return pages >= 4 * threshold ? .waitThenFinishHere : .none }
            if pages - state.copied <= threshold / 8 || pages >= 4 * threshold {
                state.copied = 0
                return .finishHere
            }
            state.copying = true
            return .copyBeside
        }
        switch step {
        case .none:
            return
        case .waitThenFinishHere, .finishHere:
            // A copy beside that fell this far behind (a busy machine) is waited for; then the
            // writer's own copy completes the log, so that its next transaction starts it anew.
            if step == .waitThenFinishHere {
                queue.sync {}
                state.withLock { $0.copied = 0 }
            }
            _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            return
        case .copyBeside:
            break
        }
        queue.async { [self] in
            var copied: CInt = 0
            // A copy that fails (the disk is full, the file went away) is asked for again by a later
            // commit; the log keeps every committed page meanwhile.
            try? checkpointer()?.writeWithoutTransaction { db in
                var logged: CInt = 0
                _ = sqlite3_wal_checkpoint_v2(db.sqliteConnection, nil, SQLITE_CHECKPOINT_PASSIVE, &logged, &copied)
            }
            state.withLock { state in
                state.copying = false
                state.copied = copied
            }
        }
    }

    /// The connection copies are made on; nil once the file is gone (it would be created anew).
    private func checkpointer() throws -> DatabaseQueue? {
        try connection.withLock { connection in
            if let connection { return connection }
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = "receipts-checkpoint"
            let opened = try DatabaseQueue(path: path, configuration: configuration)
            connection = opened
            return opened
        }
    }
}
