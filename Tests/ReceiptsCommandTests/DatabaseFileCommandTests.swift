import Foundation
import GRDB
import ReceiptTesting
import Synchronization
import Testing

@Suite("The database file after each command", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct DatabaseFileCommandTests {
    static let payload = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    private static func logSize(_ database: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: database + "-wal"))?[.size] as? Int ?? 0
    }

    /// Whether a receipt has been committed: read through a read-only connection opened for the
    /// question (beside the writer, as write-ahead logging allows) and closed after it. A log can
    /// grow past any size inside the import's first transaction, before any receipt is committed.
    private static func holdsReceipts(_ database: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        guard let reader = try? DatabaseQueue(path: database, configuration: configuration) else { return false }
        defer { try? reader.close() }
        return (try? reader.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM receipts)") }) == true
    }

    /// Copies the `.sqlite` file alone, as a person backing it up would, and checks that `command`
    /// prints the same from the copy as from the database.
    private static func expectWholeFile(
        _ run: CommandRunner, database: String, _ command: [String], after step: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(logSize(database) == 0, "the log still holds pages after \(step)", sourceLocation: sourceLocation)
        let folder = try TemporaryFolder()
        let copy = folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        let original = try await run.run(command + ["--db", database])
        let copied = try await run.run(command + ["--db", copy])
        #expect(original.status == 0 && copied.status == 0, "\(step)", sourceLocation: sourceLocation)
        #expect(!original.output.isEmpty, "\(step)", sourceLocation: sourceLocation)
        #expect(
            copied.output == original.output, "the copy of the file alone differs after \(step)",
            sourceLocation: sourceLocation)
    }

    @Test("after import, add, categories set and a file import, the .sqlite file alone holds everything")
    func wholeFileAfterWrites() async throws {
        let server = try await DemoServerProcess(receipts: 200)
        let run = server.runner()
        let database = server.home + "/data/receipts/receipts.sqlite"
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--quiet"]).status == 0)
        try await Self.expectWholeFile(run, database: database, ["list", "--json"], after: "import")

        var offline = run
        offline.environment["RECEIPTS_SERVER"] = "http://127.0.0.1:9"
        offline.environment["RECEIPTS_NETWORK_BUDGET"] = "0"
        let unsynced = server.home + "/unsynced.sqlite"
        #expect(try await offline.run(["add", "--qr", Self.payload, "--db", unsynced]).status == 0)
        try await Self.expectWholeFile(run, database: unsynced, ["list", "--json"], after: "add")

        #expect(try await run.run(["categories", "set", "МОЛОКО ПАСТ.3,2% 930МЛ", "alcohol_tobacco"]).status == 0)
        try await Self.expectWholeFile(run, database: database, ["categories", "--json"], after: "categories set")

        let file = server.home + "/exported.json"
        try
            #"{"dateTime": "2024-01-31T23:30:00", "operationType": 1, "totalSum": 100, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 7, "fiscalSign": 8}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await run.run(["import", file]).status == 0)
        try await Self.expectWholeFile(
            run, database: database, ["list", "--month", "2024-01", "--json"], after: "a file import")
    }

    @Test("an import killed while writing loses nothing, and the next command, a read, puts its log in the file")
    func killedImportThenRead() async throws {
        // Enough receipts that the import is still writing when its log has grown: the log is
        // copied into the file as commits pass a threshold, so a short import may never show it.
        let server = try await DemoServerProcess(receipts: 10_000)
        var run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        let database = server.home + "/killed.sqlite"
        run.environment["RECEIPTS_DB"] = database
        let process = try run.start(["import", "--quiet"])
        // Killed once receipts are committed and pages sit in the log: mid-import. Watched by a timer on a dispatch
        // queue of its own, not from Swift's pool: in a whole run the pool's two threads can be busy
        // for longer than the import takes (a fresh make test once saw the import end before its
        // watcher woke); the test awaits the kill without holding a thread. The bound on ticks is
        // not a timing: on a loaded machine the import's first pages (and the classifier's
        // training before them) can take many seconds.
        await withCheckedContinuation { (killed: CheckedContinuation<Void, Never>) in
            let ticks = Mutex(0)
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "killed-import watcher"))
            timer.setEventHandler {
                let tick = ticks.withLock { value in
                    value += 1
                    return value
                }
                let committed = Self.logSize(database) >= 200_000 && Self.holdsReceipts(database)
                guard committed || !process.isRunning || tick >= 120_000 else { return }
                process.terminate(with: SIGKILL)
                timer.cancel()
                killed.resume()
            }
            timer.schedule(deadline: .now(), repeating: .milliseconds(1))
            timer.resume()
        }
        _ = await process.exit()
        #expect(process.endedBySignal == true, "the import ended before it was killed")
        #expect(Self.logSize(database) > 0)

        let listed = try await run.run(["list", "--json"])
        #expect(listed.status == 0)
        #expect(listed.output.contains(#""id":1,"#))
        try await Self.expectWholeFile(run, database: database, ["list", "--json"], after: "a read after the kill")
    }
}
