import Foundation
import GRDB
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Opening a database file", .timeLimit(.minutes(20)))
struct OpeningTests {
    @Test("a file that is not a database is refused and left untouched")
    func notADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        let content = Data("these are my shopping notes, not a database\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path: path)) { try ReceiptDatabase.open(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test("a damaged database is reported as damaged and left untouched")
    func damaged() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        do {
            let database = try ReceiptDatabase.open(at: path)
            try database.save(try Fixtures.receipt())
        }
        // Overwrite everything after the 100-byte header: the magic is right, the pages are noise.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        var generator = SystemRandomNumberGenerator()
        for index in 100..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: StoreError.self) { try ReceiptDatabase.open(at: path) }
        #expect([StoreError.corrupt(path: path), .notADatabase(path: path)].contains(error))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a database written by a newer version is refused with the migrations it does not know")
    func newerVersion() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        do {
            let database = try ReceiptDatabase.open(at: path)
            try database.save(try Fixtures.receipt())
        }
        try sqlite(path, "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerVersion(path: path, unknownMigrations: ["v99-from-the-future"])) {
            try ReceiptDatabase.open(at: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let message = StoreError.newerVersion(path: path, unknownMigrations: ["v99"]).message(in: .russian)
        #expect(message.contains("более новой версией"))
    }

    @Test("a reading command does not create a missing database")
    func missing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("none.sqlite")
        #expect(throws: StoreError.missing(path: path)) { try ReceiptDatabase.open(at: path, createIfMissing: false) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("several connections opening a new file at once each get the whole schema, applied once")
    func openedTogether() async throws {
        let folder = try TemporaryFolder("store")
        for round in 0..<8 {
            let path = folder.file("together-\(round).sqlite")
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask { try ReceiptDatabase.open(at: path).receiptCount() }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts == [0, 0, 0, 0])
        }
    }

    @Test("a folder, a device, a pipe, or a path under a file, cannot be opened")
    func unopenable() throws {
        let folder = try TemporaryFolder()
        #expect(throws: StoreError.cannotOpen(path: folder.path, reason: .isFolder)) {
            try ReceiptDatabase.open(at: folder.path)
        }
        // A device and a named pipe: before, `--db /dev/null` was "opened": the file's mode was
        // narrowed to 0600 (as root, /dev/null itself: every other user's writes to it failed from
        // then on), SQLite's writes went nowhere and the command failed with "disk I/O error …
        // COMMIT TRANSACTION". The test never opens the machine's own /dev/null: it makes a device
        // of its own (as root; the same numbers as /dev/null) and a pipe in its folder.
        let pipe = folder.file("pipe.sqlite")
        #expect(mkfifo(pipe, 0o600) == 0)
        var unusual = [pipe]
        let device = folder.file("null.sqlite")
        if getuid() == 0, mknod(device, mode_t(S_IFCHR) | 0o666, dev_t(1 << 8 | 3)) == 0 { unusual.append(device) }
        #expect(unusual.count == (getuid() == 0 ? 2 : 1))
        for path in unusual {
            var before = stat()
            #expect(stat(path, &before) == 0)
            #expect(throws: StoreError.cannotOpen(path: path, reason: .notRegularFile)) {
                try ReceiptDatabase.open(at: path)
            }
            // Refused before anything is done to it: its mode is as it was.
            var after = stat()
            #expect(stat(path, &after) == 0 && after.st_mode == before.st_mode)
        }
        #expect(
            StoreError.cannotOpen(path: "/dev/null", reason: .notRegularFile).message(in: .russian)
                .hasSuffix("это устройство или канал, а не обычный файл"))
        let file = folder.file("plain")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let error = try #require(throws: StoreError.self) { try ReceiptDatabase.open(at: file + "/r.sqlite") }
        guard case .cannotOpen = error else {
            Issue.record("expected cannotOpen, got \(error)")
            return
        }
    }

    /// Runs SQL on a file through a connection of its own, as another program would.
    private func sqlite(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
