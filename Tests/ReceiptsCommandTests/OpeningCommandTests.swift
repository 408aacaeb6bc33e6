import Foundation
import ReceiptTesting
import Testing

@Suite(
    "Opening the database: none yet, and a broken rules file",
    .timeLimit(.minutes(20)))
struct OpeningCommandTests {
    static let payload = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    /// A runner whose config and data live in `folder`, with nothing in them yet.
    private static func runner(in folder: TemporaryFolder, russian: Bool = false) -> InProcessRunner {
        var run = russian ? InProcessRunner().russian() : InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["XDG_DATA_HOME"] = folder.file("data")
        return run
    }

    static let readingCommands: [[String]] = [
        ["list"], ["show", "1"], ["search", "молоко"], ["stats"], ["categories"], ["report"], ["history"],
        ["qr", "render", "1", "-o", "qr.png"], ["places", "--offline", "--near", "55.75,37.61"],
        ["backup", "copy.sqlite"],
    ]

    @Test("a read-only command on a missing database says to run import, exits 3 and creates nothing")
    func missingDatabase() async throws {
        let folder = try TemporaryFolder()
        let database = folder.file("data/receipts/receipts.sqlite")
        for (index, command) in Self.readingCommands.enumerated() {
            let russian = index % 2 == 1
            let result = try await Self.runner(in: folder, russian: russian).run(command)
            #expect(result.status == 3, "\(command)")
            #expect(result.errors.contains(database), "\(command)")
            let words = russian ? "базы чеков ещё нет" : "no database yet"
            #expect(result.errors.contains(words) && result.errors.contains("receipts import"), "\(command)")
            // The ways in are named: a file, the tax service, the example (before, `receipts import` alone).
            let file = russian ? "receipts import ФАЙЛ" : "receipts import FILE"
            #expect(result.errors.contains(file) && result.errors.contains("receipts demo"), "\(command)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("data")), "\(command) made a database")
        }
    }

    @Test("show of a pending receipt says what brings its lines, with no empty block (issue 50)")
    func showPending() async throws {
        let folder = try TemporaryFolder()
        var run = Self.runner(in: folder)
        run.environment["RECEIPTS_SERVER"] = "http://127.0.0.1:9"
        #expect(try await run.run(["add", "--qr", Self.payload]).status == 0)
        let shown = try await run.run(["show", "1"])
        #expect(shown.status == 0, "\(shown.errors)")
        // Before: «—» for the shop and two empty lines where the lines would be, no word of what to do.
        #expect(shown.output.hasPrefix("Shop not known yet\n"), "\(shown.output)")
        #expect(shown.output.contains("receipts complete (or receipts fns import)"), "\(shown.output)")
        #expect(!shown.output.contains("\n\n\n"), "\(shown.output)")
        // Every line within 60 columns, as a narrow terminal shows it.
        let long = shown.output.split(separator: "\n").filter { $0.count > 60 && !$0.hasPrefix("QR:") }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("commands that write create the database")
    func writersCreate() async throws {
        let folder = try TemporaryFolder()
        var run = Self.runner(in: folder)
        run.environment["RECEIPTS_SERVER"] = "http://127.0.0.1:9"
        #expect(try await run.run(["add", "--qr", Self.payload]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("data/receipts/receipts.sqlite")))
        let other = folder.file("other/choices.sqlite")
        #expect(try await run.run(["categories", "set", "молоко", "groceries", "--db", other]).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test("a broken rules file: list, show and search warn once with file:line; stats, report, categories refuse")
    func brokenRules() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        let file = try folder.write(
            #"{"dateTime": "2024-01-31T12:30:00", "operationType": 1, "totalSum": 17998, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 7, "fiscalSign": 8, "items": [{"name": "МОЛОКО ПАСТ.3,2% 930МЛ", "price": 8999, "quantity": 2, "sum": 17998}]}"#,
            to: "receipt.json")
        #expect(try await run.run(["import", file]).status == 0)
        try FileManager.default.createDirectory(
            atPath: folder.file("config/receipts"), withIntermediateDirectories: true)
        let rules = try folder.write(
            "groceries: молок\nthis line has no colon\n", to: "config/receipts/category-rules.txt")

        for (index, command) in [["list"], ["show", "1"], ["search", "молоко"]].enumerated() {
            let russian = index == 1
            let result = try await Self.runner(in: folder, russian: russian).run(command)
            #expect(result.status == 0, "\(command): \(result.errors)")
            #expect(result.output.contains("1"), "\(command)")
            let warnings = result.errors.split(separator: "\n").filter { $0.contains("\(rules):2") }
            #expect(warnings.count == 1, "\(command): \(result.errors)")
            #expect(result.errors.contains(russian ? "предупреждение" : "warning"), "\(command)")
        }
        for command in [["stats"], ["report", "--month", "2024-01", "--out", folder.file("reports")], ["categories"]] {
            let result = try await run.run(command)
            #expect(result.status == 6, "\(command)")
            #expect(result.errors.contains("\(rules):2: no colon"), "\(command): \(result.errors)")
            #expect(!result.errors.contains("warning"), "\(command)")
        }
    }
}
