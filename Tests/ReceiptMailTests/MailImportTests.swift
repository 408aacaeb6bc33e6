import Foundation
import ReceiptCore
import ReceiptMail
import ReceiptStore
import ReceiptTesting
import Testing

/// The fixture letters read from each kind of mailbox into a real SQLite file: the same receipts
/// whatever holds them, nothing added the second time, a receipt known complete never replaced.
@Suite struct MailImportTests {
    /// The 16 fixture letters: 14 carry receipts (ofd-promo.eml and newsletter.eml none), 15 in all
    /// (two-receipts.eml holds two); 13 with their lines, 2 pending (yandex-market.eml and
    /// qr-only.eml have none: expected.json).
    static let fixtureNames: [String] = {
        let folder = Repository.url("Tests/Fixtures/mail").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".eml") }
            .sorted()
    }()

    static func fixture(_ name: String) throws -> Data { try Repository.data("Tests/Fixtures/mail/\(name)") }

    /// An mbox of the letters as mail programs write one: a `From ` line before each, a body line
    /// starting with `From ` quoted as `>From `, an empty line between letters.
    static func mbox(_ names: [String]) throws -> Data {
        var data = Data()
        for name in names {
            data += Data("From MAILER-DAEMON Mon Nov 30 05:00:00 2026\n".utf8)
            var letter = try fixture(name)
            letter += Data("\r\n".utf8)
            data += letter
            data += Data("\n".utf8)
        }
        return data
    }

    @Test func aFolderOfLettersThenTheSameAgain() throws {
        let folder = try TemporaryFolder("mail-import")
        let letters = folder.file("letters")
        try FileManager.default.createDirectory(atPath: letters + "/2026", withIntermediateDirectories: true)
        for name in Self.fixtureNames {
            try Self.fixture(name).write(to: URL(fileURLWithPath: letters + "/2026/" + name))
        }
        // Not a letter's name: passed over inside a folder.
        try Data("not a letter".utf8).write(to: URL(fileURLWithPath: letters + "/notes.txt"))
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        let first = try MailImport(database: database).run(MailFiles(paths: [letters]))
        #expect(first.letters == 16)
        #expect(first.alreadyRead == 0)
        #expect(first.withReceipts == 14)
        #expect(first.receipts == 15)
        #expect(first.imported == 13)
        #expect(first.pending == 2)
        #expect(try database.receiptCount() == 15)
        let again = try MailImport(database: database).run(MailFiles(paths: [letters]))
        #expect(again.letters == 16)
        #expect(again.alreadyRead == 16)
        #expect(again.receipts == 0)
        #expect(try database.receiptCount() == 15)
    }

    @Test func anMboxAndAMaildirHoldTheSameReceipts() throws {
        let folder = try TemporaryFolder("mail-mbox")
        let mbox = folder.file("inbox.mbox")
        try Self.mbox(Self.fixtureNames).write(to: URL(fileURLWithPath: mbox))
        var seen: [LetterOrigin] = []
        var subjects: [String?] = []
        try MailFiles(paths: [mbox]).forEachLetter(each: { letter in
            seen.append(letter.origin)
            subjects.append(MailMessage(bytes: letter.bytes).subject)
        })
        #expect(seen.count == 16)
        #expect(seen.last?.description == "\(mbox) #16")
        let expected = try Self.fixtureNames.map { MailMessage(bytes: Array(try Self.fixture($0))).subject }
        #expect(subjects == expected)

        let maildir = folder.file("Maildir")
        for sub in ["cur", "new", "tmp", ".Чеки/cur", ".Чеки/new", ".Чеки/tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + sub, withIntermediateDirectories: true)
        }
        for (index, name) in Self.fixtureNames.enumerated() {
            let sub = index % 2 == 0 ? "cur" : ".Чеки/new"
            try Self.fixture(name).write(to: URL(fileURLWithPath: "\(maildir)/\(sub)/1764478800.\(index).host:2,S"))
        }
        let fromMbox = try ReceiptDatabase.open(at: folder.file("a.sqlite"))
        let fromMaildir = try ReceiptDatabase.open(at: folder.file("b.sqlite"))
        let a = try MailImport(database: fromMbox).run(MailFiles(paths: [mbox]))
        let b = try MailImport(database: fromMaildir).run(MailFiles(paths: [maildir]))
        #expect(a == b)
        #expect(a.receipts == 15)
        let months = try Set(
            Self.fixtureNames.flatMap { LetterReceipts(MailMessage(bytes: Array(try Self.fixture($0)))).receipts }
                .map(\.month))
        #expect(months.count == 8)
        for month in months {
            #expect(try fromMbox.receipts(in: month) == fromMaildir.receipts(in: month))
        }
    }

    /// A body line starting with `From ` is quoted as `>From ` in an mbox: read back without the
    /// quote, and no new letter starts there.
    @Test func anMboxQuotedFromLineStaysInItsLetter() throws {
        let folder = try TemporaryFolder("mail-from")
        let text = """
            From someone@example.ru Mon Nov 30 05:00:00 2026
            Subject: one
            Message-ID: <one@example.ru>

            >From the start of the line.
            >>From twice quoted.

            From someone@example.ru Mon Nov 30 05:01:00 2026
            Subject: two

            body
            """
        let path = try folder.write(text, to: "box.mbox")
        var bodies: [String] = []
        try MailFiles(paths: [path]).forEachLetter(each: { letter in
            bodies.append(String(decoding: MailMessage(bytes: letter.bytes).parts.first?.body ?? [], as: UTF8.self))
        })
        #expect(bodies == ["From the start of the line.\n>From twice quoted.\n", "body"])
    }

    /// A receipt stored complete from the tax service is not replaced by what a letter's HTML
    /// says; one stored pending (a scanned QR code) is completed by it.
    @Test func aCompleteReceiptStaysAsItWas() throws {
        let folder = try TemporaryFolder("mail-known")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        let letter = MailMessage(bytes: Array(try Self.fixture("taxcom.eml")))
        let read = try #require(LetterReceipts(letter).receipts.first)
        var fromTaxService = read
        fromTaxService.seller = "ООО \"ЗЕЛЕНЫЙ КВАРТАЛ\" (from the tax service)"
        fromTaxService.address = "г. Москва"
        try database.save(fromTaxService)
        let sbis = MailMessage(bytes: Array(try Self.fixture("sbis.eml")))
        let sbisReceipt = try #require(LetterReceipts(sbis).receipts.first)
        try database.save(Receipt(pendingFrom: try sbisReceipt.fiscalCode))

        let path = folder.file("two.mbox")
        try Self.mbox(["taxcom.eml", "sbis.eml"]).write(to: URL(fileURLWithPath: path))
        let summary = try MailImport(database: database).run(MailFiles(paths: [path]))
        #expect(summary.unchanged == 1)
        #expect(summary.completed == 1)
        #expect(try database.receipt(read.identity) == fromTaxService)
        #expect(try database.receipt(sbisReceipt.identity)?.status == .complete)
        #expect(try database.receipt(sbisReceipt.identity)?.items.count == 2)
    }

    @Test func aMissingPathIsAnErrorThatNamesIt() throws {
        let database = try ReceiptDatabase.open(at: try TemporaryFolder("mail-missing").file("r.sqlite"))
        #expect(throws: MailboxError.cannotRead(path: "/nonexistent/inbox.mbox", reason: .missing)) {
            try MailImport(database: database).run(MailFiles(paths: ["/nonexistent/inbox.mbox"]))
        }
        #expect(try database.receiptCount() == 0)
    }
}
