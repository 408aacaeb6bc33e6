import Foundation
import ReceiptTesting
import Testing

/// `receipts bank import` and `receipts match` over real receipts (Tests/Fixtures/real-receipts)
/// and a T-Bank statement written as the bank writes its 15 columns, every field quoted.
@Suite("receipts bank import and receipts match")
struct BankCommandTests {
    static let statement = """
        "Дата операции";"Дата платежа";"Номер карты";"Статус";"Сумма операции";"Валюта операции";"Сумма платежа";"Валюта платежа";"Кэшбэк";"Категория";"MCC";"Описание";"Бонусы (включая кэшбэк)";"Округление на инвесткопилку";"Сумма операции с округлением"
        "30.12.2024 10:00:00";"30.12.2024";"";"OK";"-5000,00";"RUB";"-5000,00";"RUB";"";"Переводы";"";"Перевод между счетами";"0,00";"0,00";"5000,00"
        "29.12.2024 17:39:41";"29.12.2024";"*4556";"OK";"-586,00";"RUB";"-586,00";"RUB";"";"Маркетплейсы";"5399";"OZON";"5,00";"0,00";"586,00"
        "29.12.2024 17:35:00";"29.12.2024";"*4556";"FAILED";"-586,00";"RUB";"-586,00";"RUB";"";"Маркетплейсы";"5399";"OZON";"0,00";"0,00";"586,00"
        "26.12.2024 05:27:30";"27.12.2024";"*4556";"OK";"-2200,00";"RUB";"-2200,00";"RUB";"";"Топливо";"5541";"BERKUT AZS";"22,00";"0,00";"2200,00"

        """

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a statement imports once; payments meet the prepayment and the petrol; undo and pair by hand")
    func importAndMatch() throws {
        let folder = try TemporaryFolder()
        var run = RealReceiptsCommandTests.runner(in: folder)
        // Receipts 1, 2, 3: petrol 2,200.00 by card (no region: Moscow time assumed), Ozon's
        // prepayment 586.00 by card, its settlement (586.00 offset, nothing by card).
        for file in ["petrol-ai92-trk-sum-mismatch.json", "ozon-prepayment.json", "ozon-settlement.json"] {
            #expect(try run.run(["import", RealReceiptsCommandTests.fixtures + "/" + file]).status == 0)
        }
        let file = try folder.write(Self.statement, to: "operations.csv")
        // Four rows, one FAILED: 3 payments (1 the transfer, 2 Ozon, 3 petrol), 1 skipped.
        let first = try run.run(["bank", "import", file, "--json"])
        #expect(first.status == 0, "\(first.errors)")
        let added = try Self.json(first.output)
        #expect(added["imported"] as? Int == 3 && added["duplicates"] as? Int == 0 && added["skipped"] as? Int == 1)
        #expect(added["accounts"] as? [String] == ["*4556"])
        let again = try Self.json(try run.run(["bank", "import", file, "--json"]).output)
        #expect(again["imported"] as? Int == 0 && again["duplicates"] as? Int == 3)

        let match = try run.run(["match", "--json"])
        #expect(match.status == 0, "\(match.errors)")
        let outcome = try Self.json(match.output)
        let matched = try #require(outcome["matched"] as? [[String: Any]])
        // By payment time: the petrol (26 Dec, 05:27:30 Moscow; the receipt says 09:27: four hours
        // apart, strict because the bank's BERKUT is the seller's «Беркут»), then Ozon (41 s apart).
        #expect(matched.map { $0["receipt"] as? Int } == [1, 2])
        let petrol = try #require(matched.first?["payment"] as? [String: Any])
        #expect(petrol["id"] as? Int == 3 && petrol["amount"] as? Int == 220_000)
        #expect(petrol["date"] as? String == "2024-12-26T05:27:30+03:00")
        #expect(matched.first?["reason"] as? String == "strict, same amount, paid 3 h before, same merchant")
        #expect((matched.last?["confidence"] as? Double ?? 0) >= 0.9)
        let unmatched = try #require(outcome["unmatchedPayments"] as? [[String: Any]])
        #expect(unmatched.map { $0["amount"] as? Int } == [500_000])
        // The settlement paid nothing by card, so it waits for no payment.
        #expect(outcome["unmatchedReceipts"] as? [Int] == [])

        #expect(try run.run(["match", "--undo", "2"]).output == "Unpaired receipt 2 and payment 2.\n")
        let undone = try Self.json(try run.run(["match", "--json"]).output)
        #expect((undone["matched"] as? [[String: Any]])?.count == 1)
        #expect(undone["unmatchedReceipts"] as? [Int] == [2])
        #expect(try run.run(["match", "--pair", "2", "2"]).status == 0)
        let paired = try Self.json(try run.run(["match", "--json"]).output)
        let byHand = (paired["matched"] as? [[String: Any]])?.last
        #expect(byHand?["reason"] as? String == "by hand" && byHand?["confidence"] as? Double == 1)

        run.environment["LANG"] = "ru_RU.UTF-8"
        run.environment["COLUMNS"] = "60"
        let russian = try run.runOnTerminal(["match"], columns: 200).output.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(russian.contains("Связано: 2.\nОпераций без чека: 1.\n"), "\(russian)")
        #expect(TerminalWidthTests.widest(russian) <= 60, "\(russian)")
    }

    @Test("wrong input: a missing file, a file that is no statement, a bad row (the rest kept), --pair with one ID")
    func wrongInput() throws {
        let folder = try TemporaryFolder()
        var run = RealReceiptsCommandTests.runner(in: folder)
        #expect(try run.run(["match"]).status == 3)
        let missing = try run.run(["bank", "import", folder.file("nowhere.csv")])
        #expect(missing.status == 3)
        let notStatement = try folder.write("date,amount\n2024-01-01,5\n", to: "other.csv")
        let refused = try run.run(["bank", "import", notStatement])
        #expect(refused.status == 6)
        #expect(refused.errors.contains("not a bank statement"), "\(refused.errors)")
        let lines = Self.statement.split(separator: "\n").map(String.init)
        // Line 3 (Ozon) with its amount spoilt.
        let spoilt = [
            lines[0], lines[1],
            #""29.12.2024 17:39:41";"29.12.2024";"*4556";"OK";"-586;00";"RUB";"-586;00";"RUB";"";"Маркетплейсы";"5399";"OZON";"5,00";"0,00";"586,00""#,
        ].joined(separator: "\n")
        let bad = try folder.write(spoilt, to: "bad.csv")
        run.environment["LANG"] = "ru_RU.UTF-8"
        let partly = try run.run(["bank", "import", bad, "--json"])
        #expect(partly.status == 6)
        let report = try Self.json(partly.output)
        #expect(report["imported"] as? Int == 1)
        let errors = report["errors"] as? [[String: Any]] ?? []
        #expect(
            errors.map { $0["error"] as? String } == ["строка 3: «Сумма платежа»: не сумма: «-586;00»"], "\(errors)")
        #expect(try run.run(["match", "--pair", "1"]).status == 2)
        #expect(try run.run(["match", "--undo", "1", "--pair", "1", "2"]).status == 2)
    }
}
