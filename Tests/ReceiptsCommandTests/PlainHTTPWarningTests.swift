import Foundation
import ReceiptServerTesting
import ReceiptTesting
import Testing

/// Issue 49: `receipts login` to a plain `http://` server on another machine warns, before any
/// request, that the password and the session cross the network in clear; to a loopback server it
/// does not. No traffic leaves the machine: the remote login stops at its empty password before it
/// connects.
@Suite("receipts login warns of plain HTTP to another machine", .timeLimit(.minutes(20)))
struct PlainHTTPWarningTests {
    @Test("a warning in the user's language for http://192.0.2.1, given before the password is read")
    func warnsBeforeConnecting() async throws {
        let folder = try TemporaryFolder()
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        // Standard input is empty: the password is missing, and login stops there, before any request.
        // Before the change this printed only `receipts: error: nothing was entered`.
        let english = try await run.run(
            ["login", "--server", "http://192.0.2.1:1", "--login", "demo", "--password-stdin"], input: "")
        #expect(english.status != 0)
        #expect(
            english.errors.contains(
                "receipts: warning: http://192.0.2.1:1 is plain HTTP to another machine: the password and the session "
                    + "cross the network in clear"), "\(english.errors)")
        #expect(english.errors.contains("nothing was entered"), "\(english.errors)")
        let russian = try await run.run(
            [
                "login", "--server", "http://192.0.2.1:1", "--login", "demo", "--password-stdin", "--lang", "ru",
                "--quiet",
            ],
            input: "")
        #expect(
            russian.errors.contains("receipts: предупреждение: http://192.0.2.1:1 — без шифрования"),
            "\(russian.errors)")
    }

    @Test("no warning for a server on loopback", .tags(.server), .wholeSuiteOnly)
    func loopbackIsQuiet() async throws {
        try await TestServer.run { server in
            let folder = try TemporaryFolder()
            var run = InProcessRunner().english()
            run.environment["XDG_CONFIG_HOME"] = folder.file("config")
            let result = try await run.run(["login", "--anonymous", "--server", server.url.absoluteString])
            #expect(result.status == 0, "\(result.errors)")
            #expect(!result.errors.contains("warning"), "\(result.errors)")
            #expect(result.errors.contains("Opened an anonymous session"), "\(result.errors)")
        }
    }
}
