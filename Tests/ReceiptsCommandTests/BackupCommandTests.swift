import Foundation
import ReceiptTesting
import Testing

@Suite("receipts backup", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct BackupCommandTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("backup writes a checked copy that opens alone with every receipt; --json gives path, receipts, bytes")
    func backUp() async throws {
        let server = try await DemoServerProcess(receipts: 200)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)
        let folder = try TemporaryFolder()
        let target = folder.file("receipts-copy.sqlite")

        let result = try await run.run(["backup", target, "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let answer = try json(result.output)
        #expect(answer["path"] as? String == target)
        #expect(answer["receipts"] as? Int == 200)
        let size = (try FileManager.default.attributesOfItem(atPath: target))[.size] as? Int
        #expect(answer["bytes"] as? Int == size)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["receipts-copy.sqlite"])
        #expect(
            try await run.run(["list", "--json", "--db", target]).output
                == (try await run.run(["list", "--json"]).output))

        // Into a folder: the copy takes the database's name there.
        let into = try TemporaryFolder()
        let text = try await server.runner(language: "ru").run(["backup", into.path])
        #expect(text.status == 0)
        #expect(text.output.contains("записана и проверена: 200 чеков"))
        #expect(FileManager.default.fileExists(atPath: into.file("receipts.sqlite")))
    }

    @Test("an existing file is replaced only with --force (else 2), never the database itself; no database is 3")
    func refusals() async throws {
        let folder = try TemporaryFolder()
        var run = CommandRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_SERVER"] = "http://127.0.0.1:9"
        let database = folder.file("receipts.sqlite")
        run.environment["RECEIPTS_DB"] = database

        let none = try await run.run(["backup", folder.file("copy.sqlite")])
        #expect(none.status == 3)
        #expect(none.errors.contains("no database yet at \(database)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        #expect(
            try await run.run([
                "add", "--qr", "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            ])
            .status == 0)
        let existing = try folder.write("my notes", to: "notes.txt")
        let refused = try await run.run(["backup", existing])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("\(existing) already exists; add --force"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "my notes")
        let russian = try await run.russian().run(["backup", existing])
        #expect(russian.status == 2 && russian.errors.contains("уже существует; чтобы заменить его, добавьте --force"))

        let replaced = try await run.run(["backup", existing, "--force", "--json"])
        #expect(replaced.status == 0)
        #expect(try json(replaced.output)["receipts"] as? Int == 1)
        #expect(try await run.run(["list", "--json", "--db", existing]).output.contains(#""id":1,"#))

        for target in [database, folder.path, folder.path + "/./receipts.sqlite"] {
            let itself = try await run.run(["backup", target, "--force"])
            #expect(itself.status == 2, "\(target)")
            #expect(itself.errors.contains("is the receipts database itself"), "\(target)")
        }
        let noFolder = try await run.run(["backup", folder.file("absent/copy.sqlite")])
        #expect(noFolder.status == 3)
        #expect(noFolder.errors.contains("no folder \(folder.file("absent"))"))
    }

    @Test("backups taken while an import writes are each a consistent moment: totals equal their recomputation")
    func duringImport() async throws {
        let server = try await DemoServerProcess(receipts: 1_500)
        var run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        run.environment["RECEIPTS_DB"] = server.home + "/busy.sqlite"
        let process = try run.start(["import", "--quiet"])
        let folder = try TemporaryFolder()
        var counts: [Int] = []
        var index = 0
        // Copies are taken for as long as the import runs (a loaded machine may let it end before
        // the first one: then only the copy after it is checked), and once more after it ends.
        while true {
            let running = process.isRunning
            let target = folder.file("copy\(index).sqlite")
            index += 1
            let result = try await run.run(["backup", target, "--json"])
            if result.status == 0 {
                counts.append(try json(result.output)["receipts"] as? Int ?? -1)
                #expect(try await run.run(["stats", "--verify", "--db", target]).status == 0, "copy \(index)")
            } else {
                // Before the import's first commit there is no database to copy yet, and while it
                // sets the file up (its schema steps) the file is locked: the next backup, a
                // process of its own, tries again.
                let early = result.status == 3 || result.errors.contains("is locked by another receipts process")
                #expect(early && running && counts.isEmpty, "\(result.errors)")
            }
            if !running { break }
        }
        #expect(await process.exit() == 0)
        #expect(counts.last == 1_500)
        #expect(counts == counts.sorted() && counts.allSatisfy { (0...1_500).contains($0) }, "\(counts)")
    }
}
