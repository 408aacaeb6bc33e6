import Foundation
import GRDB
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

/// People, who paid, who each line is for, and the balance that follows, on a real SQLite file.
@Suite("Household in the database", .timeLimit(.minutes(20)))
struct HouseholdStoreTests {
    static func item(_ name: String, _ kopecks: Int64) -> Item {
        Item(name: name, price: Money(kopecks: kopecks), quantity: 1, sum: Money(kopecks: kopecks))
    }

    @Test(
        "two people: a line for one, a receipt by weights, a pending receipt for both; balances by hand, then settled")
    func balance() throws {
        let folder = try TemporaryFolder("household")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // A: 100.00 ₽, bread 60.00 and beer 40.00; B: 300.01 ₽, one line; C: 10.00 ₽, pending, no lines.
        _ = try database.save([
            try Fixtures.receipt(
                i: 1, date: "2026-10-05T10:00:00", items: [Self.item("ХЛЕБ", 6_000), Self.item("ПИВО", 4_000)]),
            try Fixtures.receipt(i: 2, date: "2026-10-06T10:00:00", items: [Self.item("ОДЕЯЛО", 30_001)]),
            try Fixtures.receipt(i: 3, date: "2026-10-07T10:00:00", total: 1_000, items: [], status: .pending),
        ])
        let queue = try DatabaseQueue(path: folder.file("receipts.sqlite"))
        let ids = try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY fd") }
        try queue.close()
        #expect(ids.count == 3)
        let (a, b, c) = (ids[0], ids[1], ids[2])
        #expect(try database.householdBalance().lines.isEmpty)

        let anna = try database.addPerson("Аня").get()
        let boris = try database.addPerson("Борис", card: "4556").get()
        #expect(anna.isUser && !boris.isUser)
        #expect(try database.addPerson("аня") == .failure(.nameTaken("Аня")))
        #expect(try database.addPerson("Вера", card: "4556") == .failure(.cardTaken(card: "4556", by: "Борис")))
        #expect(try database.setPayer(of: b, to: boris.id) == nil)
        #expect(try database.setPayer(of: 999, to: boris.id) == .noReceipt(999))
        // The beer (line 2 of A) is Борис's; B is shared 1:2; the rest for everyone.
        #expect(try database.setShares(of: a, line: 2, to: [.init(person: boris.id, weight: 1)]) == nil)
        #expect(try database.setShares(of: a, line: 3, to: []) == .noLine(receipt: a, line: 3, lines: 2))
        #expect(
            try database.setShares(
                of: b, line: nil, to: [.init(person: anna.id, weight: 1), .init(person: boris.id, weight: 2)])
                == nil)
        _ = c

        // Paid: Аня A 100.00 + C 10.00 = 110.00 (the default payer); Борис B 300.01.
        // Consumed: bread 60.00 → 30.00 each; beer 40.00 → Борис; B 300.01 by 1:2 → 100.00 and 200.01
        // (the kopeck left to the larger remainder); C 10.00 → 5.00 each.
        // Аня 30.00 + 100.00 + 5.00 = 135.00; Борис 30.00 + 40.00 + 200.01 + 5.00 = 275.01.
        // Balances: Аня 110.00 − 135.00 = −25.00; Борис 300.01 − 275.01 = +25.00.
        let lines = try database.householdBalance().lines
        #expect(lines.map(\.person.name) == ["Аня", "Борис"])
        #expect(lines.map(\.paid) == [11_000, 30_001] && lines.map(\.consumed) == [13_500, 27_501])
        #expect(lines.map(\.balance) == [-2_500, 2_500])
        let transfers = Household.settle(lines.map { (person: $0.person.id, balance: $0.balance) })
        #expect(transfers == [Household.Transfer(from: anna.id, to: boris.id, amount: 2_500)])
        try database.recordSettlements(transfers, month: try #require(Month("2026-10")))
        #expect(try database.householdBalance().lines.map(\.balance) == [0, 0])
        // September has nothing, and none of October's settlement.
        let september = try #require(Month("2026-09"))
        #expect(try database.householdBalance(months: september...september).lines.map(\.paid) == [0, 0])

        // Борис has a settlement: he stays; the user stays while he is there.
        #expect(try database.removePerson(named: "борис") == .failure(.hasSettlements("Борис")))
        #expect(try database.removePerson(named: "Аня") == .failure(.userStays("Аня")))
        #expect(try database.removePerson(named: "Вера") == .failure(.noPerson("Вера")))
    }

