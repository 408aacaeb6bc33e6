import Foundation
import ReceiptCore
import ReceiptServer
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptCommandLine

/// The demo's receipts written straight into a database file, as `receipts demo` imports them from
/// its embedded server, with no server, no login and no HTTP: for tests of what the commands print
/// over a history (tables, layout, languages). `DemoDatabaseTests` checks that the file holds what
/// `receipts demo` writes.
enum DemoDatabase {
    /// Writes the demo's `receipts` receipts ending now (`receipts demo --demo-receipts N`) into a
    /// database at `path`, categorised by the rules of `configFolder` as the commands would.
    static func write(receipts: Int, to path: String, configFolder: String) throws {
        let history = try ReceiptsServer.demoHistory(until: try ServeCommand.today(), receiptCount: receipts)
        let database = try ReceiptDatabase.open(
            at: path, createIfMissing: true, rules: try CategoryRuleSet.standard(configFolder: configFolder))
        defer { database.close() }
        try database.save(
            [SyncPage(receipts: history.receipts, places: history.places)],
            position: SyncPosition(source: "demo", since: Int64(history.receipts.count)))
        try database.updateSearchIndex()
        try database.settleGuesses()
    }

    /// A runner in English over a database of `receipts` demo receipts in `folder`
    /// (`RealReceiptsCommandTests.runner(in:)`'s database and configuration).
    static func runner(receipts: Int, in folder: TemporaryFolder) throws -> InProcessRunner {
        let run = RealReceiptsCommandTests.runner(in: folder)
        try write(
            receipts: receipts, to: run.environment["RECEIPTS_DB"] ?? "", configFolder: folder.file("config/receipts"))
        return run
    }
}

@Suite("The demo's database without a server", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct DemoDatabaseTests {
    @Test("receipts demo says its server is gone at the end and names what to run next, not a login (issue 50)")
    func demoSaysWhatNext() async throws {
        let folder = try TemporaryFolder()
        let demo = try await RealReceiptsCommandTests.runner(in: folder).run(["demo", "--demo-receipts", "40"])
        #expect(demo.status == 0, "\(demo.errors)")
        // Before: «demo: log in as demo / demo» for a server that is gone once the command ends, and
        // «try adding: t=…» with no command to add it with.
        #expect(!demo.errors.contains("log in as") && !demo.errors.contains("try adding"), "\(demo.errors)")
        #expect(demo.errors.contains("a demo server in this process: 40 receipts"), "\(demo.errors)")
        let newest = try #require(demo.output.split(separator: "\n").first { $0.hasPrefix("#") })
        let id = String(newest.dropFirst().prefix { $0.isNumber })
        #expect(
            demo.errors.contains(
                "next: receipts stats · receipts web --open · receipts show \(id) · your own receipts"),
            "\(demo.errors)")
    }

    @Test("DemoDatabase holds what receipts demo imports: the same list, statistics, shops and search")
    func sameAsDemo() async throws {
        // Both end their history at the minute they run: made again when a minute turned between
        // them (a fresh make test once compared two histories a minute apart).
        var folders: (imported: TemporaryFolder, written: TemporaryFolder)
        var demo: InProcessRunner
        var fixture: InProcessRunner
        var tries = 0
        var minute: LocalDateTime
        repeat {
            tries += 1
            minute = try ServeCommand.today()
            folders = (try TemporaryFolder(), try TemporaryFolder())
            demo = RealReceiptsCommandTests.runner(in: folders.imported)
            #expect(try await demo.run(["demo", "--demo-receipts", "250", "--quiet"]).status == 0)
            fixture = try DemoDatabase.runner(receipts: 250, in: folders.written)
        } while try ServeCommand.today() != minute && tries < 3
        for arguments in [
            ["list", "--json"], ["stats", "--json", "--from", "2020-01"], ["shops", "--json"],
            ["categories", "--json"], ["search", "молоко", "--json"], ["show", "1", "--json"],
        ] {
            let expected = try await demo.run(arguments)
            let found = try await fixture.run(arguments)
            #expect(expected.status == 0 && found.status == 0, "\(arguments): \(expected.errors) \(found.errors)")
            #expect(found.output == expected.output, "\(arguments)")
        }
    }
}
