import Foundation
import HTTPTypes
import ReceiptBank
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

/// The «Банк» view's API over a real SQLite file: what `receipts match` finds, shown without saving,
/// a pair taken apart and one made by hand.
@Suite("receipts web: card payments beside the receipts", .timeLimit(.minutes(20)))
struct WebBankTests {
    /// Three card receipts of November 2026 (no region: Moscow time, as the bank's), and a T-Bank
    /// statement (the 15-column layout) of three payments:
    /// - payment 1, 02.11 10:01:10, 500,00 «LENTA»: receipt 1 (10:00, 500,00, Лента) — the same
    ///   amount a minute later, a pair;
    /// - payment 2, 03.11 18:31:00, 1 234,56 «PYATEROCHKA 1234»: receipt 2 (18:30, 1 234,56) — a pair;
    /// - payment 3, 05.11 12:00:00, 5 000,00 «Иван И.», a transfer: no receipt.
    /// Receipt 3 (04.11 09:00, 99,90, Магнит) has no payment: it is the one candidate of payment 3
    /// (a day before it, within four).
    static func withBank(_ body: @Sendable (ReceiptDatabase, WebInsightsTests.Page) async throws -> Void)
        async throws
    {
        let receipts = [
            try WebInsightsTests.receipt(1, "2026-11-02T10:00:00", shop: "Лента", [("ХЛЕБ", 20_000), ("СЫР", 30_000)]),
            try WebInsightsTests.receipt(2, "2026-11-03T18:30:00", shop: "Пятёрочка", [("КОФЕ", 123_456)]),
            try WebInsightsTests.receipt(3, "2026-11-04T09:00:00", shop: "Магнит", [("ВОДА", 9_990)]),
        ]
        let header =
            "\"Дата операции\";\"Дата платежа\";\"Номер карты\";\"Статус\";\"Сумма операции\";\"Валюта операции\";"
            + "\"Сумма платежа\";\"Валюта платежа\";\"Кэшбэк\";\"Категория\";\"MCC\";\"Описание\";"
            + "\"Бонусы (включая кэшбэк)\";\"Округление на инвесткопилку\";\"Сумма операции с округлением\""
        let rows = [
            "\"02.11.2026 10:01:10\";\"02.11.2026\";\"*4556\";\"OK\";\"-500,00\";\"RUB\";\"-500,00\";\"RUB\";\"\";"
                + "\"Супермаркеты\";\"5411\";\"LENTA\";\"5,00\";\"0,00\";\"500,00\"",
            "\"03.11.2026 18:31:00\";\"03.11.2026\";\"*4556\";\"OK\";\"-1234,56\";\"RUB\";\"-1234,56\";\"RUB\";\"\";"
                + "\"Супермаркеты\";\"5411\";\"PYATEROCHKA 1234\";\"12,00\";\"0,00\";\"1234,56\"",
            "\"05.11.2026 12:00:00\";\"05.11.2026\";\"\";\"OK\";\"-5000,00\";\"RUB\";\"-5000,00\";\"RUB\";\"\";"
                + "\"Переводы\";\"\";\"Иван И.\";\"0,00\";\"0,00\";\"5000,00\"",
        ]
        let statement = try BankStatement.read(Array(([header] + rows).joined(separator: "\n").utf8))
        try await WebInsightsTests.withApp(receipts) { database, page in
            _ = try BankReconciliation(database: database).add(statement)
            try await body(database, page)
        }
    }

    /// The pairs as (receipt, payment), in the order shown.
    static func pairs(_ answer: [String: Any]) -> [[Int]] {
        (answer["matched"] as? [[String: Any]] ?? []).map {
            [$0["receiptID"] as? Int ?? 0, ($0["payment"] as? [String: Any])?["id"] as? Int ?? 0]
        }
    }

