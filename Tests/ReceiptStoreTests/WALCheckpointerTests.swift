import Foundation
import GRDB
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("The write-ahead log copied back beside the writer", .timeLimit(.minutes(20)))
struct WALCheckpointerTests {
    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    private func writeRows(
        to path: String, watchedBy checkpointer: WALCheckpointer?, count: Int = 200
    ) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            if let checkpointer, !db.configuration.readonly { checkpointer.watch(db) }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)") }
        // Without the checkpointer, SQLite's own copying is off too, as in the database's writer.
        if checkpointer == nil {
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        }
        for index in 0..<count {
            try pool.write { db in
                try db.execute(
                    sql: "INSERT INTO t (text) VALUES (?)",
                    arguments: [String(repeating: "x", count: 2000) + "\(index)"])
            }
        }
        return pool
    }

    @Test("commits past the threshold get their pages copied into the file by another connection")
    func copies() async throws {
        let folder = try TemporaryFolder()
        let watched = folder.file("watched.sqlite")
        let pool = try writeRows(to: watched, watchedBy: WALCheckpointer(path: watched, threshold: 16))
        let unwatched = folder.file("unwatched.sqlite")
        let control = try writeRows(to: unwatched, watchedBy: nil)
        // The copy runs on its own queue: wait for it, a while at most.
        for _ in 0..<100 where fileSize(watched) < 300_000 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(fileSize(watched) > 300_000)
        #expect(fileSize(unwatched) < 50_000)
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 200)
        #expect(try await control.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 200)
    }

    @Test("a writer that never stops still gets its log started anew: the log stays within four times the threshold")
    func boundedLog() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("busy.sqlite")
        let pool = try writeRows(to: path, watchedBy: WALCheckpointer(path: path, threshold: 32), count: 3_000)
        // 3,000 commits of a page or two each: without the writer finishing the copies the log would
        // hold thousands of pages; the file never shrinks below the largest it was.
        let logPages = fileSize(path + "-wal") / 4096
        #expect(logPages > 0)
        #expect(logPages <= 4 * 32 + 8, "\(logPages) pages in the log")
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 3_000)
    }
}
