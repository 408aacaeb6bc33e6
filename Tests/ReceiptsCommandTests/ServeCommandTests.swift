import Foundation
import ReceiptTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("receipts serve", .tags(.process, .server, .postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ServeCommandTests {
    @Test("serves the demo on a free loopback port, answers /health, and stops on SIGTERM")
    func demo() async throws {
        let server = try await DemoServerProcess(receipts: 120)
        #expect(server.startupLog.contains("demo: log in as demo / demo; 120 receipts"))
        let (data, response) = try await URLSession.shared.data(
            from: try #require(URL(string: server.url + "/health")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("\"receipts\":120"))
        #expect(await server.stop() == 0)
    }

    @Test("a bad places file stops it with exit 6 and the line that is wrong")
    func badPlaces() async throws {
        let temporary = try TemporaryFolder("serve")
        let folder = temporary.path
        try "id,name,lat,lon,category,address\nok,Shop,55,37,groceries,\nbad,Shop,55,,groceries,\n"
            .write(toFile: folder + "/places.csv", atomically: true, encoding: .utf8)
        let result = try await CommandRunner().russian().run([
            "serve", "--port", "0", "--db", folder + "/server.sqlite", "--places", folder + "/places.csv",
        ])
        #expect(result.status == 6)
        #expect(result.errors.contains("places.csv, строка 3: неверные координаты"))
    }
}

@Suite("receipts serve on a busy port", .tags(.process, .server, .postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ServeBusyPortTests {
    @Test("a port another program holds is one line naming the port and --port, exit 1")
    func busyPort() async throws {
        let holder = try await DemoServerProcess(receipts: 1)
        let folder = try TemporaryFolder("serve")
        for (language, expected) in [
            (
                "en",
                "receipts: error: port \(holder.port) on 127.0.0.1 is taken by another program: choose another with --port (--port 0 for any free one)\n"
            ),
            (
                "ru",
                "receipts: ошибка: порт \(holder.port) на 127.0.0.1 занят другой программой: выберите другой с --port (--port 0 — любой свободный)\n"
            ),
        ] {
            let result = try await CommandRunner().english().run([
                "serve", "--port", String(holder.port), "--db", folder.file("server.sqlite"), "--lang", language,
            ])
            #expect(result.status == 1)
            #expect(result.errors.hasSuffix(expected), "\(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1)
        }
    }
}

@Suite("receipts serve on PostgreSQL", .tags(.process, .server, .postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ServePostgresTests {
    /// A loopback port nothing listens on (below 1024, and no service of this machine uses it).
    static let closedPort = 1

    @Test("a PostgreSQL nobody answers at is one line, exit 1, in the user's language, no password shown")
    func unreachable() async throws {
        for (language, expected) in [
            (
                "en",
                "cannot use PostgreSQL at postgresql://bob@127.0.0.1:1/receipts?sslmode=prefer: the connection was refused"
            ),
            (
                "ru",
                "не удаётся работать с PostgreSQL postgresql://bob@127.0.0.1:1/receipts?sslmode=prefer: соединение отклонено"
            ),
        ] {
            let result = try await CommandRunner().english().run([
                "serve", "--port", "0", "--db", "postgresql://bob:hunter2@127.0.0.1:\(Self.closedPort)/receipts",
                "--lang", language,
            ])
            #expect(result.status == 1)
            #expect(result.errors.contains(expected), "\(result.errors)")
            #expect(!result.errors.contains("hunter2") && !result.output.contains("hunter2"))
            // The error, after the warning that a password in --db shows in `ps`.
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].contains("PGPASSWORD") && lines[0].contains("ps"))
        }
    }

    @Test("a mistyped URL is refused with exit 6, not taken for an SQLite file named after it")
    func mistyped() async throws {
        let folder = try TemporaryFolder("serve")
        for mistyped in ["postgresql:/bob:hunter2@127.0.0.1:1/x", "pgsql://bob:hunter2@h/x", "postgresql://"] {
            var run = CommandRunner().english()
            run.currentDirectory = folder.path
            let result = try await run.run(["serve", "--port", "0", "--db", mistyped])
            #expect(result.status == 6, "\(mistyped): \(result.errors)")
            #expect(!result.errors.contains("hunter2"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a proxy that is no address or block, a host that is no name, a limit of 0: usage errors naming the value")
    func badSecurityOptions() async throws {
        let cases: [([String], String)] = [
            (["--trusted-proxy", "10.0.0.0/8,10.0.0.0/33"], "--trusted-proxy 10.0.0.0/33: give an address or a block"),
            (["--trusted-proxy", "proxy.internal"], "--trusted-proxy proxy.internal: give an address or a block"),
            (["--allowed-host", "https://example.org/"], "--allowed-host “https://example.org/”: give a host name"),
            (["--adds-per-hour", "0"], "--adds-per-hour 0: give 1 to 1000000"),
        ]
        for (arguments, expected) in cases {
            let result = try await CommandRunner().english().run(["serve", "--port", "0"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.errors)")
            #expect(result.errors.contains(expected), "\(result.errors)")
        }
    }

    @Test("the demo on PostgreSQL: served, seeded, and the database named without its password")
    func demo() async throws {
        try await PostgresCluster().withDatabase { database in
            let server = try await DemoServerProcess(receipts: 40, database: database)
            #expect(server.startupLog.contains("demo: log in as demo / demo; 40 receipts"))
            #expect(server.startupLog.contains("(database postgresql://postgres@127.0.0.1:"))
            let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: server.url + "/health")))
            #expect(String(decoding: data, as: UTF8.self).contains("\"receipts\":40"))
            #expect(await server.stop() == 0)
        }
    }

    @Test(
        "SIGTERM under load: the request in flight is answered, no request gets a 5xx, exit 0, nothing acknowledged lost"
    )
    func stopUnderLoad() async throws {
        try await PostgresCluster().withDatabase { database in
            // The account's add limits lifted: the load adds as fast as it is answered.
            let unlimited = ["--adds-per-hour", "1000000", "--adds-per-day", "1000000"]
            let server = try await DemoServerProcess(
                extra: ["--demo", "--demo-receipts", "40"] + unlimited, database: database)
            let visitor = try await ServerVisitor(server.url)
            // A request in flight when the signal comes: its body half sent.
            let slowBody = #"{"qr": "\#(Self.payload(0))"}"#
            let slow = try RawConnection(port: server.port)
            slow.send(
                "POST /api/v1/receipts HTTP/1.1\r\nHost: localhost\r\nCookie: \(visitor.cookie)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(slowBody.utf8.count)\r\nConnection: close\r\n\r\n"
                    + slowBody.prefix(10))
            // Four clients adding receipts one after another until the server stops answering.
            let answered = AnswerCount()
            let load = (1...4).map { client in
                Task { () -> (acknowledged: [Int], statuses: [Int]) in
                    var acknowledged: [Int] = []
                    var statuses: [Int] = []
                    for n in 0..<10_000 {
                        let number = client * 10_000 + n
                        guard let status = try? await visitor.add(payload: Self.payload(number)) else { break }
                        statuses.append(status)
                        answered.count.add(1, ordering: .relaxed)
                        if status == 201 { acknowledged.append(number) }
                    }
                    return (acknowledged, statuses)
                }
            }
            // Half a second of load, and at least a few answers however slow the machine is.
            try await Task.sleep(for: .milliseconds(500))
            for _ in 0..<300 where answered.count.load(ordering: .relaxed) < 8 {
                try await Task.sleep(for: .milliseconds(100))
            }
            kill(server.process.processIdentifier, SIGTERM)
            try await Task.sleep(for: .milliseconds(300))
            slow.send(String(slowBody.dropFirst(10)))
            let answer = await slow.receiveAll()
            #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer)")
            var acknowledged = [0]
            var statuses: [Int] = []
            for task in load {
                let result = await task.value
                acknowledged += result.acknowledged
                statuses += result.statuses
            }
            #expect(await server.stop() == 0)
            #expect(acknowledged.count > 1, "the load ran: \(statuses.count) answers")
            #expect(statuses.allSatisfy { $0 == 201 }, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
            // Started again on the same database, the account holds every receipt it was told was added.
            let again = try await DemoServerProcess(extra: [], database: database)
            let kept = try await ServerVisitor(a: visitor, at: again.url).documentNumbers()
            #expect(
                Set(acknowledged.map { $0 + 1 }).subtracting(kept).isEmpty,
                "\(kept.count) kept of \(acknowledged.count)")
            #expect(await again.stop() == 0)
        }
    }

    /// The QR payload of receipt `n`, each its own: its fiscal document number is `n + 1`.
    static func payload(_ n: Int) -> String {
        "t=20260110T1230&s=\(100 + n % 900).00&fn=9251440300007971&i=\(n + 1)&fp=\(1_000_000 + n)&n=1"
    }
}

/// How many answers the load of a test got so far, shared by its clients.
private final class AnswerCount: Sendable {
    let count = Atomic(0)
}
