import Foundation
import GRDB
import Testing

@testable import ReceiptStore

@Suite("The write-ahead log copied back beside the writer")
struct WALCheckpointerTests {
    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    private func writeRows(to path: String, watchedBy checkpointer: WALCheckpointer?) throws -> DatabasePool {
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
        for index in 0..<200 {
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
}
