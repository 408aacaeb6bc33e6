import Foundation
import HTTPTypes
import NIOCore
import ReceiptBank
import ReceiptCore
import ReceiptServerTesting
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

/// Statements added on the «Банк» page (issue 50), over real HTTP to the app on a loopback port: the
/// same reader and bounds as `receipts bank import`, what each file added and the pairs it brought,
/// the candidates of a payment without a receipt with their reasons, and the paired payment on a
/// receipt's page.
@Suite("receipts web: statements added on the Bank page", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct WebStatementTests {
    /// A real T-Bank statement as the bank writes it (`;`, no quotes, UTF-8; Tests/Fixtures/bank/
    /// SOURCES.md): eleven rows of July and October 2025, all `OK`.
    static let fixture = "Tests/Fixtures/bank/tbank/tbank2qif_operations.sample.csv"

    /// Two card receipts, shops in Moscow time as the bank's:
    /// 1. 18.07.2025 22:15, 4 232,00, «Яндекс.Такси»: the statement's last row is its payment,
    ///    `18.07.2025 22:16:35;…;-4232,00;…;Такси;4121;Яндекс такси ULTIMA` (95 s later, the same
    ///    amount: strict);
    /// 2. 08.10.2025 10:00, 2 950,00, «Автодор»: the toll road's `08.10.2025 11:29:01;…;-3000,00` is
    ///    50,00 ₽ off, past the 1 % (30,00 ₽) a relaxed pair allows: no pair, but a candidate.
    static func receipts() throws -> [Receipt] {
        [
            try WebInsightsTests.receipt(1, "2025-07-18T22:15:00", shop: "Яндекс.Такси", [("ПОЕЗДКА", 423_200)]),
            try WebInsightsTests.receipt(2, "2025-10-08T10:00:00", shop: "Автодор", [("ПРОЕЗД М-11", 295_000)]),
        ]
    }

    /// Runs the app live on a free loopback port over `receipts`.
    static func withApp(
        _ receipts: [Receipt], settings: WebSettings = WebSettings(host: "127.0.0.1", port: 0),
        _ body: @Sendable (WebApp, ReceiptDatabase, AppPage) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder("web-statements")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        _ = try database.save(receipts)
        let app = WebApp(settings: settings, database: database)
        try await app.withPage(transport: .live) { page in try await body(app, database, page) }
    }

    /// The file sent as the page sends it: its bytes as the body, its name in `?name=`.
    static func upload(_ page: AppPage, _ name: String, _ bytes: [UInt8], lang: String = "en") async throws
        -> (HTTPResponse.Status, [String: Any])
    {
        let answer = try await page.execute(
            uri: "/api/bank/statement?lang=\(lang)&name=\(name)", method: .post,
            headers: [.contentType: "application/octet-stream"], body: ByteBuffer(bytes: bytes))
        return (answer.status, try WebInsightsTests.Page.json(answer))
    }

    @Test("a statement added as bank import adds it: new and known payments, rows named, pairs found, nothing saved")
    func added() async throws {
        let original = String(decoding: try Repository.data(Self.fixture), as: UTF8.self)
        // The roaming row (line 9: the header, then 13.10, 12.10, three of 08.10, 22.07 and two of
        // 21.07) given a 16th field, as `receipts bank import` names it: the other ten are kept.
        let broken = original.replacingOccurrences(of: "-25,00;RUB;-25,00;RUB", with: "-25,00;RUB;-25;00;RUB")
        #expect(broken != original)
        try await Self.withApp(try Self.receipts()) { _, database, page in
            let (status, first) = try await Self.upload(page, "broken.csv", Array(broken.utf8))
            #expect(status == .ok)
            #expect(first["bank"] as? String == "tbank")
            #expect(first["imported"] as? Int == 10 && first["duplicates"] as? Int == 0)
            #expect(first["skipped"] as? Int == 0)
            #expect(first["accounts"] as? [String] == ["*xxxx"])
            #expect(
                first["errors"] as? [[String: String]] == [
                    ["file": "broken.csv", "error": "line 9: 16 fields where the header has 15"]
                ])
            // The taxi's payment meets receipt 1; the toll road meets nothing.
            #expect(first["paired"] as? Int == 1)
            #expect(
                first["text"] as? String
                    == "broken.csv: T-Bank (CSV “;”, 15 columns, UTF-8), 10 new, 0 already there, 0 skipped; "
                    + "1 new pair with a receipt")

            // The whole statement: the ten known, the roaming row new, no new pair.
            let (again, second) = try await Self.upload(
                page, "tbank2qif_operations.sample.csv", Array(original.utf8), lang: "ru")
            #expect(again == .ok)
            #expect(second["imported"] as? Int == 1 && second["duplicates"] as? Int == 10)
            #expect((second["errors"] as? [Any])?.isEmpty == true)
            #expect(
                second["text"] as? String
                    == "tbank2qif_operations.sample.csv: Т-Банк (CSV «;», столбцов 15, UTF-8), новых операций 1, "
                    + "уже были 10, пропущено 0; новых пар с чеками: 0")
            #expect(try database.bankPayments().count == 11)
            // As `receipts bank import`, adding matches nothing into the database: the page shows the
            // pairs, `receipts match` keeps them.
            #expect(try database.bankMatches().isEmpty)

            // Payments 1–10 in the broken file's order (the taxi the tenth), the roaming row 11.
            let (_, bank) = try await page.get("/api/bank?lang=en").json()
            #expect(WebBankTests.pairs(bank) == [[1, 10]])
            #expect((bank["unmatchedReceipts"] as? [[String: Any]])?.map { $0["id"] as? Int } == [2])
        }
    }

    @Test("a payment's candidates come with what matching makes of them; a receipt's page shows its payment")
    func candidatesAndReceipt() async throws {
        let statement = Array(try Repository.data(Self.fixture))
        try await Self.withApp(try Self.receipts()) { _, _, page in
            _ = try await Self.upload(page, "operations.csv", statement)
            let (_, bank) = try await page.get("/api/bank?lang=ru").json()
            let unmatched = try #require(bank["unmatchedPayments"] as? [[String: Any]])
            func candidates(of description: String) throws -> [[String: Any]] {
                let row = try #require(
                    unmatched.first { ($0["payment"] as? [String: Any])?["description"] as? String == description })
                return row["candidates"] as? [[String: Any]] ?? []
            }
            // The toll road, 08.10.2025 11:29:01, 3 000,00 ₽, «xxx xx-xx»: receipt 2 (08.10 10:00,
            // 2 950,00 ₽) is 300 000 − 295 000 = 5 000 kopecks off and 1 h 29 min 1 s = 5 341 s before
            // it; (5 341 + 30) / 60 = 89 minutes. The bank's words name no shop.
            let toll = try candidates(of: "xxx xx-xx")
            #expect(toll.count == 1)
            let offered = try #require(toll.first)
            #expect(offered["receipt"] as? Int == 2)
            #expect(offered["amountOff"] as? Int == 5_000 && offered["seconds"] as? Int == 5_341)
            #expect(offered["sameMerchant"] as? Bool == false)
            #expect(offered["reasons"] as? [String] == ["сумма отличается на 50,00\u{00A0}₽", "оплата через 89 мин"])
            // The marketplace, 12.10.2025 20:08:38, 2 790,08 ₽: the same receipt, four days before
            // (4 d 10 h 8 min 38 s = 382 118 s; (382 118 + 30) / 60 = 6 369 min, (6 369 + 720) / 1 440 =
            // 4 days), 295 000 − 279 008 = 15 992 kopecks off.
            let market = try #require(try candidates(of: "xxxxxxxxxx.x").first)
            #expect(market["seconds"] as? Int == 382_118 && market["amountOff"] as? Int == 15_992)
            #expect(market["reasons"] as? [String] == ["сумма отличается на 159,92\u{00A0}₽", "оплата через 4 дн."])
            // The income of 13.10 is five days after: too far to be offered anything.
            #expect(try candidates(of: "xxxxxxxxxx x").isEmpty)

            // Receipt 1's page: the taxi's payment, as the Bank page pairs them.
            let (status, taxi) = try await page.get("/api/receipts/1?lang=en").json()
            #expect(status == .ok)
            let paired = try #require(taxi["bankPayment"] as? [String: Any])
            let payment = try #require(paired["payment"] as? [String: Any])
            #expect(payment["dateText"] as? String == "2025-07-18 22:16:35")
            #expect(payment["amountText"] as? String == "RUB 4,232.00")
            #expect(payment["description"] as? String == "Яндекс такси ULTIMA")
            #expect(payment["account"] as? String == "T-Bank *xxxx")
            #expect((paired["reason"] as? String)?.hasPrefix("strict, same amount, paid 2 min after") == true)
            #expect(paired["manual"] as? Bool == false)
            // Receipt 2 has none: the field is there, null.
            let (_, toll2) = try await page.get("/api/receipts/2?lang=en").json()
            #expect(toll2["bankPayment"] is NSNull)

            // Paired by hand in the page, the toll road is receipt 2's, said so on its page.
            let tollID = try #require(
                (unmatched.first { ($0["payment"] as? [String: Any])?["description"] as? String == "xxx xx-xx" }?[
                    "payment"] as? [String: Any])?["id"] as? Int)
            let (made, _) = try await page.post("/api/bank/pair?lang=ru", #"{"receipt": 2, "payment": \#(tollID)}"#)
                .json()
            #expect(made == .ok)
            let (_, byHand) = try await page.get("/api/receipts/2?lang=ru").json()
            let tollPaid = try #require(byHand["bankPayment"] as? [String: Any])
            #expect(tollPaid["reason"] as? String == "вручную" && tollPaid["manual"] as? Bool == true)
            #expect((tollPaid["payment"] as? [String: Any])?["amountText"] as? String == "3\u{00A0}000,00\u{00A0}₽")
        }
    }

    @Test("a file that is no statement, a line past 64 KiB, a file past 16 MiB: said why, nothing stored")
    func refused() async throws {
        try await Self.withApp(try Self.receipts()) { _, database, page in
            let (notOne, hello) = try await Self.upload(page, "hello.txt", Array("hello".utf8), lang: "ru")
            #expect(notOne == .unprocessableContent)
            #expect(hello["file"] as? String == "hello.txt")
            #expect(
                hello["problem"] as? String
                    == "не выписка банка: нет заголовка Т-Банка, Альфа-Банка, ВТБ или Сбера и это не OFX")
            #expect(hello["imported"] == nil)

            // The statement's header, then a line of 70 000 bytes: refused at line 2, as the command
            // refuses it, however good the header.
            let header = try #require(
                String(decoding: try Repository.data(Self.fixture), as: UTF8.self).split(separator: "\n").first)
            let long = Array((header + "\n" + String(repeating: "x", count: 70_000)).utf8)
            let (tooLong, line) = try await Self.upload(page, "long.csv", long)
            #expect(tooLong == .unprocessableContent)
            #expect(line["problem"] as? String == "line 2 is longer than 64 KiB: no bank statement has lines that long")

            // OFX past 16 MiB (16 777 216 bytes): the command's own bound and words, 413.
            let ofx = Array("OFXHEADER:100\n<OFX>".utf8) + [UInt8](repeating: 0x20, count: 16 * 1_048_576)
            let (largeOFX, ofxSaid) = try await Self.upload(page, "year.ofx", ofx)
            #expect(largeOFX == .contentTooLarge)
            #expect(
                ofxSaid["problem"] as? String
                    == "OFX larger than 16 MiB: split the statement into several files by period")
            // A CSV of short lines past the same 16 MiB: refused as it arrives.
            let csv = [UInt8](repeating: UInt8(ascii: "\n"), count: 16 * 1_048_576 + 1)
            let (largeCSV, csvSaid) = try await Self.upload(page, "huge.csv", csv, lang: "ru")
            #expect(largeCSV == .contentTooLarge)
            #expect(
                csvSaid["problem"] as? String
                    == "Файл больше 16 МиБ: выписки такого размера не бывает — разбейте её на несколько файлов по "
                    + "периодам.")
            #expect(try database.bankPayments().isEmpty)
            // And the page still says how to add one.
            let (_, bank) = try await page.get("/api/bank?lang=en").json()
            #expect((bank["empty"] as? String)?.contains("receipts bank import FILE") == true)
        }
    }

    @Test("a statement sent slower than a request's deadline is added: its path is an upload's")
    func slowUpload() async throws {
        let statement = try Repository.data(Self.fixture)
        let settings = WebConnectionTests.settings(head: .seconds(1), request: .seconds(1))
        try await Self.withApp(try Self.receipts(), settings: settings) { app, database, page in
            let port = page.port
            let connection = try RawConnection(port: port)
            var head = "POST /api/bank/statement?name=slow.csv HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            head += "Origin: http://127.0.0.1:\(port)\r\nConnection: close\r\n"
            head += "Authorization: Bearer \(app.settings.key)\r\n"
            head += "Content-Type: application/octet-stream\r\nContent-Length: \(statement.count)\r\n\r\n"
            connection.send(head)
            // The body in ten pieces (whole characters) over 2.5 s: past the 1-s deadline.
            let characters = Array(String(decoding: statement, as: UTF8.self))
            let size = characters.count / 10 + 1
            for start in stride(from: 0, to: characters.count, by: size) {
                connection.send(String(characters[start..<min(start + size, characters.count)]))
                try await Task.sleep(for: .milliseconds(250))
            }
            let answer = await connection.receiveAll(seconds: 30)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
            #expect(try database.bankPayments().count == 11)
        }
    }
}

extension AppPage.Answer {
    /// The status and the JSON object of the answer.
    func json() throws -> (HTTPResponse.Status, [String: Any]) { (status, try WebInsightsTests.Page.json(self)) }
}
