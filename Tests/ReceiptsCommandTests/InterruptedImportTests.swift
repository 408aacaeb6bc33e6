import Foundation
import ReceiptTesting
import Testing

@Suite("receipts import, killed", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct InterruptedImportTests {
    @Test("kill -9 at 20 random moments, then re-run: the database and its totals equal an uninterrupted import")
    func killedAndResumed() async throws {
        let server = try await DemoServerProcess(receipts: 1_500)
        var run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        run.environment["RECEIPTS_DB"] = server.home + "/killed.sqlite"
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        for _ in 0..<20 {
            let process = try run.start(["import", "--quiet"])
            try await Task.sleep(for: .microseconds(Int.random(in: 30_000...350_000, using: &generator)))
            if process.isRunning {
                process.terminate(with: SIGKILL)
                kills += 1
            }
            _ = await process.exit()
        }
        #expect(kills > 0, "the import finished before any kill: the moments are too late for this machine")
        #expect(try await run.run(["import"]).status == 0)

        var clean = run
        clean.environment["RECEIPTS_DB"] = server.home + "/clean.sqlite"
        #expect(try await clean.run(["import"]).status == 0)
        let killed = try await run.run(["list", "--json"]).output
        let reference = try await clean.run(["list", "--json"]).output
        #expect(killed.count > 100_000)
        #expect(killed == reference)
        // The monthly totals were written with every page: they equal their recomputation and the
        // clean import's.
        #expect(try await run.run(["stats", "--verify"]).status == 0)
        let statistics = ["stats", "--from", "2020-01", "--to", "2030-12", "--json"]
        #expect(try await run.run(statistics).output == (try await clean.run(statistics).output))
        #expect(
            try await run.run(["categories", "--json"]).output
                == (try await clean.run(["categories", "--json"]).output))
    }
}
