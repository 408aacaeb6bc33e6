import Foundation
import GRDB
import ReceiptCore

/// What ``ReceiptDatabase/backUp(to:)`` wrote: a checked copy of the whole database.
public struct DatabaseBackup: Sendable, Equatable {
    /// The copy's path, as given.
    public let path: String
    /// How many receipts the copy holds.
    public let receipts: Int
    /// The copy's size in bytes.
    public let bytes: Int64
}

extension ReceiptDatabase {
    /// Copies the whole database, as it is at one moment, into the file `target`, replacing any file
    /// there; other connections and processes may read and write meanwhile (SQLite's online backup,
    /// in one step under one read transaction).
    ///
    /// The copy is written beside `target` under a random temporary name, created anew (never a
    /// file that was there), read back through a connection
    /// of its own with SQLite's integrity check, and only then renamed to `target`: a failed or
    /// interrupted backup never leaves a half-written file there, nor removes the one that was.
    /// `target` must not be this database's own file.
    public func backUp(to target: String) throws(StoreError) -> DatabaseBackup {
        if holdsFile(target) { throw .backupOverItself(path: target) }
        // A target (or a log beside it) another user planted is left alone: it would be read with
        // the copy, or keep the copy readable to them.
        do {
            try PrivateFile.refuseForeign(database: target)
        } catch {
            throw .foreignFile(path: error.path, owner: error.owner)
        }
        let temporary: String
        do {
            // The copy holds what the database does: mode 0600 from its first byte, under a name no
            // one can foresee and plant a file at first.
            let created = try PrivateFile.createTemporary(beside: target)
            Glibc.close(created.descriptor)
            temporary = created.path
        } catch {
            throw StoreError(error, path: target)
        }
        do {
            let copy = try DatabaseQueue(path: temporary)
            try pool.backup(to: copy)
            try copy.close()
            let (verdict, receipts) = try Self.check(temporary)
            guard verdict == ["ok"] else {
                throw StoreError.backupFailedCheck(path: target, problems: Array(verdict.prefix(3)))
            }
            // A log left beside an older file at `target` must never be read with the new one.
            unlink(target + "-wal")
            unlink(target + "-shm")
            guard rename(temporary, target) == 0 else {
                throw StoreError.cannotOpen(path: target, reason: .system(String(cString: strerror(errno))))
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: target))?[.size] as? Int ?? 0
            return DatabaseBackup(path: target, receipts: receipts, bytes: Int64(size))
        } catch {
            Self.removeDatabaseFiles(temporary)
            throw StoreError(error, path: target)
        }
    }

    /// SQLite's integrity check of the file at `path` through a connection of its own, and the
    /// number of receipts it holds.
    private static func check(_ path: String) throws -> (verdict: [String], receipts: Int) {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let verdict = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard verdict == ["ok"] else { return (verdict, 0) }
            return (verdict, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0)
        }
    }

    /// True when `file` is this database's own file under any name (one device, one inode).
    public func holdsFile(_ file: String) -> Bool {
        var given = stat()
        var own = stat()
        guard stat(file, &given) == 0, stat(path, &own) == 0 else { return false }
        return given.st_dev == own.st_dev && given.st_ino == own.st_ino
    }

    /// Removes the file and the log and shared-memory files SQLite keeps beside it, when there.
    private static func removeDatabaseFiles(_ path: String) {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] { unlink(file) }
    }
}
