import Foundation
import GRDB
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("The database file holds the whole database", .timeLimit(.minutes(20)))
struct DatabaseFileTests {
    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// Copies the file alone, as a person backing it up would, into `folder` as `name`.
    private func copyAlone(_ path: String, to folder: TemporaryFolder, as name: String) throws -> String {
        let copy = folder.file(name)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    private func receipts(_ count: Int) throws -> [Receipt] {
        try (0..<count).map { index in
            try Fixtures.receipt(i: Int64(1000 + index), date: "2025-0\(1 + index % 9)-1\(index % 10)T12:00:00")
        }
    }

    @Test("close copies the log into the file and removes it: the file alone holds every receipt")
    func closeEmptiesTheLog() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        _ = try database.save(try receipts(300))
        #expect((size(path + "-wal") ?? 0) > 0, "the receipts should sit in the log before closing")
        database.close()
        database.close()
        #expect((size(path + "-wal") ?? 0) == 0)
        let copy = try copyAlone(path, to: folder, as: "copy.sqlite")
        #expect(try ReceiptDatabase.open(at: copy, createIfMissing: false).receiptCount() == 300)
    }

    @Test("what a killed writer left in the log is in the file once the database is opened again")
    func openingEmptiesAKilledWritersLog() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let crashed = try TemporaryFolder()
        let image = crashed.file("r.sqlite")
        do {
            let database = try ReceiptDatabase.open(at: path)
            _ = try database.save(try receipts(120))
            // The files as a process killed now leaves them: the file and its log, committed pages
            // only in the log.
            try FileManager.default.copyItem(atPath: path, toPath: image)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: image + "-wal")
        }
        #expect((size(image + "-wal") ?? 0) > 0)
        let reopened = try ReceiptDatabase.open(at: image, createIfMissing: false)
        #expect((size(image + "-wal") ?? 0) == 0)
        let copy = try copyAlone(image, to: folder, as: "copy.sqlite")
        #expect(try ReceiptDatabase.open(at: copy, createIfMissing: false).receiptCount() == 120)
        #expect(try reopened.receiptCount() == 120)
    }

    @Test("a backup is a checked copy that opens alone; it replaces an older file and its stale log")
    func backUp() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        _ = try database.save(try receipts(40))
        let target = folder.file("backup.sqlite")
        // An older backup with a log of its own beside it (as a killed process leaves one): SQLite
        // would replay that log into the new file, had the backup left it there.
        do {
            let older = try ReceiptDatabase.open(at: target)
            _ = try older.save(try receipts(5))
            try FileManager.default.copyItem(atPath: target + "-wal", toPath: folder.file("stale-wal"))
        }
        try FileManager.default.moveItem(atPath: folder.file("stale-wal"), toPath: target + "-wal")

        let backup = try database.backUp(to: target)
        #expect(backup.path == target && backup.receipts == 40 && backup.bytes == Int64(size(target) ?? -1))
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("partial")
        }
        #expect(leftovers.isEmpty)
        let copy = try ReceiptDatabase.open(at: target, createIfMissing: false)
        #expect(try copy.receiptCount() == 40)
        #expect(try copy.integrityCheck())
    }

    @Test("a backup never replaces the database it copies, under any name")
    func backUpOverItself() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        _ = try database.save(try receipts(3))
        let other = folder.path + "/./r.sqlite"
        #expect(throws: StoreError.backupOverItself(path: other)) { try database.backUp(to: other) }
        #expect(try database.receiptCount() == 3)
    }

    /// Gives `path` to the user `nobody` (65534), as a file another user of the machine made there.
    private func giveToNobody(_ path: String) throws {
        guard chown(path, 65_534, 65_534) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    @Test(
        "a backup writes into a file no one could plant: a file at the old foreseeable partial name is left as it was",
        .enabled(if: geteuid() == 0, "giving a file to another user needs root")
    )
    func backUpBesidePlantedFiles() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        _ = try database.save(try receipts(7))
        let target = folder.file("backup.sqlite")
        // What another user planted, world-writable, at the name the backup used to write its copy
        // under (`TARGET.PID.partial`): the copy went into that file before, and the planter read it.
        let planted = target + ".\(getpid()).partial"
        try Data("planted".utf8).write(to: URL(fileURLWithPath: planted))
        chmod(planted, 0o666)
        try giveToNobody(planted)

        let backup = try database.backUp(to: target)
        #expect(backup.receipts == 7)
        #expect(try String(contentsOfFile: planted, encoding: .utf8) == "planted")
        #expect(PrivateFile.owner(of: planted) == "nobody")
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(!PrivateFile.isForeign(target))
        // Only the planted file and the two databases are there: the copy's own name is gone.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            names == ["backup.sqlite", "backup.sqlite.\(getpid()).partial", "r.sqlite", "r.sqlite-shm", "r.sqlite-wal"])
    }

    @Test(
        "a database, a log beside it or a backup target that another user owns is refused and left as it was",
        .enabled(if: geteuid() == 0, "giving a file to another user needs root")
    )
    func foreignFilesRefused() throws {
        let folder = try TemporaryFolder()
        // A database another user made, open to all: before, it was used without a word.
        let theirs = folder.file("theirs.sqlite")
        _ = try ReceiptDatabase.open(at: theirs).save(try receipts(2))
        chmod(theirs, 0o666)
        try giveToNobody(theirs)
        let before = try Data(contentsOf: URL(fileURLWithPath: theirs))
        #expect(throws: StoreError.foreignFile(path: theirs, owner: "nobody")) {
            try ReceiptDatabase.open(at: theirs)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: theirs)) == before)
        #expect(PrivateFile.ownMode(theirs) == nil)

        // A log planted beside a database that does not exist yet.
        let mine = folder.file("mine.sqlite")
        _ = FileManager.default.createFile(atPath: mine + "-wal", contents: Data())
        try giveToNobody(mine + "-wal")
        #expect(throws: StoreError.foreignFile(path: mine + "-wal", owner: "nobody")) {
            try ReceiptDatabase.open(at: mine)
        }
        unlink(mine + "-wal")

        // A backup's target that another user owns.
        let database = try ReceiptDatabase.open(at: mine)
        _ = try database.save(try receipts(3))
        let target = folder.file("backup.sqlite")
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: target))
        try giveToNobody(target)
        #expect(throws: StoreError.foreignFile(path: target, owner: "nobody")) { try database.backUp(to: target) }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "theirs")
        let message = StoreError.foreignFile(path: target, owner: "nobody").message(in: .english)
        #expect(
            message
                == "\(target) belongs to another user (nobody), who could read or replace what it holds; the file was left alone: remove it or give another path"
        )
    }
}