    @Test("the pairs, the payment without a receipt with its candidates, the receipt without a payment; nothing saved")
    func shown() async throws {
        try await Self.withBank { database, page in
            let (status, answer) = try await page.get("/api/bank?lang=ru")
            #expect(status == .ok)
            #expect(Self.pairs(answer) == [[1, 1], [2, 2]])
            #expect(
                answer["summary"] as? [String] == [
                    "Связано: 2.", "Операций без чека: 1.", "Чеков с оплатой картой без операции: 1.",
                ])
            let first = try #require((answer["matched"] as? [[String: Any]])?.first)
            let payment = try #require(first["payment"] as? [String: Any])
            #expect(payment["date"] as? String == "2026-11-02T10:01:10+03:00")
            #expect(payment["dateText"] as? String == "02.11.2026 10:01:10")
            #expect(payment["amount"] as? Int == 50_000 && payment["amountText"] as? String == "500,00\u{00A0}₽")
            #expect(payment["account"] as? String == "Т-Банк *4556")
            #expect((first["receipt"] as? [String: Any])?["shop"] as? String == "Лента")
            #expect(first["manual"] as? Bool == false)
            #expect((first["reason"] as? String)?.hasPrefix("точно") == true)
            let unpaired = try #require((answer["unmatchedPayments"] as? [[String: Any]])?.first)
            #expect((unpaired["payment"] as? [String: Any])?["id"] as? Int == 3)
            // Receipt 3 offered with what matching makes of it: 500 000 − 9 990 = 490 010 kopecks
            // off, printed 27 h before the payment (04.11 09:00 to 05.11 12:00).
            let candidates = try #require(unpaired["candidates"] as? [[String: Any]])
            #expect(candidates.map { $0["receipt"] as? Int } == [3])
            #expect(candidates.first?["amountOff"] as? Int == 490_010 && candidates.first?["seconds"] as? Int == 97_200)
            #expect(
                candidates.first?["reasons"] as? [String] == [
                    "сумма отличается на 4\u{00A0}900,10\u{00A0}₽", "оплата через 27 ч",
                ])
            #expect((answer["unmatchedReceipts"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3])
            #expect(answer["empty"] is NSNull)
            // A GET saves nothing: the pairs are kept by `receipts match` and the changes.
            #expect(try database.bankMatches().isEmpty)

