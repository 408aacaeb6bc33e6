import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptMail

/// The IMAP client against a server over TLS that says only what the test scripts
/// (`ScriptedTLSServer`, openssl's s_server): silence and answers cut short end in a timeout,
/// garbled answers in a protocol violation, and never in a hang.
@Suite("IMAP against a server that misbehaves", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct IMAPMisbehavingServerTests {
    static func open(_ server: ScriptedTLSServer) async throws -> IMAPConnection {
        try await IMAPConnection.open(
            address: IMAPAddress(user: "me", host: "127.0.0.1", port: server.port), password: "secret",
            trustRoots: server.certificates.authority, timeout: .seconds(1))
    }

    @Test func aServerThatSaysNothingTimesOut() async throws {
        let server = try await ScriptedTLSServer()
        let started = ContinuousClock.now
        await #expect(throws: IMAPError.timedOut) { _ = try await Self.open(server) }
        #expect(ContinuousClock.now - started < .seconds(10))
        await server.stop()
    }

    @Test func aGarbledGreetingIsAProtocolViolation() async throws {
        let server = try await ScriptedTLSServer(sending: "HTTP/1.1 400 Bad Request\r\n\r\n")
        let error = await #expect(throws: IMAPError.self) { _ = try await Self.open(server) }
        guard case .protocolViolation? = error else {
            throw Failure("not a protocol violation: \(String(describing: error))")
        }
        await server.stop()
    }

    @Test func aLetterCutShortTimesOutAndTheConnectionIsDone() async throws {
        // PREAUTH: no login, so the client's first command is R1 (EXAMINE), its second R2 (UID FETCH).
        let server = try await ScriptedTLSServer(
            sending: "* PREAUTH ready\r\n* 1 EXISTS\r\n* OK [UIDVALIDITY 5] ok\r\nR1 OK [READ-ONLY] done\r\n"
                + "* 1 FETCH (UID 4 BODY[] {100}\r\nonly part of it")
        let connection = try await Self.open(server)
        #expect(try await connection.examine(folder: "INBOX") == (uidValidity: 5, exists: 1))
        var handed = 0
        await #expect(throws: IMAPError.timedOut) { try await connection.letters([4]) { _, _ in handed += 1 } }
        #expect(handed == 0)
        await #expect(throws: IMAPError.self) { _ = try await connection.search() }
        await connection.logout()
        await server.stop()
    }

    @Test func anAnswerWithAnotherTagIsAProtocolViolation() async throws {
        let server = try await ScriptedTLSServer(sending: "* PREAUTH ready\r\nX9 OK done\r\n")
        let connection = try await Self.open(server)
        let error = await #expect(throws: IMAPError.self) { _ = try await connection.search() }
        guard case .protocolViolation? = error else {
            throw Failure("not a protocol violation: \(String(describing: error))")
        }
        await server.stop()
    }

    @Test func aRefusedLoginIsSaidSoAndTheServersWordsOtherwise() async throws {
        let refused = try await ScriptedTLSServer(
            sending: "* OK ready\r\nR1 NO [AUTHENTICATIONFAILED] Authentication failed.\r\n")
        await #expect(throws: IMAPError.loginRefused) { _ = try await Self.open(refused) }
        await refused.stop()
        let unavailable = try await ScriptedTLSServer(
            sending: "* OK ready\r\nR1 NO [UNAVAILABLE] Try later\r\n")
        await #expect(throws: IMAPError.refused(command: "LOGIN", detail: "[UNAVAILABLE] Try later")) {
            _ = try await Self.open(unavailable)
        }
        await unavailable.stop()
    }
}
