import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

/// `receipts mail import`: the fixture letters from files, and from a real dovecot over TLS on
/// loopback (`DovecotServer`), as a person runs the command.
@Suite("receipts mail import: files and IMAP through dovecot", .tags(.server), .timeLimit(.minutes(20)))
struct MailCommandTests {
    static let fixtures = Repository.url("Tests/Fixtures/mail").path
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? [])
        .filter { $0.hasSuffix(".eml") }.sorted()

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func runner(_ folder: TemporaryFolder, language: String = "en") -> CommandRunner {
        var runner = language == "ru" ? CommandRunner().russian() : CommandRunner().english()
        runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
        runner.environment["XDG_DATA_HOME"] = folder.file("data")
        return runner
    }

    /// The 16 letters of Tests/Fixtures/mail: 14 with receipts, 15 receipts (two-receipts.eml two),
    /// 13 with their lines and 2 pending (yandex-market.eml, qr-only.eml), as expected.json says.
    @Test("a folder of letters, then again: nothing new; wrong paths and options said as such")
    func files() async throws {
        let folder = try TemporaryFolder("mail-command")
        let database = folder.file("receipts.sqlite")
        let run = Self.runner(folder)
        let first = try await run.run(["mail", "import", Self.fixtures, "--db", database, "--json"])
        #expect(first.status == 0, "\(first.errors)")
        let summary = try Self.object(first.output)
        #expect(summary["letters"] as? Int == 16 && summary["withReceipts"] as? Int == 14)
        #expect(summary["receipts"] as? Int == 15 && summary["imported"] as? Int == 13)
        #expect(summary["pending"] as? Int == 2)
        let again = try await Self.runner(folder, language: "ru").run([
            "mail", "import", Self.fixtures, "--db", database,
        ])
        #expect(again.status == 0)
        #expect(
            again.output
                == "Писем: 16, прочитаны раньше: 16, с чеками: 0.\nЧеков: 0 — новых 0, ожидают данных 0, дополнено 0, без изменений 0.\n"
        )
        let missing = try await Self.runner(folder, language: "ru").run(
            ["mail", "import", folder.file("нет.mbox"), "--db", database])
        #expect(missing.status == 3 && missing.errors.contains("нет такого файла или папки"), "\(missing.errors)")
        let neither = try await run.run(["mail", "import", "--db", database])
        #expect(neither.status == 2 && neither.errors.contains("give PATH or --imap"), "\(neither.errors)")
        let folderWithoutIMAP = try await run.run([
            "mail", "import", Self.fixtures, "--folder", "INBOX", "--db", database,
        ])
        #expect(folderWithoutIMAP.status == 2)
        let plain = try await run.run(["mail", "import", "--imap", "imap://me@127.0.0.1", "--db", database])
        #expect(plain.status == 2 && plain.errors.contains("imaps://"), "\(plain.errors)")
        #expect(try ReceiptDatabase.open(at: database).receiptCount() == 15)
    }

    /// Eight letters in INBOX, received on the 1st of January to August 2026, one a month: the
    /// first eight fixtures by name (beeline, first-ofd, forwarded, magnit, newsletter, ofd-promo,
    /// ofd-ru, plain-text-only: 6 with a receipt each); the other eight in «Чеки», received today.
    @Test(
        "dovecot over TLS on loopback: --since honoured, the rest later, a folder in Cyrillic, read twice, wrong password exit 5"
    )
    func imap() async throws {
        let server = try await DovecotServer()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for (index, name) in Self.names.enumerated() {
            let letter = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name))
            if index < 8 {
                let day = calendar.date(from: DateComponents(year: 2026, month: index + 1, day: 1, hour: 12))!
                try server.store(letter, received: day)
            } else {
                try server.store(letter, in: "Чеки")
            }
        }
        let folder = try TemporaryFolder("mail-imap")
        let database = folder.file("receipts.sqlite")
        let passwordFile = try folder.write(server.password + "\n", to: "password")
        chmod(passwordFile, 0o600)
        let login = server.user.replacingOccurrences(of: "@", with: "%40")
        let address = "imaps://\(login)@127.0.0.1:\(server.port)"
        let common = ["--password-file", passwordFile, "--ca-file", server.certificateAuthority, "--db", database]
        let run = Self.runner(folder)

        // From the 1st of May: May to August, four letters (newsletter, ofd-promo, ofd-ru,
        // plain-text-only): two receipts.
        let recent = try await run.run(
            ["mail", "import", "--imap", address, "--since", "2026-05-01", "--json"] + common)
        #expect(recent.status == 0, "\(recent.errors)\n\(server.log)")
        let first = try Self.object(recent.output)
        #expect(first["letters"] as? Int == 4 && first["receipts"] as? Int == 2, "\(first)")
        // The whole INBOX: the four read before are not fetched again; four new, four receipts.
        let whole = try Self.object(try await run.run(["mail", "import", "--imap", address, "--json"] + common).output)
        #expect(whole["letters"] as? Int == 8 && whole["alreadyRead"] as? Int == 4, "\(whole)")
        #expect(whole["receipts"] as? Int == 4)
        // «Чеки»: qr-only, sbis, taxcom, two-receipts (two), windows-1251, yandex-market, yandex-ofd,
        // platforma-ofd: eight letters, nine receipts.
        let cheki = try Self.object(
            try await run.run(["mail", "import", "--imap", address, "--folder", "Чеки", "--json"] + common).output)
        #expect(cheki["letters"] as? Int == 8 && cheki["receipts"] as? Int == 9, "\(cheki)")
        #expect(try ReceiptDatabase.open(at: database).receiptCount() == 15)
        // Again: every letter read before.
        let again = try Self.object(
            try await run.run(["mail", "import", "--imap", address + "/%D0%A7%D0%B5%D0%BA%D0%B8", "--json"] + common)
                .output)
        #expect(again["alreadyRead"] as? Int == 8 && again["receipts"] as? Int == 0, "\(again)")

        // The password typed at a terminal, not shown: the folder read (every letter read before).
        let typed = try TerminalSession(
            [
                "mail", "import", "--imap", address, "--ca-file", server.certificateAuthority, "--db", database,
                "--lang", "ru",
            ], runner: run)
        try await typed.waitFor("Пароль для imaps://")
        typed.type(server.password)
        try await typed.waitFor("Писем: 8, прочитаны раньше: 8")
        #expect(await typed.wait() == 0)
        #expect(!typed.transcript.contains(server.password))

        // A wrong password: exit 5, said in Russian; nothing changes.
        let wrongFile = try folder.write("не тот\n", to: "wrong")
        chmod(wrongFile, 0o600)
        let wrong = try await Self.runner(folder, language: "ru").run(
            [
                "mail", "import", "--imap", address, "--password-file", wrongFile, "--ca-file",
                server.certificateAuthority, "--db", database,
            ])
        #expect(wrong.status == 5, "\(wrong.errors)")
        #expect(!wrong.errors.contains("не тот"))
        // A password file others may read: refused before anything is sent.
        chmod(wrongFile, 0o644)
        let shared = try await run.run([
            "mail", "import", "--imap", address, "--password-file", wrongFile, "--db", database,
        ])
        #expect(shared.status == 5 && shared.errors.contains("chmod 600"), "\(shared.errors)")
        // The server's own certificate authority not named: the certificate is not trusted.
        let untrusted = try await run.run([
            "mail", "import", "--imap", address, "--password-file", passwordFile, "--db", database,
        ])
        #expect(untrusted.status == 1 && untrusted.errors.lowercased().contains("certificate"), "\(untrusted.errors)")
        // No folder of that name.
        let none = try await run.run(["mail", "import", "--imap", address, "--folder", "Нет такой"] + common)
        #expect(none.status == 3, "\(none.errors)")
        #expect(try ReceiptDatabase.open(at: database).receiptCount() == 15)
        await server.stop()
    }
}
