import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

/// The database holds what a person bought and where: its file, its log and its shared memory are
/// for their owner only from the first byte, whatever the umask (issue 31: they were 0644).
@Suite("Receipt database: files for their owner only", .timeLimit(.minutes(20)))
struct FileModeTests {
    @Test("a new database, its -wal and -shm are 0600 and the folders made for it 0700")
    func newDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("made/for/it/receipts.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        _ = try database.save(try Fixtures.receipt())
        // The log and the shared memory exist while the database is open.
        for file in [path, path + "-wal", path + "-shm"] { #expect(try TemporaryFolder.mode(file) == 0o600, "\(file)") }
        for made in ["made", "made/for", "made/for/it"] {
            #expect(try TemporaryFolder.mode(folder.file(made)) == 0o700)
        }
        #expect(database.narrowed.isEmpty)
        let backup = try database.backUp(to: folder.file("copy.sqlite"))
        #expect(try TemporaryFolder.mode(backup.path) == 0o600)
        database.close()
    }

    @Test("a database others could read is narrowed to 0600 when opened, and says which files were")
    func widerDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("receipts.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        _ = try database.save(try Fixtures.receipt())
        database.close()
        chmod(path, 0o644)
        // A file that is no database is refused and its mode left as it was.
        let text = try folder.write("not a database", to: "notes.txt")
        chmod(text, 0o644)
        #expect(throws: StoreError.notADatabase(path: text)) { try ReceiptDatabase.open(at: text) }
        #expect(try TemporaryFolder.mode(text) == 0o644)
        let reopened = try ReceiptDatabase.open(at: path)
        #expect(reopened.narrowed == [path])
        #expect(try TemporaryFolder.mode(path) == 0o600)
        reopened.close()
    }
}
