import Foundation
import HTTPTypes
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite("receipts web: the household's people, payers, shares, balance and settling up", .timeLimit(.minutes(20)))
struct WebHouseholdTests {
    static func item(_ name: String, _ kopecks: Int64) -> Item {
        Item(name: name, price: Money(kopecks: kopecks), quantity: 1, sum: Money(kopecks: kopecks))
    }

    /// Receipt `i` of October 2026, paid by card.
    static func receipt(_ i: Int64, day: Int, total: Int64, items: [Item], pending: Bool = false) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: i, fp: 4_087_570_000 + i),
            dateTime: try LocalDateTime(iso: "2026-10-0\(day)T10:00:00"), operation: .sale,
            total: Money(kopecks: total), ecash: Money(kopecks: total), seller: "ООО \"ЛЕНТА\"",
            sellerINN: "7814148471", retailPlace: "Лента", address: "Санкт-Петербург, Савушкина ул., 112",
            items: items, status: pending ? .pending : .complete)
    }

    static func json(_ answer: AppPage.Answer) throws -> [String: Any] { try WebImportTests.json(answer) }

    @Test(
        "people added and refused in the page's language, a payer and a line's and a receipt's people, the receipt's page showing them, the balance by hand, settled once"
    )
    func household() async throws {
        let folder = try TemporaryFolder("web-household")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // #1: 100.00 ₽, bread 60.00 and beer 40.00; #2: 300.01 ₽, one line; #3: 10.00 ₽, pending.
        try database.save([
            try Self.receipt(1, day: 5, total: 10_000, items: [Self.item("ХЛЕБ", 6_000), Self.item("ПИВО", 4_000)]),
            try Self.receipt(2, day: 6, total: 30_001, items: [Self.item("ОДЕЯЛО", 30_001)]),
            try Self.receipt(3, day: 7, total: 1_000, items: [], pending: true),
        ])
        let app = WebApp(
            settings: WebSettings(host: "127.0.0.1", port: 0), database: database,
            now: { try LocalDateTime(iso: "2026-11-02T12:00:00") })
        try await app.withPage { page in
            // No people: nothing of a household on a receipt.
            #expect(try Self.json(try await page.get("/api/people?lang=ru"))["people"] as? [Any] != nil)
            #expect(try Self.json(try await page.get("/api/receipts/1?lang=ru"))["household"] is NSNull)

            let blank = try await page.post("/api/people/add?lang=ru", #"{"name": "  "}"#)
            #expect(blank.status == .badRequest)
            #expect(try Self.json(blank)["field"] as? String == "name")
            #expect(try Self.json(blank)["message"] as? String == "Имя — от 1 до 64 знаков.")
            let anna = try Self.json(try await page.post("/api/people/add?lang=ru", #"{"name": " Аня "}"#))
            #expect(anna["message"] as? String == "Добавлено: Аня — это вы: по умолчанию чеки оплачиваете вы.")
            let added = try Self.json(
                try await page.post("/api/people/add?lang=en", #"{"name": "Борис", "card": "*4556"}"#))
            #expect(added["message"] as? String == "Added: Борис, card *4556.")
            let annaID = try #require((anna["person"] as? [String: Any])?["id"] as? Int)
            let borisID = try #require((added["person"] as? [String: Any])?["id"] as? Int)
            let twice = try await page.post("/api/people/add?lang=ru", #"{"name": "аня"}"#)
            #expect(twice.status == .badRequest)
            #expect(try Self.json(twice)["message"] as? String == "«Аня» уже есть среди людей")
            let card = try await page.post("/api/people/add?lang=ru", #"{"name": "Вера", "card": "45"}"#)
            #expect(try Self.json(card)["field"] as? String == "card")
            let people = try #require(
                try Self.json(try await page.get("/api/people?lang=ru"))["people"] as? [[String: Any]])
            #expect(people.map { $0["label"] as? String } == ["Аня (вы)", "Борис"])
            #expect(people.map { $0["cardText"] as? String } == [nil, "карта *4556"])

            // #2 paid by Борис; the beer (line 2 of #1) his; #2 shared 1:2.
            let paid = try Self.json(
                try await page.post("/api/household/payer?lang=ru", #"{"receipt": 2, "person": \#(borisID)}"#))
            #expect(paid["message"] as? String == "Чек № 2: платит Борис.")
            #expect((paid["household"] as? [String: Any])?["payerText"] as? String == "Оплатил: Борис — выбрано")
            let beer = try Self.json(
                try await page.post(
                    "/api/household/shares?lang=ru",
                    #"{"receipt": 1, "line": 2, "people": [{"person": \#(borisID)}]}"#))
            #expect(beer["message"] as? String == "Чек № 1, строка 2: Борис.")
            let shared = try Self.json(
                try await page.post(
                    "/api/household/shares?lang=ru",
                    #"{"receipt": 2, "line": null, "people": [{"person": \#(annaID), "weight": 1}, {"person": \#(borisID), "weight": 2}]}"#
                ))
            #expect(shared["message"] as? String == "Чек № 2: Аня 1/3, Борис 2/3.")
            // 300.01 by 1:2: 100.00 and 200.01, the kopeck to the larger remainder.
            #expect(
                (shared["household"] as? [String: Any])?["consumedText"] as? String
                    == "Аня 100,00\u{A0}₽ · Борис 200,01\u{A0}₽")

            // The receipt's page: who paid, whom it and each line is for.
            let first = try #require(
                try Self.json(try await page.get("/api/receipts/1?lang=ru"))["household"] as? [String: Any])
            #expect(first["payerText"] as? String == "Оплатил: Аня (вы) — по умолчанию")
            #expect(first["chosenPayer"] is NSNull)
            #expect(first["defaultPayerText"] as? String == "по умолчанию: Аня (вы)")
            #expect(first["forText"] as? String == "Для всех поровну")
            #expect(first["consumedText"] as? String == "Аня 30,00\u{A0}₽ · Борис 70,00\u{A0}₽")
            let lines = try #require(first["lines"] as? [[String: Any]])
            #expect(lines.map { $0["text"] as? String } == [nil, "Борис · выбрано для строки"])
            #expect(lines.map { $0["own"] as? Bool } == [false, true])
            #expect((lines.first?["people"] as? [[String: Any]])?.count == 2)
            let second = try #require(
                try Self.json(try await page.get("/api/receipts/2?lang=en"))["household"] as? [String: Any])
            #expect(second["forText"] as? String == "For: Аня 1/3, Борис 2/3")
            #expect(second["chosenPayer"] as? Int == borisID)
            // A pending receipt, without lines, is shared whole.
            let pending = try #require(
                try Self.json(try await page.get("/api/receipts/3?lang=ru"))["household"] as? [String: Any])
            #expect((pending["lines"] as? [Any])?.isEmpty == true)
            #expect(pending["consumedText"] as? String == "Аня 5,00\u{A0}₽ · Борис 5,00\u{A0}₽")

            // What is not there, or not allowed, is named and changes nothing.
            let nobody = try await page.post("/api/household/payer?lang=ru", #"{"receipt": 1, "person": 999}"#)
            #expect(nobody.status == .notFound)
            #expect(try Self.json(nobody)["message"] as? String == "Нет человека № 999: обновите страницу.")
            let noReceipt = try await page.post("/api/household/shares?lang=ru", #"{"receipt": 999, "people": []}"#)
            #expect(try Self.json(noReceipt)["message"] as? String == "нет чека № 999")
            let noLine = try await page.post(
                "/api/household/shares?lang=ru", #"{"receipt": 1, "line": 9, "people": []}"#)
            #expect(noLine.status == .notFound)
            #expect(try Self.json(noLine)["message"] as? String == "в чеке № 1 нет строки 9: строк 2")
            let weight = try await page.post(
                "/api/household/shares?lang=ru", #"{"receipt": 1, "people": [{"person": \#(annaID), "weight": 0}]}"#)
            #expect(weight.status == .badRequest)
            #expect(try Self.json(weight)["field"] as? String == "weight")

            // Paid: Аня #1 100.00 + #3 10.00 = 110.00; Борис #2 300.01. Consumed: bread 30.00 each,
            // the beer 40.00 Борис's, #2 100.00 and 200.01, #3 5.00 each: Аня 135.00, Борис 275.01.
            let balance = try Self.json(try await page.get("/api/household/balance?lang=ru"))
            let rows = try #require(balance["people"] as? [[String: Any]])
            #expect(rows.map { $0["paid"] as? Int } == [11_000, 30_001])
            #expect(rows.map { $0["consumed"] as? Int } == [13_500, 27_501])
            #expect(rows.map { $0["balanceText"] as? String } == ["−25,00\u{A0}₽", "+25,00\u{A0}₽"])
            #expect(rows.map { $0["state"] as? String } == ["owes", "owed"])
            #expect(balance["title"] as? String == "Все месяцы")
            #expect((balance["months"] as? [[String: Any]])?.map { $0["month"] as? String } == ["2026-10"])
            let october = try Self.json(try await page.get("/api/household/balance?lang=en&month=2026-10"))
            #expect(october["title"] as? String == "October 2026")
            #expect((october["people"] as? [[String: Any]])?.map { $0["balance"] as? Int } == [-2_500, 2_500])
            let later = try Self.json(try await page.get("/api/household/balance?lang=ru&from=2026-11&to=2026-12"))
            #expect((later["people"] as? [[String: Any]])?.map { $0["balance"] as? Int } == [0, 0])
            #expect(try await page.get("/api/household/balance?lang=ru&month=октябрь").status == .badRequest)

            let settle = try Self.json(try await page.get("/api/household/settle?lang=ru"))
            let transfers = try #require(settle["transfers"] as? [[String: Any]])
            #expect(transfers.map { $0["text"] as? String } == ["Аня → Борис: 25,00\u{A0}₽"])
            #expect(transfers.map { $0["amount"] as? Int } == [2_500])
            let shown = #"[{"from": \#(annaID), "to": \#(borisID), "amount": 2500}]"#
            // Transfers the page no longer shows rightly are not recorded.
            let stale = try await page.post(
                "/api/household/settle?lang=ru",
                #"{"transfers": [{"from": \#(annaID), "to": \#(borisID), "amount": 1}]}"#)
            #expect(stale.status == .conflict)
            let recorded = try Self.json(
                try await page.post("/api/household/settle?lang=ru", #"{"transfers": \#(shown)}"#))
            #expect(recorded["recorded"] as? Bool == true)
            #expect(recorded["message"] as? String == "Записано переводов: 1.")
            // Recorded in this month (the app's clock: November), which a balance of every month counts.
            let settled = try Self.json(try await page.get("/api/household/balance?lang=ru"))
            #expect((settled["people"] as? [[String: Any]])?.map { $0["balance"] as? Int } == [0, 0])
            #expect((settled["people"] as? [[String: Any]])?.map { $0["settled"] as? Int } == [2_500, -2_500])
            #expect(settled["anySettled"] as? Bool == true)
            let november = try Self.json(try await page.get("/api/household/balance?lang=ru&month=2026-11"))
            #expect((november["people"] as? [[String: Any]])?.map { $0["settled"] as? Int } == [2_500, -2_500])
            let again = try await page.post("/api/household/settle?lang=ru", #"{"transfers": \#(shown)}"#)
            #expect(again.status == .conflict)
            #expect(
                try Self.json(again)["message"] as? String
                    == "Балансы изменились, пока страница была открыта: посмотрите переводы снова.")
            let even = try Self.json(try await page.get("/api/household/settle?lang=en"))
            #expect(even["message"] as? String == "Nobody owes anybody.")
            #expect(try database.householdBalance().lines.map(\.balance) == [0, 0])

            // Removing: you stay while others remain; settlements keep a person; anybody else goes.
            let you = try await page.post("/api/people/remove?lang=ru", #"{"id": \#(annaID)}"#)
            #expect(you.status == .badRequest)
            #expect(
                try Self.json(you)["message"] as? String
                    == "«Аня» — это вы (платите по умолчанию): сначала уберите остальных")
            #expect(try await page.post("/api/people/remove?lang=ru", #"{"id": \#(borisID)}"#).status == .badRequest)
            let vera = try Self.json(try await page.post("/api/people/add?lang=ru", #"{"name": "Вера"}"#))
            let veraID = try #require((vera["person"] as? [String: Any])?["id"] as? Int)
            let removed = try Self.json(try await page.post("/api/people/remove?lang=ru", #"{"id": \#(veraID)}"#))
            #expect(removed["message"] as? String == "Убрано: Вера.")
            #expect(try await page.post("/api/people/remove?lang=ru", #"{"id": 999}"#).status == .notFound)
            #expect(try database.people().map(\.name) == ["Аня", "Борис"])

            // A person's statistics, as stats --person gives them: Борис's parts of October's lines.
            let whole = try Self.json(try await page.get("/api/stats?lang=ru&month=2026-10"))
            #expect((whole["people"] as? [[String: Any]])?.map { $0["label"] as? String } == ["Аня (вы)", "Борис"])
            #expect(whole["person"] is NSNull)
            let his = try Self.json(try await page.get("/api/stats?lang=ru&month=2026-10&person=\(borisID)"))
            let expected = try #require(
                try SpendingStatistics.read(
                    from: database, range: try Month(year: 2026, month: 10)...Month(year: 2026, month: 10),
                    person: Int64(borisID)))
            #expect(his["person"] as? Int == borisID)
            #expect(his["title"] as? String == "Октябрь 2026 · Борис")
            #expect((his["statistics"] as? [String: Any])?["total"] as? Int == Int(expected.total.kopecks))
            #expect((his["statistics"] as? [String: Any])?["person"] as? String == "Борис")
            #expect(expected.total.kopecks == 27_501)
            #expect(try await page.get("/api/stats?lang=ru&person=999").status == .notFound)
            #expect(try await page.get("/api/stats?lang=ru&person=x").status == .badRequest)
            #expect(try await page.get("/api/stats/chart.svg?lang=ru&person=\(borisID)").status == .ok)

            // The split rules, as split rule lists them.
            _ = try database.addSplitRule(.words("пиво"), weights: [.init(person: Int64(borisID), weight: 1)]).get()
            let rules = try #require(
                try Self.json(try await page.get("/api/household/rules?lang=ru"))["rules"] as? [[String: Any]])
            #expect(rules.map { $0["text"] as? String } == ["Правило #1: слова «пиво» → Борис."])
            #expect(rules.map { ($0["rule"] as? [String: Any])?["words"] as? String } == ["пиво"])
        }
    }
}
