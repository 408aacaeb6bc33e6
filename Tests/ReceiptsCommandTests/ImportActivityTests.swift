import Foundation
import ReceiptTesting
import Testing

@Suite("receipts import, told as it goes", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ImportActivityTests {
    @Test("--verbose names the database, the rules file and each request with its status and time")
    func verbose() async throws {
        let server = try await DemoServerProcess(receipts: 60)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        let database = server.home + "/data/receipts/receipts.sqlite"
        let rules = server.home + "/config/receipts/category-rules.txt"
        let result = try await run.run(["import", "--verbose"])
        #expect(result.status == 0)
        #expect(result.errors.contains("database: \(database)\n"))
        #expect(result.errors.contains("category rules: the shipped ones (no file of yours at \(rules))\n"))
        let first = try #require(
            result.errors.firstRange(of: #/GET /api/v1/changes\?since=0&limit=50: 200 in \d+ ms\n/#))
        #expect(!result.errors[first.upperBound...].isEmpty)
        #expect(result.errors.components(separatedBy: "GET /api/v1/changes?since=").count == 3)

        try "groceries: молок\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let russian = try await server.runner(language: "ru").run(["list", "--verbose"])
        #expect(russian.errors.contains("правила категорий: \(rules), затем встроенные\n"))
        #expect(russian.errors.contains("база: \(database)\n"))
        #expect(!(try await run.run(["list"]).errors.contains("database:")))
    }

    @Test("an import stopped by the network ends its progress line, says what it kept; the next run goes on")
    func stoppedAndResumed() async throws {
        let total = 3_000
        let server = try await DemoServerProcess(receipts: total)
        var run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        run.environment["RECEIPTS_NETWORK_BUDGET"] = "2"
        let session = try TerminalSession(["import"], runner: run)
        // A stopped server takes connections and never answers: the tries time out. It is stopped
        // the moment the first pages show, by the session's reader: a task awaiting them might
        // resume after the import had ended on a busy machine.
        let pid = server.process.processIdentifier
        session.whenDrawn(" pages, ") { kill(pid, SIGSTOP) }
        defer { kill(pid, SIGCONT) }
        let status = await session.wait()
        let screen = session.transcript
        #expect(status == 4, "\(screen.debugDescription)")
        // The bar's last state stays, on a line of its own, without its spinner; then the message.
        let ended =
            #/\r(\d+) pages, (\d+) receipts, \d+/s\u{1B}\[K\r\n\u{1B}\[31mreceipts: error:\u{1B}\[0m server http://127.0.0.1:\d+ does not answer \(timed out\)/#
        let match = try #require(screen.firstMatch(of: ended), "\(screen.debugDescription)")
        let written = try #require(Int(match.2))
        #expect(written > 0 && written < total)
        #expect(
            screen.contains(
                "\(written) receipts were written and are kept; running receipts import again goes on from there."))
        kill(pid, SIGCONT)
        let resumed = try await run.run(["import", "--json"])
        #expect(resumed.status == 0)
        #expect(resumed.output.contains(#""imported":\#(total - written),"#), "\(resumed.output)")
    }
}
