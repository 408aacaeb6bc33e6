import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptMail

/// The IMAP client against a real dovecot over TLS on loopback (`DovecotServer`): what it reads is
/// what the mailbox holds, and each way of failing says what failed.
@Suite("IMAP over TLS against a real dovecot", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct IMAPClientTests {
    /// A letter an operator might send, its bytes with CRLF line ends as a server keeps them.
    static func letter(_ number: Int, padding: Int = 0) -> Data {
        let lines = [
            "From: =?utf-8?B?0J7QpNCU?= <noreply@ofd.example>",
            "To: me@mail.ru",
            "Subject: =?utf-8?B?0JrQsNGB0YHQvtCy0YvQuSDRh9C10Lo=?= \(number)",
            "Message-ID: <receipt-\(number)@ofd.example>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
            "",
            "Кассовый чек № \(number). Итого: 123,45 ₽",
            "t=20260201T1200&s=123.45&fn=9251440300007971&i=\(number)&fp=4087570038&n=1",
            String(repeating: "Строка чека: молоко 2,5% 1 л × 1 = 89,90 ₽\r\n", count: padding),
        ]
        return Data(lines.joined(separator: "\r\n").utf8)
    }

    static func address(_ server: DovecotServer, host: String = "127.0.0.1", folder: String = "INBOX") -> IMAPAddress {
        IMAPAddress(user: server.user, host: host, port: server.port, folder: folder)
    }

    static func open(_ server: DovecotServer, folder: String = "INBOX") async throws -> IMAPConnection {
        try await IMAPConnection.open(
            address: address(server, folder: folder), password: server.password,
            trustRoots: server.certificateAuthority, timeout: .seconds(20))
    }

    @Test func readsAFolderAsItIsStoredWithoutMarkingItRead() async throws {
        let server = try await DovecotServer()
        let stored = (1...3).map { Self.letter($0) }
        let files = try stored.map { try server.store($0) }
        let connection = try await Self.open(server)
        let folder = try await connection.examine(folder: "INBOX")
        #expect(folder.exists == 3)
        let uids = try await connection.search()
        #expect(uids.count == 3)
        let identifiers = try await connection.messageIDs(of: uids)
        #expect(Set(identifiers.values) == Set((1...3).map { "<receipt-\($0)@ofd.example>" }))
        var read: [UInt32: [UInt8]] = [:]
        try await connection.letters(uids) { uid, bytes in read[uid] = bytes }
        await connection.logout()
        #expect(Set(read.values) == Set(stored.map { [UInt8]($0) }))
        for uid in uids {
            #expect(identifiers[uid].map { String(decoding: read[uid] ?? [], as: UTF8.self).contains($0) } == true)
        }
        // EXAMINE and BODY.PEEK leave the flags alone: no file gained the S of \Seen.
        let names = try FileManager.default.contentsOfDirectory(
            atPath: (files[0] as NSString).deletingLastPathComponent)
        #expect(names.count == 3 && names.allSatisfy { $0.hasSuffix(":2,") })
        await server.stop()
    }

    @Test func opensAFolderNamedInCyrillic() async throws {
        let server = try await DovecotServer()
        try server.store(Self.letter(1))
        let receipts = [Self.letter(7), Self.letter(8)]
        for letter in receipts { try server.store(letter, in: "Чеки") }
        let address = try IMAPAddress(parsing: "imaps://me%40mail.ru@127.0.0.1:\(server.port)/Чеки")
        let connection = try await IMAPConnection.open(
            address: address, password: server.password, trustRoots: server.certificateAuthority)
        let folder = try await connection.examine(folder: address.folder)
        #expect(folder.exists == 2)
        var read: [[UInt8]] = []
        try await connection.letters(try await connection.search()) { _, bytes in read.append(bytes) }
        #expect(Set(read) == Set(receipts.map { [UInt8]($0) }))
        await connection.logout()
        await server.stop()
    }

    @Test func searchSinceLeavesOutLettersReceivedBefore() async throws {
        let server = try await DovecotServer()
        func noon(_ month: Int, _ day: Int) -> Date {
            var components = DateComponents(year: 2026, month: month, day: day, hour: 12)
            components.timeZone = TimeZone(identifier: "UTC")
            return Calendar(identifier: .gregorian).date(from: components) ?? Date()
        }
        try server.store(Self.letter(1), received: noon(1, 15))
        try server.store(Self.letter(2), received: noon(1, 31))
        try server.store(Self.letter(3), received: noon(2, 1))
        try server.store(Self.letter(4), received: noon(3, 10))
        let connection = try await Self.open(server)
        _ = try await connection.examine(folder: "INBOX")
        #expect(try await connection.search().count == 4)
        let recent = try await connection.search(since: (2026, 2, 1))
        let identifiers = try await connection.messageIDs(of: recent)
        #expect(Set(identifiers.values) == ["<receipt-3@ofd.example>", "<receipt-4@ofd.example>"])
        #expect(try await connection.search(since: (2026, 4, 1)).isEmpty)
        await connection.logout()
        await server.stop()
    }

    @Test func aWrongPasswordIsLoginRefused() async throws {
        let server = try await DovecotServer()
        await #expect(throws: IMAPError.loginRefused) {
            _ = try await IMAPConnection.open(
                address: Self.address(server), password: "не тот пароль", trustRoots: server.certificateAuthority)
        }
        await server.stop()
    }

    @Test func aCertificateNotTrustedIsRefused() async throws {
        let server = try await DovecotServer()
        let error = await #expect(throws: IMAPError.self) {
            _ = try await IMAPConnection.open(address: Self.address(server), password: server.password)
        }
        guard case .tls(let detail)? = error else { throw Failure("not a TLS error: \(String(describing: error))") }
        #expect(detail.contains("not trusted"))
        await server.stop()
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let server = try await DovecotServer()
        let error = await #expect(throws: IMAPError.self) {
            _ = try await IMAPConnection.open(
                address: Self.address(server, host: "127.0.0.2"), password: server.password,
                trustRoots: server.certificateAuthority)
        }
        guard case .tls(let detail)? = error else { throw Failure("not a TLS error: \(String(describing: error))") }
        #expect(detail.contains("not for 127.0.0.2"))
        // The same server under the name its certificate gives is fine.
        let connection = try await IMAPConnection.open(
            address: Self.address(server, host: "localhost"), password: server.password,
            trustRoots: server.certificateAuthority)
        await connection.logout()
        await server.stop()
    }

    @Test func aFolderThatDoesNotExistIsNamed() async throws {
        let server = try await DovecotServer()
        let connection = try await Self.open(server)
        await #expect(throws: IMAPError.noSuchFolder("Нет такой")) {
            _ = try await connection.examine(folder: "Нет такой")
        }
        // The session goes on after a NO.
        #expect(try await connection.examine(folder: "INBOX").exists == 0)
        await connection.logout()
        await server.stop()
    }

    @Test func aThousandLettersArriveInBatchesAsTheyCome() async throws {
        let server = try await DovecotServer()
        let stored = (1...1000).map { Self.letter($0, padding: 20) }
        for letter in stored { try server.store(letter) }
        let total = stored.reduce(0) { $0 + $1.count }
        let connection = try await Self.open(server)
        #expect(try await connection.examine(folder: "INBOX").exists == 1000)
        let uids = try await connection.search()
        var count = 0
        var receivedAtFirst: Int?
        var matching = true
        let byNumber = Dictionary(uniqueKeysWithValues: stored.map { ([UInt8]($0), true) })
        try await connection.letters(uids) { _, bytes in
            count += 1
            if receivedAtFirst == nil { receivedAtFirst = connection.bytesReceived }
            matching = matching && byNumber[bytes] == true
        }
        await connection.logout()
        #expect(count == 1000)
        #expect(matching)
        // The first letter was handed on when about one batch of fifty had come, not all thousand.
        let atFirst = try #require(receivedAtFirst)
        #expect(atFirst < total / 10, "\(atFirst) of \(total) bytes had come before the first letter was handed on")
        await server.stop()
    }
}

/// A failure the test names.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
