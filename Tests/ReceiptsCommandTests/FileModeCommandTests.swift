import Foundation
import ReceiptTesting
import Testing

/// Under the most permissive umask (000), what the command line writes of a person's receipts is
/// still theirs alone: the database, its backups and the folders made for them (issue 31).
@Suite("receipts writes private files whatever the umask", .tags(.process), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct FileModeCommandTests {
    @Test("umask 000: the database 0600 in folders of 0700, a backup 0600; a 0644 database is narrowed with a warning")
    func permissiveUmask() async throws {
        let folder = try TemporaryFolder()
        var run = CommandRunner().english()
        run.umask = 0
        let database = folder.file("data/receipts/receipts.sqlite")
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_DB"] = database
        let file = Repository.url("Fuzz/corpus/FuzzExportedReceipts/bare.json").path
        #expect(try await run.run(["import", file]).status == 0)
        #expect(try TemporaryFolder.mode(database) == 0o600)
        #expect(try TemporaryFolder.mode(folder.file("data")) == 0o700)
        #expect(try TemporaryFolder.mode(folder.file("data/receipts")) == 0o700)
        let backup = folder.file("copy.sqlite")
        #expect(try await run.run(["backup", backup]).status == 0)
        #expect(try TemporaryFolder.mode(backup) == 0o600)

        chmod(database, 0o644)
        let listed = try await run.run(["list"])
        #expect(listed.status == 0)
        #expect(listed.errors.contains("warning: other users could read or change \(database)"), "\(listed.errors)")
        #expect(try TemporaryFolder.mode(database) == 0o600)
        #expect(try await !run.run(["list"]).errors.contains("warning"))
    }

    @Test(
        "umask 000: reports, ledger exports and QR images are written 0600; a file of the user's they replace keeps its mode"
    )
    func writtenFiles() async throws {
        let folder = try TemporaryFolder()
        var run = CommandRunner().english()
        run.umask = 0
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        let file = Repository.url("Fuzz/corpus/FuzzExportedReceipts/bare.json").path
        #expect(try await run.run(["import", file]).status == 0)

        // Before, each of these was 0666 under umask 000 (0644 under the usual 022).
        let reports = folder.file("reports")
        #expect(try await run.run(["report", "--out", reports]).status == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: reports)
        #expect(written.count >= 4, "\(written)")
        for name in written { #expect(try TemporaryFolder.mode(reports + "/" + name) == 0o600, "\(name)") }
        let ledger = folder.file("ledger.beancount")
        #expect(try await run.run(["export", "beancount", "-o", ledger]).status == 0)
        #expect(try TemporaryFolder.mode(ledger) == 0o600)
        let image = folder.file("code.png")
        let payload = "t=20240115T1230&s=100.00&fn=7380440700000001&i=1&fp=1&n=1"
        #expect(try await run.run(["qr", "render", "-o", image, payload]).status == 0)
        #expect(try TemporaryFolder.mode(image) == 0o600)

        // The user opened the export to others: the next export over it keeps their choice.
        chmod(ledger, 0o644)
        #expect(try await run.run(["export", "hledger", "-o", ledger]).status == 0)
        #expect(try TemporaryFolder.mode(ledger) == 0o644)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".partial")
        }
        #expect(leftovers.isEmpty)
    }
}
