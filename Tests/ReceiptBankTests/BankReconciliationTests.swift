import Foundation
import ReceiptBank
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

/// Statements kept in a real SQLite file, and matching against the receipts stored there.
@Suite("Bank statements in the database", .timeLimit(.minutes(20)))
struct BankReconciliationTests {
    @Test("the same statement twice adds nothing; overlapping statements add each operation once")
    func once() throws {
        let folder = try TemporaryFolder()
        let reconciliation = BankReconciliation(database: try ReceiptDatabase.open(at: folder.file("r.sqlite")))
        let text = String(
            decoding: try Repository.data("Tests/Fixtures/bank/tbank/skypro_operations_trimmed.csv"), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        // The header and 28 rows; the first part has rows 1–20, the second rows 14–28: 7 in both.
        let header = lines[0]
        let first = ([header] + lines[1...20]).joined(separator: "\r\n")
        let second = ([header] + lines[14...28]).joined(separator: "\r\n")
        let whole = try BankStatement.read(Array(text.utf8))
        #expect(try reconciliation.add(whole) == .init(imported: 25, duplicates: 0))
        #expect(try reconciliation.add(whole) == .init(imported: 0, duplicates: 25))

        let other = BankReconciliation(database: try ReceiptDatabase.open(at: folder.file("o.sqlite")))
        let a = try BankStatement.read(Array(first.utf8))
        let b = try BankStatement.read(Array(second.utf8))
        let addedA = try other.add(a)
        let addedB = try other.add(b)
        #expect(addedA.duplicates == 0)
        // Whatever the FAILED rows among them, the two parts together are the whole statement.
        #expect(addedA.imported + addedB.imported == 25)
        #expect(addedB.duplicates == a.payments.count + b.payments.count - 25)
        #expect(try other.database.bankPayments().count == 25)
    }

    @Test("two equal rows of one statement are two operations, and stay two when it comes again")
    func equalRows() throws {
        let folder = try TemporaryFolder()
        let reconciliation = BankReconciliation(database: try ReceiptDatabase.open(at: folder.file("r.sqlite")))
        let text = """
            Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Кэшбэк;Категория;MCC;Описание;Бонусы (включая кэшбэк)
            01.03.2024 08:15:02;01.03.2024;*4556;OK;-190,00;RUB;-190,00;RUB;;Фастфуд;5814;Cofix;1,00
            01.03.2024 08:15:02;01.03.2024;*4556;OK;-190,00;RUB;-190,00;RUB;;Фастфуд;5814;Cofix;1,00
            """
        let statement = try BankStatement.read(Array(text.utf8))
        #expect(try reconciliation.add(statement) == .init(imported: 2, duplicates: 0))
        #expect(try reconciliation.add(statement) == .init(imported: 0, duplicates: 2))
    }

    @Test("matching stored payments with stored receipts keeps the pairs; by hand wins and is kept")
    func matchStored() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        func receipt(_ number: Int64, _ iso: String, card: Int64, cash: Int64 = 0) throws -> Receipt {
            Receipt(
                identity: try FiscalIdentity(fn: "9251440300007971", i: number, fp: 100 + number),
                dateTime: try LocalDateTime(iso: iso), operation: .sale, total: Money(kopecks: card + cash),
                cash: Money(kopecks: cash), ecash: Money(kopecks: card), seller: "ООО \"АГРОТОРГ\"",
                sellerINN: "7825706086", retailPlace: "Пятёрочка",
                items: [
                    Item(
                        name: "ХЛЕБ", price: Money(kopecks: card + cash), quantity: 1, sum: Money(kopecks: card + cash))
                ])
        }
        _ = try database.save([
            try receipt(1, "2024-03-01T12:01:00", card: 123_450),
            try receipt(2, "2024-03-01T15:00:00", card: 0, cash: 30_000),
            try receipt(3, "2024-03-02T10:00:00", card: 77_700),
        ])
        let stored = try database.receiptsForMatching(
            from: try LocalDateTime(iso: "2024-02-01"), to: try LocalDateTime(iso: "2024-04-01"))
        // The cash receipt (2) has no card part.
        #expect(stored.map(\.id) == [1, 3])
        #expect(stored.first?.shopNames.contains("Пятёрочка") == true)

        let reconciliation = BankReconciliation(database: database)
        let text = """
            Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Кэшбэк;Категория;MCC;Описание;Бонусы (включая кэшбэк)
            01.03.2024 12:03:10;01.03.2024;*4556;OK;-1234,50;RUB;-1234,50;RUB;;Супермаркеты;5411;Пятёрочка;12,00
            01.03.2024 19:00:00;01.03.2024;;OK;-5000,00;RUB;-5000,00;RUB;;Переводы;;Перевод между счетами;0,00
            """
        _ = try reconciliation.add(try BankStatement.read(Array(text.utf8)))
        // Shown without saving (the web app's GET): the pair is found, nothing is stored.
        #expect(try reconciliation.match(saving: false).matched.map(\.receipt) == [1])
        #expect(try database.bankMatches().isEmpty)
        let outcome = try reconciliation.match()
        #expect(outcome.matched.map(\.receipt) == [1])
        #expect(outcome.matched.first?.reason.sameMerchant == true)
        #expect(outcome.unmatchedPayments.map(\.payment.description) == ["Перевод между счетами"])
        #expect(outcome.unmatchedReceipts == [3])
        let payment = try #require(outcome.matched.first?.payment.id)
        #expect(try database.bankMatches().map(\.receipt) == [1])

        // Undone: the pair is not made again.
        #expect(try database.undoBankMatch(receipt: 1) == payment)
        #expect(try reconciliation.match().matched.isEmpty)
        // Made by hand with another receipt: it stands through matching.
        #expect(try database.pairByHand(payment: payment, receipt: 3))
        let again = try reconciliation.match()
        #expect(again.matched.map { "\($0.receipt) \($0.reason.manual)" } == ["3 true"])
        #expect(again.unmatchedReceipts == [1])
        #expect(try database.pairByHand(payment: 999, receipt: 3) == false)

        // A pair only shown, never saved, can be refused by naming both sides.
        #expect(try database.refuseBankPair(payment: payment, receipt: 3))
        #expect(try reconciliation.match(saving: false).matched.isEmpty)
        #expect(try database.refuseBankPair(payment: payment, receipt: 999) == false)
    }
}
