import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

/// The receipts a server household's member added are paid by the person with that member's login,
/// unless a card or a choice says otherwise.
@Suite("Household: who added a receipt on the server pays it", .timeLimit(.minutes(20)))
struct AddedByPayerTests {
    @Test("payer: named with paid-by, else the card's owner, else the adder's person, else the user")
    func payerOrder() throws {
        let folder = try TemporaryFolder("added-by")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        let item = Item(name: "ХЛЕБ", price: Money(kopecks: 10_000), quantity: 1, sum: Money(kopecks: 10_000))
        // Four receipts of 100.00 ₽: three Борис added on the server, one Аня did.
        let receipts = try (1...4).map { try Fixtures.receipt(i: $0, date: "2026-10-0\($0)T10:00:00", items: [item]) }
        _ = try database.save(
            [SyncPage(receipts: receipts, places: [], addedBy: ["boris", "BORIS", "boris", "anna"])],
            position: SyncPosition(source: "test", since: 4))
        let anna = try database.addPerson("Аня").get()
        let boris = try database.addPerson("Борис", account: "Boris").get()
        let ids = try database.listing(from: nil, through: nil).flatMap(\.receipts).map(\.id).sorted()
        #expect(ids.count == 4)
        // Receipt 2 named as Аня's; the others follow who added them (Аня has no login here: the user).
        #expect(try database.setPayer(of: ids[1], to: anna.id) == nil)
        // Paid: Борис receipts 1 and 3 (200.00), Аня 2 and 4 (200.00); each line for both: 200.00 each.
        let lines = try database.householdBalance().lines
        #expect(lines.map(\.person.id) == [anna.id, boris.id])
        #expect(lines.map(\.paid) == [20_000, 20_000] && lines.map(\.balance) == [0, 0])
        // A page without who added a receipt keeps what was kept.
        _ = try database.save(
            [SyncPage(receipts: [receipts[0]], places: [])], position: SyncPosition(source: "test", since: 5))
        #expect(try database.householdBalance().lines.map(\.paid) == [20_000, 20_000])
        // The feed saying another adder, the kept figures follow: receipt 4 is Борис's now.
        _ = try database.save(
            [SyncPage(receipts: [receipts[3]], places: [], addedBy: ["boris"])],
            position: SyncPosition(source: "test", since: 6))
        #expect(try database.householdBalance().lines.map(\.paid) == [10_000, 30_000])
    }
}
