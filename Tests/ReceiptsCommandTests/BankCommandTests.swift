import Foundation
import ReceiptTesting
import Testing

/// `receipts bank import` and `receipts match` over real receipts (Tests/Fixtures/real-receipts)
/// and a T-Bank statement written as the bank writes its 15 columns, every field quoted.
@Suite("receipts bank import and receipts match", .timeLimit(.minutes(20)))
struct BankCommandTests {
    static let statement = """
        "Дата операции";"Дата платежа";"Номер карты";"Статус";"Сумма операции";"Валюта операции";"Сумма платежа";"Валюта платежа";"Кэшбэк";"Категория";"MCC";"Описание";"Бонусы (включая кэшбэк)";"Округление на инвесткопилку";"Сумма операции с округлением"
        "30.12.2024 10:00:00";"30.12.2024";"";"OK";"-5000,00";"RUB";"-5000,00";"RUB";"";"Переводы";"";"Перевод между счетами";"0,00";"0,00";"5000,00"
        "29.12.2024 17:39:41";"29.12.2024";"*4556";"OK";"-586,00";"RUB";"-586,00";"RUB";"";"Маркетплейсы";"5399";"OZON";"5,00";"0,00";"586,00"
        "29.12.2024 17:35:00";"29.12.2024";"*4556";"FAILED";"-586,00";"RUB";"-586,00";"RUB";"";"Маркетплейсы";"5399";"OZON";"0,00";"0,00";"586,00"
        "26.12.2024 05:27:30";"27.12.2024";"*4556";"OK";"-2200,00";"RUB";"-2200,00";"RUB";"";"Топливо";"5541";"BERKUT AZS";"22,00";"0,00";"2200,00"

        """

