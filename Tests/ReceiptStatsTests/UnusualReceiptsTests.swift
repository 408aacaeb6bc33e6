import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite(
    "Unusual receipts: far above the category's usual, by a robust score over twelve months", .timeLimit(.minutes(20)))
struct UnusualReceiptsTests {
    @Test(
        "one grocery run of 200.00 among receipts of 10–14 is flagged in its month, not before; a category with few receipts is not judged"
    )
    func flagged() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(
            at: folder.file("unusual.sqlite"), rules: try CategoryRuleSet.standard(configFolder: nil))
        var receipts: [Receipt] = []
        func add(_ date: String, _ name: String, _ kopecks: Int64) throws {
            let total = Money(kopecks: kopecks)
            receipts.append(
                Receipt(
                    identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(receipts.count + 1), fp: 1),
                    dateTime: try LocalDateTime(iso: date + "T10:00:00"), operation: .sale, total: total, ecash: total,
                    retailPlace: "Лента", items: [Item(name: name, price: total, quantity: 1, sum: total)]))
        }
        // Twelve grocery receipts of 10.00…14.00 over a year: median 12.00, MAD 1.00.
        for (index, kopecks) in [1_000, 1_100, 1_200, 1_300, 1_400, 1_000, 1_100, 1_200, 1_300, 1_400, 1_200, 1_200]
            .enumerated()
        {
            try add(String(format: "2025-%02d-10", index + 1), "ХЛЕБ", Int64(kopecks))
        }
        // December: one of 200.00, score 0.6745 × (20000 − 1200) / 100 = 126.8; and 16.00, score 2.7.
        try add("2025-12-20", "ХЛЕБ", 20_000)
        try add("2025-12-21", "ХЛЕБ", 1_600)
        // Fuel twice only: nothing to judge it by.
        try add("2025-11-01", "АИ-95", 300_000)
        try add("2025-12-01", "АИ-95", 900_000)
        _ = try database.save(receipts)
        let december = try Month(parsing: "2025-12")
        let found = try UnusualReceipt.find(in: database, shown: december...december)
        #expect(found.count == 1)
        let flagged = try #require(found.first)
        #expect(flagged.receipt.amount.kopecks == 20_000 && flagged.receipt.category == .groceries)
        // The median of the fourteen amounts (the twelve, 16.00 and 200.00) is 12.00; their MAD 1.00.
        #expect(flagged.usual.kopecks == 1_200)
        #expect(abs(flagged.score - 0.6745 * 18_800 / 100) < 1e-9)
        let november = try Month(parsing: "2025-11")
        #expect(try UnusualReceipt.find(in: database, shown: november...november).isEmpty)
    }
}