            // The same as `receipts match --json` would say.
            let found = BankMatchJSON(try BankReconciliation(database: database).match(saving: false))
            #expect(found.matched.map { [Int($0.receipt), Int($0.payment.id)] } == Self.pairs(answer))
            #expect(found.unmatchedReceipts == [3])
        }
    }

    @Test("a pair taken apart is not made again; made by hand it comes back, marked so")
    func unpairAndPair() async throws {
        try await Self.withBank { database, page in
            let (status, undone) = try await page.post("/api/bank/unpair?lang=ru", #"{"receipt": 1, "payment": 1}"#)
            #expect(status == .ok)
            #expect(undone["message"] as? String == "Пара отменена: чек 1 и операция 1.")
            let (_, after) = try await page.get("/api/bank?lang=en")
            #expect(Self.pairs(after) == [[2, 2]])
            // Payment 1's candidates, none chosen: receipt 1 (the same 500.00 a minute before, at
            // Лента, which LENTA names: strict, though undone), then receipt 3 (99.90: 50 000 − 9 990
            // = 40 010 kopecks off; 04.11 09:00 is 46 h 58 min 50 s = 169 130 s after the payment,
            // (169 130 + 30) / 60 = 2 819 min, (2 819 + 30) / 60 = 47 h).
            let payments = try #require(after["unmatchedPayments"] as? [[String: Any]])
            #expect(payments.map { ($0["payment"] as? [String: Any])?["id"] as? Int } == [1, 3])
            let offered = payments.first?["candidates"] as? [[String: Any]] ?? []
            #expect(offered.map { $0["receipt"] as? Int } == [1, 3])
            #expect(
                offered.map { $0["reasons"] as? [String] ?? [] } == [
                    ["same amount", "paid 1 min after", "same merchant"],
                    ["amount off by RUB 400.10", "paid 47 h before"],
                ])
            #expect(try database.bankMatchRefusals().map { [$0.payment, $0.receipt] } == [[1, 1]])

            let (paired, made) = try await page.post("/api/bank/pair?lang=en", #"{"receipt": 1, "payment": 1}"#)
            #expect(paired == .ok)
            #expect(made["message"] as? String == "Paired by hand: receipt 1 and payment 1.")
            let (_, again) = try await page.get("/api/bank?lang=en")
            #expect(Self.pairs(again) == [[1, 1], [2, 2]])
            let first = try #require((again["matched"] as? [[String: Any]])?.first)
            #expect(first["manual"] as? Bool == true && first["reason"] as? String == "by hand")
            #expect(try database.bankMatchRefusals().isEmpty)
        }
    }

    /// Issue 49: the page had no way to take a stored payment out (before the change the route
    /// answered 404 for every payment, and payment 3 stayed).
    @Test("a payment removed, paired or not, is gone with its pair; an unknown one is 404, none named 400")
    func removePayments() async throws {
        try await Self.withBank { database, page in
            // Payment 3, the transfer without a receipt.
            let (status, removed) = try await page.post("/api/bank/remove?lang=en", #"{"payment": 3}"#)
            #expect(status == .ok)
            #expect(removed["message"] as? String == "Removed payment 3.")
            let (_, after) = try await page.get("/api/bank?lang=en")
            #expect((after["unmatchedPayments"] as? [Any])?.isEmpty == true)
            #expect(Self.pairs(after) == [[1, 1], [2, 2]])
            // Payment 1, paired with receipt 1: the pair goes with it, and receipt 1 waits for a payment.
            let (paired, said) = try await page.post("/api/bank/remove?lang=ru", #"{"payment": 1}"#)
            #expect(paired == .ok && said["message"] as? String == "Операция 1 убрана.")
            let (_, last) = try await page.get("/api/bank?lang=en")
            #expect(Self.pairs(last) == [[2, 2]])
            #expect((last["unmatchedReceipts"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1, 3])
            #expect(try database.bankPayments().map(\.id) == [2])

            let (unknown, notThere) = try await page.post("/api/bank/remove?lang=ru", #"{"payment": 999}"#)
            #expect(unknown == .notFound)
            #expect(notThere["message"] as? String == "нет операции 999")
            let (none, named) = try await page.post("/api/bank/remove?lang=en", #"{}"#)
            #expect(none == .badRequest && named["field"] as? String == "payment")
            #expect(try database.bankPayments().map(\.id) == [2])
        }
    }

    @Test("a change that names no receipt, or one that is not there, is refused with the reason and changes nothing")
    func wrongChanges() async throws {
        try await Self.withBank { database, page in
            let (missing, noReceipt) = try await page.post("/api/bank/pair?lang=ru", #"{"payment": 1}"#)
            #expect(missing == .badRequest)
            #expect(noReceipt["field"] as? String == "receipt")
            #expect(noReceipt["message"] as? String == "Укажите номер чека и номер операции.")
            let (zero, _) = try await page.post("/api/bank/unpair?lang=ru", #"{"receipt": 1, "payment": 0}"#)
            #expect(zero == .badRequest)
            let (absent, notThere) = try await page.post("/api/bank/pair?lang=ru", #"{"receipt": 999, "payment": 1}"#)
            #expect(absent == .notFound)
            #expect(notThere["message"] as? String == "нет чека 999 или операции 1")
            let (broken, _) = try await page.post("/api/bank/pair?lang=ru", #"{"receipt": "#)
            #expect(broken == .badRequest)
            #expect(try database.bankMatches().isEmpty && database.bankMatchRefusals().isEmpty)
        }
    }

    @Test(
        "a payment past 10¹² ₽ stored before statements were checked: the view answers, the payment without candidates")
    func paymentBeyondBounds() async throws {
        try await Self.withBank { database, page in
            // Int64.max kopecks, as a T-Bank row of 92 233 720 368 547 758,07 ₽ was once stored: the
            // view then died of an overflow working out the nearest receipts.
            let huge = BankPayment(
                bank: .tbank, account: "*4556",
                time: ZonedDateTime(local: try LocalDateTime(iso: "2026-11-04T09:05:00"), offsetMinutes: 180),
                spent: Money(kopecks: .max), description: "HUGE")
            // And Int64.min, money in: the distance to a receipt's amount overflowed too.
            var refund = huge
            refund.spent = Money(kopecks: .min)
            refund.description = "HUGE REFUND"
            _ = try database.addBankPayments([(identity: "huge", payment: huge), (identity: "refund", payment: refund)])
            let (status, answer) = try await page.get("/api/bank?lang=en")
            #expect(status == .ok)
            #expect(Self.pairs(answer) == [[1, 1], [2, 2]])
            let unmatched = answer["unmatchedPayments"] as? [[String: Any]] ?? []
            for description in ["HUGE", "HUGE REFUND"] {
                let row = try #require(
                    unmatched.first { ($0["payment"] as? [String: Any])?["description"] as? String == description })
                #expect((row["candidates"] as? [Any])?.isEmpty == true, "\(description)")
            }
        }
    }

    @Test("without a statement the view says how to add one: with the page's field, or the command")
    func empty() async throws {
        try await WebInsightsTests.withApp([]) { _, page in
            let (status, answer) = try await page.get("/api/bank?lang=ru")
            #expect(status == .ok)
            #expect(
                answer["empty"] as? String
                    == "Операций банка пока нет. Добавьте выписку банка полем выше (или перетащите файл на него); "
                    + "в терминале: receipts bank import ФАЙЛ")
            #expect((answer["matched"] as? [Any])?.isEmpty == true)
        }
    }
}