    @Test(
        "rules: words before the shop, the shop before the category; a receipt's or a line's own choice before any rule"
    )
    func rules() throws {
        let folder = try TemporaryFolder("household-rules")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // One shop (the fixtures' Лента): A 100.00 ₽, bread 60.00 and light beer 40.00; B 10.00 ₽ pending.
        _ = try database.save([
            try Fixtures.receipt(
                i: 1, date: "2026-10-05T10:00:00",
                items: [Self.item("ХЛЕБ", 6_000), Self.item("ПИВО СВЕТЛОЕ 0,5Л", 4_000)]),
            try Fixtures.receipt(i: 2, date: "2026-10-07T10:00:00", total: 1_000, items: [], status: .pending),
        ])
        let shop = try #require(try database.shops().first).id
        let anna = try database.addPerson("Аня").get()
        let boris = try database.addPerson("Борис").get()
        let beer = try database.addSplitRule(.words("Пиво"), weights: [.init(person: boris.id, weight: 1)]).get()
        #expect(beer.match == .words("пиво"))
        _ = try database.addSplitRule(.shop(shop), weights: [.init(person: anna.id, weight: 1)]).get()
        #expect(
            try database.addSplitRule(.shop(999), weights: [.init(person: anna.id, weight: 1)])
                == .failure(.noShop(999)))
        #expect(try database.splitRules().count == 2)
        func consumed() throws -> [Int64] { try database.householdBalance().lines.map(\.consumed) }
        // Bread: no word, the shop's rule → Аня 60.00; beer: the words' rule first → Борис 40.00;
        // the pending receipt has no lines: the shop's rule → Аня 10.00. Аня 70.00, Борис 40.00.
        #expect(try consumed() == [7_000, 4_000])
        // The receipt's own choice (both) goes before any rule for its lines: 30.00 + 20.00 each,
        // and the pending one still Аня's: Аня 60.00, Борис 50.00.
        let ids = try DatabaseQueue(path: folder.file("receipts.sqlite")).read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY fd")
        }
        #expect(
            try database.setShares(
                of: ids[0], line: nil, to: [.init(person: anna.id, weight: 1), .init(person: boris.id, weight: 1)])
                == nil)
        #expect(try consumed() == [6_000, 5_000])
        // The beer line's own choice, Аня, over the receipt's: Аня 30.00 + 40.00 + 10.00, Борис 30.00.
        #expect(try database.setShares(of: ids[0], line: 2, to: [.init(person: anna.id, weight: 1)]) == nil)
        #expect(try consumed() == [8_000, 3_000])
        #expect(try database.removeSplitRule(beer.id) && !database.removeSplitRule(beer.id))
    }

    @Test(
        "one person's spending: their parts of the lines by month, category, shop and name, adding up to the household's; their own budgets"
    )
    func personSpending() throws {
        let folder = try TemporaryFolder("household-person")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // The data of the balance test: A 100.00 ₽ (bread 60.00, beer 40.00), B 300.01 ₽ (a blanket),
        // C 10.00 ₽ pending; the beer Борис's, B by 1:2, the rest for both.
        _ = try database.save([
            try Fixtures.receipt(
                i: 1, date: "2026-10-05T10:00:00", items: [Self.item("ХЛЕБ", 6_000), Self.item("ПИВО", 4_000)]),
            try Fixtures.receipt(i: 2, date: "2026-10-06T10:00:00", items: [Self.item("ОДЕЯЛО", 30_001)]),
            try Fixtures.receipt(i: 3, date: "2026-10-07T10:00:00", total: 1_000, items: [], status: .pending),
        ])
        let ids = try DatabaseQueue(path: folder.file("receipts.sqlite")).read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY fd")
        }
        #expect(try database.personSpending(of: 1) == nil)
        let anna = try database.addPerson("Аня").get()
        let boris = try database.addPerson("Борис").get()
        _ = try database.setShares(of: ids[0], line: 2, to: [.init(person: boris.id, weight: 1)])
        _ = try database.setShares(
            of: ids[1], line: nil, to: [.init(person: anna.id, weight: 1), .init(person: boris.id, weight: 2)])
        let october = try #require(Month("2026-10"))
        let a = try #require(try database.personSpending(of: anna.id))
        let b = try #require(try database.personSpending(of: boris.id))
        #expect(try database.personSpending(of: 99) == nil)
        // Аня: bread 30.00 + B 100.00 + C 5.00 = 135.00, in all three receipts, on two lines (C has
        // none). Борис: bread 30.00 + beer 40.00 + B 200.01 + C 5.00 = 275.01, three receipts, three lines.
        #expect(a.months.map { [$0.total.kopecks, Int64($0.receipts), Int64($0.items)] } == [[13_500, 3, 2]])
        #expect(b.months.map { [$0.total.kopecks, Int64($0.receipts), Int64($0.items)] } == [[27_501, 3, 3]])
        #expect(a.months.map(\.month) == [october])
        // By category, the two add up to the household's kept totals, the counts no less than either.
        let household = try database.categoryTotals()
        for total in household {
            let parts = (a.categories + b.categories).filter { $0.category == total.category }
            #expect(parts.reduce(Money.zero) { $0 + $1.total } == total.total, "\(total.category)")
            #expect(parts.allSatisfy { $0.receipts <= total.receipts && $0.items <= total.items })
        }
        #expect(Set((a.categories + b.categories).map(\.category)) == Set(household.map(\.category)))
        // One shop (the fixtures'), and the beer is no name of Аня's.
        #expect(a.shops.count == 1 && a.shops[0].total == Money(kopecks: 13_500) && a.shops[0].receipts == 3)
        #expect(!a.names.contains { $0.key == "пиво" } && b.names.contains { $0.key == "пиво" && $0.items == 1 })
        #expect(b.names.first?.key == "одеяло" && b.names.first?.total == Money(kopecks: 20_001))

        // Борис's limit on the blanket's category is his own: 200.01 of it is his, not 300.01.
        let blanket = try #require(b.names.first?.category)
        try database.setBudget(blanket, amount: Money(kopecks: 25_000), person: boris.id)
        #expect(try database.budgets(in: october).isEmpty)
        #expect(try database.budgets(in: october, person: boris.id) == [blanket: Money(kopecks: 25_000)])
        #expect(try database.budgets(in: october, person: anna.id).isEmpty)
        // Removing him takes his limits with him.
        #expect(try database.removePerson(named: "Борис") == .success(boris))
        #expect(try database.budgets(in: october, person: boris.id).isEmpty)
    }

    @Test(
        "the kept monthly figures follow every change a balance depends on: each step's balance equals a walk over every line"
    )
    func keptFigures() throws {
        let folder = try TemporaryFolder("household-kept")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // What the balance must say: every receipt walked now, as the kept figures were made.
        func walked() throws -> [[Int64]] {
            var sums: [Int64: [Int64]] = [:]
            try database.forEachSharedReceipt { receipt in
                sums[receipt.payer, default: [0, 0]][0] += receipt.counted
                for part in receipt.parts {
                    for share in part.shares { sums[share.person, default: [0, 0]][1] += share.amount }
                }
            }
            return try database.people().map { sums[$0.id] ?? [0, 0] }
        }
        var steps = 0
        func check(_ step: String) throws {
            steps += 1
            let kept = try database.householdBalance().lines.map { [$0.paid, $0.consumed] }
            #expect(kept == (try walked()), "after \(step)")
            #expect(kept.reduce(0) { $0 + $1[0] - $1[1] } == 0, "after \(step)")
        }
        _ = try database.save([
            try Fixtures.receipt(
                i: 1, date: "2026-09-05T10:00:00", items: [Self.item("ХЛЕБ", 6_001), Self.item("ПИВО", 4_000)]),
            try Fixtures.receipt(i: 2, date: "2026-10-06T10:00:00", items: [Self.item("ОДЕЯЛО", 30_001)]),
        ])
        let anna = try database.addPerson("Аня").get()
        try check("the first person")
        let boris = try database.addPerson("Борис", card: "4556").get()
        try check("a second person")
        let ids = try DatabaseQueue(path: folder.file("receipts.sqlite")).read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY fd")
        }
        _ = try database.setPayer(of: ids[1], to: boris.id)
        try check("a payer named")
        _ = try database.setShares(of: ids[0], line: 2, to: [.init(person: boris.id, weight: 1)])
        try check("a line's shares")
        _ = try database.setShares(of: ids[1], line: nil, to: [.init(person: anna.id, weight: 2)])
        try check("a receipt's shares")
        _ = try database.save([
            try Fixtures.receipt(
                i: 3, date: "2026-11-01T10:00:00", items: [Self.item("ПИВО СВЕТЛОЕ", 12_345), Self.item("КОРМ", 777)]),
            try Fixtures.receipt(i: 4, date: "2026-11-02T10:00:00", total: 1_001, items: [], status: .pending),
        ])
        try check("two receipts saved, one pending")
        let words = try database.addSplitRule(.words("пиво"), weights: [.init(person: boris.id, weight: 3)]).get()
        try check("a words rule")
        let category = try #require(try database.personSpending(of: anna.id)?.categories.first?.category)
        _ = try database.addSplitRule(.category(category), weights: [.init(person: anna.id, weight: 1)]).get()
        try check("a category rule")
        _ = try database.choose(.pets, forItemNamed: "КОРМ")
        _ = try database.addSplitRule(.category(.pets), weights: [.init(person: boris.id, weight: 1)]).get()
        try check("a name's category chosen, and a rule for it")
        let shop = try #require(try database.shops().first).id
        _ = try database.addSplitRule(.shop(shop), weights: [.init(person: anna.id, weight: 5)]).get()
        try check("a shop's rule")
        // The pending receipt, the shop's rule's (Аня's), completed with a line of beer: the words'
        // rule's (Борис's) now.
        _ = try database.save(
            try Fixtures.receipt(i: 4, date: "2026-11-02T10:00:00", items: [Self.item("ПИВО ТЕМНОЕ", 1_001)]))
        try check("the pending one completed with its line")
        #expect(try database.removeSplitRule(words.id))
        try check("a rule removed")
        // A card payment paired by hand with the first receipt: Борис's card pays it.
        _ = try database.addBankPayments([
            (
                identity: "one",
                payment: BankPayment(
                    bank: .tbank, account: "*4556",
                    time: ZonedDateTime(local: try LocalDateTime(iso: "2026-09-05T10:01:00"), offsetMinutes: 180),
                    spent: Money(kopecks: 10_001), description: "ЛЕНТА")
            )
        ])
        let payment = try #require(try database.bankPayments().first).id
        _ = try database.pairByHand(payment: payment, receipt: ids[0])
        #expect(try database.householdBalance().lines[1].paid > 30_001)
        try check("a payment paired with Борис's card")
        _ = try database.undoBankMatch(receipt: ids[0])
        try check("the pair undone")
        _ = try database.setPayer(of: ids[1], to: nil)
        _ = try database.setShares(of: ids[0], line: 2, to: [])
        try check("choices given back")
        let vera = try database.addPerson("Вера").get()
        try check("a third person")
        _ = try database.removePerson(named: vera.name)
        try check("the third removed")
        #expect(steps == 17)
    }
}
