import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

/// One receipt's people, as a receipt's page shows them: who paid and why, whom each line is for and
/// why, and what each consumed of it, the same as the balance counts.
@Suite("A receipt's payer and people", .timeLimit(.minutes(20)))
struct ReceiptSharesTests {
    @Test("each line's people and why (its own, its receipt's, a rule's, everyone), and what each consumed of it")
    func shares() throws {
        let folder = try TemporaryFolder("receipt-shares")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // #1: 100.00 ₽, bread 60.00 and light beer 40.00; #2: 10.00 ₽, pending.
        _ = try database.save([
            try Fixtures.receipt(
                i: 1, date: "2026-10-05T10:00:00",
                items: [HouseholdStoreTests.item("ХЛЕБ", 6_000), HouseholdStoreTests.item("ПИВО СВЕТЛОЕ", 4_000)]),
            try Fixtures.receipt(i: 2, date: "2026-10-07T10:00:00", total: 1_000, items: [], status: .pending),
        ])
        #expect(try database.receiptShares(of: 1) == nil)
        let anna = try database.addPerson("Аня").get()
        let boris = try database.addPerson("Борис").get()
        #expect(try database.receiptShares(of: 999) == nil)

        // Nobody chose: everyone, evenly; the user paid.
        let plain = try #require(try database.receiptShares(of: 1))
        #expect(plain.payer == anna && plain.payerReason == .you && plain.defaultPayer == anna)
        #expect(plain.lines.map(\.reason) == [.everyone, .everyone])
        #expect(plain.consumed == [.init(person: anna.id, amount: 5_000), .init(person: boris.id, amount: 5_000)])

        // A rule takes the beer; the line's own choice, then the receipt's, go before it.
        _ = try database.addSplitRule(.words("пиво"), weights: [.init(person: boris.id, weight: 1)]).get()
        #expect(try database.receiptShares(of: 1)?.lines.map(\.reason) == [.everyone, .rule])
        #expect(try database.setShares(of: 1, line: nil, to: [.init(person: anna.id, weight: 1)]) == nil)
        #expect(try database.setShares(of: 1, line: 2, to: [.init(person: boris.id, weight: 3)]) == nil)
        #expect(try database.setPayer(of: 1, to: boris.id) == nil)
        let chosen = try #require(try database.receiptShares(of: 1))
        #expect(chosen.payer == boris && chosen.payerReason == .chosen && chosen.defaultPayer == anna)
        #expect(chosen.receiptWeights == [.init(person: anna.id, weight: 1)])
        #expect(chosen.lines.map(\.reason) == [.receipt, .line])
        #expect(
            chosen.lines.map(\.weights) == [[.init(person: anna.id, weight: 1)], [.init(person: boris.id, weight: 3)]])
        // Bread Аня's, beer Борис's: the same as the balance counts them.
        #expect(chosen.consumed == [.init(person: anna.id, amount: 6_000), .init(person: boris.id, amount: 4_000)])
        let balance = try database.householdBalance().lines
        #expect(balance.map(\.consumed) == [6_000 + 500, 4_000 + 500])

        // A pending receipt has no lines: its whole is shared evenly.
        let pending = try #require(try database.receiptShares(of: 2))
        #expect(pending.lines.isEmpty)
        #expect(pending.consumed == [.init(person: anna.id, amount: 500), .init(person: boris.id, amount: 500)])
    }

    @Test("a receipt a household member added on the server is theirs to pay by default, and says so")
    func addedBy() throws {
        let folder = try TemporaryFolder("receipt-shares-added")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        let receipt = try Fixtures.receipt(i: 1, date: "2026-10-05T10:00:00")
        _ = try database.save(
            [SyncPage(receipts: [receipt], places: [], addedBy: ["boris"])],
            position: SyncPosition(source: "test", since: 1))
        let anna = try database.addPerson("Аня").get()
        let boris = try database.addPerson("Борис", account: "Boris").get()
        let shares = try #require(try database.receiptShares(of: 1))
        #expect(shares.payer == boris && shares.payerReason == .added)
        #expect(shares.defaultPayer == boris && shares.defaultReason == .added)
        #expect(try database.setPayer(of: 1, to: anna.id) == nil)
        let named = try #require(try database.receiptShares(of: 1))
        #expect(named.payer == anna && named.payerReason == .chosen && named.defaultReason == .added)
    }
}
