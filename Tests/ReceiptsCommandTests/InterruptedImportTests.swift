import Foundation
import ReceiptTesting
import Testing

@Suite("receipts import, killed", .timeLimit(.minutes(20)))
struct InterruptedImportTests {
    @Test("kill -9 at 20 random moments, then re-run: the database and its totals equal an uninterrupted import")
    func killedAndResumed() async throws {
        // Twenty commands started, waited for and killed: on a thread of its own, so that tests with a
        // server in this process go on being answered meanwhile.
        try await offThePool(Self.killAndResume)
    }

    private static func killAndResume() throws {
        let server = try DemoServerProcess(receipts: 1_500)
        var run = server.runner()
        #expect(try run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        run.environment["RECEIPTS_DB"] = server.home + "/killed.sqlite"
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        for _ in 0..<20 {
            let process = try run.start(["import", "--quiet"])
            usleep(UInt32.random(in: 30_000...350_000, using: &generator))
            if process.isRunning {
                process.terminate(with: SIGKILL)
                kills += 1
            }
            _ = process.waitForExit()
        }
        #expect(kills > 0, "the import finished before any kill: the moments are too late for this machine")
        #expect(try run.run(["import"]).status == 0)

        var clean = run
        clean.environment["RECEIPTS_DB"] = server.home + "/clean.sqlite"
        #expect(try clean.run(["import"]).status == 0)
        let killed = try run.run(["list", "--json"]).output
        let reference = try clean.run(["list", "--json"]).output
        #expect(killed.count > 100_000)
        #expect(killed == reference)
        // The monthly totals were written with every page: they equal their recomputation and the
        // clean import's.
        #expect(try run.run(["stats", "--verify"]).status == 0)
        let statistics = ["stats", "--from", "2020-01", "--to", "2030-12", "--json"]
        #expect(try run.run(statistics).output == (try clean.run(statistics).output))
        #expect(try run.run(["categories", "--json"]).output == (try clean.run(["categories", "--json"]).output))
    }
}
