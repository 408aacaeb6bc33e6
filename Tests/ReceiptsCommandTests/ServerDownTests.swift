import Foundation
import ReceiptTesting
import Testing

@Suite("receipts with the server down", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ServerDownTests {
    @Test("a refused connection is retried, each try logged with --verbose; the last words name the server, exit 4")
    func refusedVerbose() async throws {
        // Held for the whole test: a port let go was once the next server's mid-test, and the
        // login found a server there.
        let down = try LoopbackPort.Refusing()
        let port = down.port
        defer { withExtendedLifetime(down) {} }
        let folder = try TemporaryFolder("down")
        var run = CommandRunner().english()
        run.environment["RECEIPTS_NETWORK_BUDGET"] = "3"
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        let result = try await run.run(["login", "--anonymous", "--server", "http://127.0.0.1:\(port)", "--verbose"])
        #expect(result.status == 4)
        // The budget bounds the tries, not a clock in the test: waits are at least half their step
        // (0.125, 0.25, 0.5, 1 s, ...), so a 3 s budget holds at most 4 waits, 5 tries (the split
        // gives one piece more than tries).
        let tries = result.errors.components(separatedBy: "POST /api/v1/sessions/anonymous: connection refused after")
        #expect(tries.count > 2 && tries.count <= 6, "\(result.errors)")
        #expect(result.errors.contains("retrying in"))
        #expect(result.errors.contains("left to try"))
        #expect(
            result.errors.contains(
                "receipts: error: server http://127.0.0.1:\(port) does not answer (connection refused). Check that the server is running"
            ))

        let russian = run.russian()
        let quiet = try await russian.run(["login", "--anonymous", "--server", "http://127.0.0.1:\(port)"])
        #expect(quiet.status == 4)
        #expect(
            quiet.errors
                == "receipts: ошибка: сервер http://127.0.0.1:\(port) не отвечает (соединение отклонено). Проверьте, что сервер запущен, адрес верен (--server, RECEIPTS_SERVER) и есть соединение с сетью, и попробуйте ещё раз\n"
        )
    }

    @Test("on a terminal a status line counts down the wait in place and is cleared before the last words")
    func statusLine() async throws {
        // Held for the whole test: a port let go was once the next server's mid-test, and the
        // login found a server there.
        let down = try LoopbackPort.Refusing()
        let port = down.port
        defer { withExtendedLifetime(down) {} }
        let folder = try TemporaryFolder("down")
        var run = CommandRunner().russian()
        run.environment["RECEIPTS_NETWORK_BUDGET"] = "3"
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        let session = try TerminalSession(
            ["login", "--anonymous", "--server", "http://127.0.0.1:\(port)"], runner: run)
        #expect(await session.wait() == 4)
        let screen = session.transcript
        let status = "\rсервер http://127.0.0.1:\(port) не отвечает; повтор, осталось "
        #expect(screen.hasPrefix(status), "\(screen.debugDescription)")
        #expect(screen.contains(status + "3 с\u{1B}[K"))
        #expect(screen.contains(status + "2 с\u{1B}[K") || screen.contains(status + "1 с\u{1B}[K"))
        // Erased, and the message starts on a clean line.
        #expect(
            screen.contains(
                "\u{1B}[K\r\u{1B}[K\u{1B}[31mreceipts: ошибка:\u{1B}[0m сервер http://127.0.0.1:\(port) не отвечает"))
    }
}