    /// A T-Bank statement for the card receipts of Zaar2/ChequeInfo's December 2024
    /// (real-receipts/chequeinfo-2024-12.json): each payment at the receipt's minute in Moscow time
    /// (the Novosibirsk shops' 08:46 is 04:46; Ozon's Moscow 17:39 is 17:39) and 5 to 55 s into it,
    /// but for АШАН's 239.80 and METRO's 637.00, paid 65 and 70 s before the receipt's minute; and a
    /// transfer between accounts of 5,000.00 half an hour after Лемана ПРО's 4,978.50.
    static let december = """
        "Дата операции";"Дата платежа";"Номер карты";"Статус";"Сумма операции";"Валюта операции";"Сумма платежа";"Валюта платежа";"Кэшбэк";"Категория";"MCC";"Описание";"Бонусы (включая кэшбэк)";"Округление на инвесткопилку";"Сумма операции с округлением"
        "23.12.2024 04:46:12";"23.12.2024";"*4556";"OK";"-15734,73";"RUB";"-15734,73";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"15734,73"
        "23.12.2024 06:04:37";"23.12.2024";"*4556";"OK";"-2340,00";"RUB";"-2340,00";"RUB";"";"Супермаркеты";"5422";"MYASO";"0,00";"0,00";"2340,00"
        "23.12.2024 06:42:05";"23.12.2024";"*4556";"OK";"-1354,50";"RUB";"-1354,50";"RUB";"";"Супермаркеты";"5499";"IP SHALNOVA";"0,00";"0,00";"1354,50"
        "24.12.2024 04:11:48";"24.12.2024";"*4556";"OK";"-8807,36";"RUB";"-8807,36";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"8807,36"
        "24.12.2024 06:50:21";"24.12.2024";"*4556";"OK";"-531,56";"RUB";"-531,56";"RUB";"";"Супермаркеты";"5411";"SPAR NOVOSIBIRSK";"0,00";"0,00";"531,56"
        "24.12.2024 09:12:55";"24.12.2024";"*4556";"OK";"-7012,08";"RUB";"-7012,08";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"7012,08"
        "24.12.2024 15:43:55";"24.12.2024";"*4556";"OK";"-239,80";"RUB";"-239,80";"RUB";"";"Супермаркеты";"5411";"AUCHAN CITY";"0,00";"0,00";"239,80"
        "24.12.2024 15:50:09";"24.12.2024";"*4556";"OK";"-1003,52";"RUB";"-1003,52";"RUB";"";"Детские товары";"5641";"DETSKIY MIR";"0,00";"0,00";"1003,52"
        "26.12.2024 04:35:44";"26.12.2024";"*4556";"OK";"-2191,72";"RUB";"-2191,72";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"2191,72"
        "26.12.2024 05:27:18";"26.12.2024";"*4556";"OK";"-2200,00";"RUB";"-2200,00";"RUB";"";"Топливо";"5541";"BERKUT AZS";"0,00";"0,00";"2200,00"
        "27.12.2024 04:09:12";"27.12.2024";"*4556";"OK";"-7164,00";"RUB";"-7164,00";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"7164,00"
        "27.12.2024 06:40:37";"27.12.2024";"*4556";"OK";"-2194,70";"RUB";"-2194,70";"RUB";"";"Аптеки";"5912";"APTEKI PLUS";"0,00";"0,00";"2194,70"
        "28.12.2024 04:29:05";"28.12.2024";"*4556";"OK";"-797,00";"RUB";"-797,00";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"797,00"
        "28.12.2024 04:31:48";"28.12.2024";"*4556";"OK";"-3741,72";"RUB";"-3741,72";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"3741,72"
        "29.12.2024 17:39:21";"29.12.2024";"*4556";"OK";"-586,00";"RUB";"-586,00";"RUB";"";"Маркетплейсы";"5399";"OZON";"0,00";"0,00";"586,00"
        "30.12.2024 04:22:55";"30.12.2024";"*4556";"OK";"-1718,60";"RUB";"-1718,60";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"1718,60"
        "30.12.2024 04:21:50";"30.12.2024";"*4556";"OK";"-637,00";"RUB";"-637,00";"RUB";"";"Супермаркеты";"5411";"METRO CC 1060";"0,00";"0,00";"637,00"
        "30.12.2024 09:28:09";"30.12.2024";"*4556";"OK";"-4978,50";"RUB";"-4978,50";"RUB";"";"Супермаркеты";"5499";"MAGAZIN";"0,00";"0,00";"4978,50"
        "30.12.2024 09:30:44";"30.12.2024";"*4556";"OK";"-1264,00";"RUB";"-1264,00";"RUB";"";"Супермаркеты";"5499";"MAGAZIN";"0,00";"0,00";"1264,00"
        "30.12.2024 12:30:18";"30.12.2024";"*4556";"OK";"-2425,36";"RUB";"-2425,36";"RUB";"";"Супермаркеты";"5411";"LENTA-95";"0,00";"0,00";"2425,36"
        "30.12.2024 10:00:00";"30.12.2024";"";"OK";"-5000,00";"RUB";"-5000,00";"RUB";"";"Переводы";"";"Перевод между счетами";"0,00";"0,00";"5000,00"

        """

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "a real Novosibirsk December: every card receipt pairs with its payment, the same minute or one apart; the books' cash is the receipts' cash"
    )
    func shopsClock() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        #expect(
            try await run.run(["import", RealReceiptsCommandTests.fixtures + "/chequeinfo-2024-12.json"]).status == 0)
        let file = try folder.write(Self.december, to: "operations.csv")
        let imported = try await run.run(["bank", "import", file])
        // Which bank and layout the file was read as.
        #expect(imported.status == 0 && imported.errors.contains(": T-Bank (CSV “;”, 15 columns, UTF-8), 21 new"))
        let outcome = try Self.json(try await run.run(["match", "--json"]).output)
        let matched = try #require(outcome["matched"] as? [[String: Any]])
        // 20 of the 25 receipts were paid by card (3 of Ozon's by their prepayment, 2 of METRO's in
        // cash): all 20 pair, 18 in the same minute, АШАН's and METRO's 637.00 a minute before
        // (65 and 70 s, rounded to the minute).
        #expect(matched.count == 20)
        // The transfer is within 1 % of Лемана ПРО's 4,978.50 (21.50 off) and 32 minutes after it,
        // a relaxed pair for a purchase, none for a transfer.
        #expect((outcome["unmatchedPayments"] as? [[String: Any]])?.map { $0["amount"] as? Int } == [500_000])
        let reasons = matched.compactMap { $0["reason"] as? String }
        #expect(reasons.filter { $0.contains("the same minute") }.count == 18, "\(reasons)")
        #expect(reasons.filter { $0.contains("paid 1 min before") }.count == 2, "\(reasons)")
        // On a 60-column terminal in Russian: dates as Russian tables write them, the shop beside
        // each pair, and why each was made wrapped under the table, never cut.
        var russian = run.russian()
        russian.environment["LANG"] = "ru_RU.UTF-8"
        let text = try await russian.runOnTerminal(["match"], columns: 60).output.replacingOccurrences(
            of: "\r\n", with: "\n")
        #expect(text.contains("23.12.2024") && !text.contains("2024-12-23") && text.contains("Беркут"), "\(text)")
        // Each reason's continuation under its first line, two cells in: the reasons wrap at 58.
        #expect(text.contains("Почему:\nчек 1: точно, сумма совпадает, в ту же минуту, тот же\n  магазин\n"), "\(text)")
        #expect(text.contains("чек 9: точно, сумма совпадает, оплата за 1 мин до чека,\n  тот же магазин"), "\(text)")
        // The shop's clock, as show says it: the postcode's Novosibirsk, Ozon's Moscow.
        let show = try await run.run(["show", "1"]).output
        #expect(show.contains("Shop's clock: UTC+7 (by postcode)"), "\(show)")
        let zone = try Self.json(try await run.run(["show", "1", "--json"]).output)["zone"] as? [String: Any]
        #expect(zone?["utcOffset"] as? Int == 420 && zone?["source"] as? String == "postcode")
        // The books' asset side, as the receipts say they were paid. Cash: METRO's 1,383.30 and
        // 831.00, the only cash parts. Prepaid: Ozon's settlements of 1,642.00 and 1,527.00, whose
        // prepayments are not in the export; the 586.00 order has both receipts and nets to 0. The
        // card of the statement: the 20 paired card receipts, 72,305.45 − 2,214.30 − 3,169.00 =
        // 66,922.15. No card part is left unpaired, so there is no Assets:Card.
        let journal = try await run.run(["export", "hledger"]).output
        var balances: [String: Int64] = [:]
        for line in journal.split(separator: "\n")
        where line.hasPrefix("    Assets:") || line.hasPrefix("    Liabilities:") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let amount = Decimal(string: String(fields[1])) else { continue }
            balances[String(fields[0]), default: 0] += Int64(truncating: (amount * 100) as NSNumber)
        }
        #expect(
            balances == ["Assets:Cash": -221_430, "Assets:Prepaid": -316_900, "Assets:Bank:TBank:Card4556": -6_692_215])
    }

    @Test("a statement imports once; payments meet the prepayment and the petrol; undo and pair by hand")
    func importAndMatch() async throws {
        let folder = try TemporaryFolder()
        var run = RealReceiptsCommandTests.runner(in: folder)
        // Receipts 1, 2, 3: petrol 2,200.00 by card (no region code; the address's postcode 630132
        // is Novosibirsk's, UTC+7), Ozon's prepayment 586.00 by card, its settlement (586.00 offset,
        // nothing by card).
        for file in ["petrol-ai92-trk-sum-mismatch.json", "ozon-prepayment.json", "ozon-settlement.json"] {
            #expect(try await run.run(["import", RealReceiptsCommandTests.fixtures + "/" + file]).status == 0)
        }
        let file = try folder.write(Self.statement, to: "operations.csv")
        // Four rows, one FAILED: 3 payments (1 the transfer, 2 Ozon, 3 petrol), 1 skipped.
        let first = try await run.run(["bank", "import", file, "--json"])
        #expect(first.status == 0, "\(first.errors)")
        let added = try Self.json(first.output)
        #expect(added["imported"] as? Int == 3 && added["duplicates"] as? Int == 0 && added["skipped"] as? Int == 1)
        #expect(added["accounts"] as? [String] == ["*4556"])
        let again = try Self.json(try await run.run(["bank", "import", file, "--json"]).output)
        #expect(again["imported"] as? Int == 0 && again["duplicates"] as? Int == 3)

        let match = try await run.run(["match", "--json"])
        #expect(match.status == 0, "\(match.errors)")
        let outcome = try Self.json(match.output)
        let matched = try #require(outcome["matched"] as? [[String: Any]])
        // By payment time: the petrol (26 Dec, 05:27:30 Moscow; the receipt says 09:27 Novosibirsk
        // time, 05:27 in Moscow: 30 s apart, strict because the bank's BERKUT is the seller's
        // «Беркут»), then Ozon (41 s apart).
        #expect(matched.map { $0["receipt"] as? Int } == [1, 2])
        let petrol = try #require(matched.first?["payment"] as? [String: Any])
        #expect(petrol["id"] as? Int == 3 && petrol["amount"] as? Int == 220_000)
        #expect(petrol["date"] as? String == "2024-12-26T05:27:30+03:00")
        #expect(matched.first?["reason"] as? String == "strict, same amount, the same minute, same merchant")
        #expect((matched.last?["confidence"] as? Double ?? 0) >= 0.9)
        let unmatched = try #require(outcome["unmatchedPayments"] as? [[String: Any]])
        #expect(unmatched.map { $0["amount"] as? Int } == [500_000])
        // The settlement paid nothing by card, so it waits for no payment.
        #expect(outcome["unmatchedReceipts"] as? [Int] == [])

        #expect(try await run.run(["match", "--undo", "2"]).output == "Unpaired receipt 2 and payment 2.\n")
        let undone = try Self.json(try await run.run(["match", "--json"]).output)
        #expect((undone["matched"] as? [[String: Any]])?.count == 1)
        #expect(undone["unmatchedReceipts"] as? [Int] == [2])
        #expect(try await run.run(["match", "--pair", "2", "2"]).status == 0)
        let paired = try Self.json(try await run.run(["match", "--json"]).output)
        let byHand = (paired["matched"] as? [[String: Any]])?.last
        #expect(byHand?["reason"] as? String == "by hand" && byHand?["confidence"] as? Double == 1)

        run.environment["LANG"] = "ru_RU.UTF-8"
        run.environment["COLUMNS"] = "60"
        let russian = try await run.runOnTerminal(["match"], columns: 200).output.replacingOccurrences(
            of: "\r\n", with: "\n")
        #expect(russian.contains("Связано: 2.\nОпераций без чека: 1.\n"), "\(russian)")
        #expect(TerminalWidthTests.widest(russian) <= 60, "\(russian)")
    }

    @Test("bank remove: a statement's operations or one by its ID go, with their pairs; wrong input removes nothing")
    func remove() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        for file in ["petrol-ai92-trk-sum-mismatch.json", "ozon-prepayment.json", "ozon-settlement.json"] {
            #expect(try await run.run(["import", RealReceiptsCommandTests.fixtures + "/" + file]).status == 0)
        }
        let file = try folder.write(Self.statement, to: "operations.csv")
        // Payments 1 (the transfer), 2 (Ozon, paired with receipt 2), 3 (petrol, paired with 1).
        #expect(try await run.run(["bank", "import", file]).status == 0)
        #expect(try await run.run(["match", "--pair", "2", "2"]).status == 0)

        // Wrong input first: each changes nothing.
        #expect(try await run.run(["bank", "remove"]).status == 2)
        #expect(try await run.run(["bank", "remove", "--file", file, "--payment", "1"]).status == 2)
        let absent = try await run.russian().run(["bank", "remove", "--payment", "9"])
        #expect(absent.status == 3 && absent.errors == "receipts: ошибка: нет операции 9\n", "\(absent.errors)")
        #expect(try await run.run(["bank", "remove", "--file", folder.file("nowhere.csv")]).status == 3)
        let other = try folder.write("date,amount\n2024-01-01,5\n", to: "other.csv")
        #expect(try await run.run(["bank", "remove", "--file", other]).status == 6)
        let before = try Self.json(try await run.run(["match", "--json"]).output)
        #expect((before["matched"] as? [[String: Any]])?.count == 2)

        // Payment 2 by its ID: its pair (made by hand) goes with it; receipt 2 waits for a payment again.
        let one = try await run.run(["bank", "remove", "--payment", "2"])
        #expect(one.status == 0 && one.output == "Removed 1 operation.\n", "\(one.output)\(one.errors)")
        let after = try Self.json(try await run.run(["match", "--json"]).output)
        #expect((after["matched"] as? [[String: Any]])?.map { $0["receipt"] as? Int } == [1])
        #expect(after["unmatchedReceipts"] as? [Int] == [2])

        // The file: the two operations left of its three (one is gone already).
        let rest = try await run.run(["bank", "remove", "--file", file, "--json"])
        let removed = try Self.json(rest.output)["removed"] as? Int
        #expect(rest.status == 0 && removed == 2, "\(rest.output)")
        let none = try Self.json(try await run.run(["match", "--json"]).output)
        #expect((none["matched"] as? [Any])?.isEmpty == true && (none["unmatchedPayments"] as? [Any])?.isEmpty == true)
        // Added again, they are new again.
        let again = try Self.json(try await run.run(["bank", "import", file, "--json"]).output)
        #expect(again["imported"] as? Int == 3)
    }

    @Test("wrong input: a missing file, a file that is no statement, a bad row (the rest kept), --pair with one ID")
    func wrongInput() async throws {
        let folder = try TemporaryFolder()
        var run = RealReceiptsCommandTests.runner(in: folder)
        #expect(try await run.run(["match"]).status == 3)
        let missing = try await run.run(["bank", "import", folder.file("nowhere.csv")])
        #expect(missing.status == 3)
        let notStatement = try folder.write("date,amount\n2024-01-01,5\n", to: "other.csv")
        let refused = try await run.run(["bank", "import", notStatement])
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
        let partly = try await run.run(["bank", "import", bad, "--json"])
        #expect(partly.status == 6)
        let report = try Self.json(partly.output)
        #expect(report["imported"] as? Int == 1)
        let errors = report["errors"] as? [[String: Any]] ?? []
        #expect(
            errors.map { $0["error"] as? String } == ["строка 3: «Сумма платежа»: не сумма: «-586;00»"], "\(errors)")
        #expect(try await run.run(["match", "--pair", "1"]).status == 2)
        #expect(try await run.run(["match", "--undo", "1", "--pair", "1", "2"]).status == 2)
    }

    /// Issue 49: a statement of 3 MiB on one line was read whole (a 100 MB line took 552 MB) and
    /// reported as a row of 1 field where the header has 15. Now the line is refused, named by its
    /// number, exit 6 (invalid input), in either language.
    @Test("bank import refuses a statement line longer than 64 KiB, named by its line, exit 6")
    func longLine() async throws {
        let folder = try TemporaryFolder()
        var run = InProcessRunner().english()
        run.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        let header = String(Self.statement.split(separator: "\n")[0])
        let file = try folder.write(header + "\n" + String(repeating: "z", count: 3 << 20) + "\n", to: "long.csv")
        let english = try await run.run(["bank", "import", file])
        #expect(english.status == 6, "\(english.errors)")
        #expect(english.errors.contains("line 2 is longer than 64 KiB"), "\(english.errors)")
        let russian = try await run.run(["bank", "import", file, "--lang", "ru"])
        #expect(russian.status == 6)
        #expect(russian.errors.contains("строка 2 длиннее 64 КиБ"), "\(russian.errors)")
    }
}
