import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Monthly totals", .timeLimit(.minutes(20)))
struct MonthlyTotalsTests {
    private func categories(_ database: ReceiptDatabase, _ month: String) throws -> [Category: [Int64]] {
        let month = try #require(Month(month))
        var result: [Category: [Int64]] = [:]
        for line in try database.categoryTotals(month...month) {
            result[line.category] = [line.total.kopecks, Int64(line.receipts), Int64(line.items)]
        }
        return result
    }

    @Test("are exact to the kopeck: refunds subtract, the local date decides the month, gaps go to the shop")
    func handComputed() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let months = try database.monthTotals()
        #expect(months.map(\.month.description) == ["2026-01", "2026-02"])
        #expect(months.map(\.total.kopecks) == [52_385, 17_501])
        #expect(months.map(\.receipts) == [1, 4])
        #expect(months.map(\.items) == [4, 4])
        // The unknown item takes the grocery's category; cigarettes go by the rules.
        #expect(try categories(database, "2026-01") == [.groceries: [32_485, 1, 3], .alcoholTobacco: [19_900, 1, 1]])
        // Pharmacy lines (one by the rules, one by the shop), the refund, and 100 + 10 + 5 roubles
        // that nothing says anything about.
        #expect(
            try categories(database, "2026-02") == [
                .health: [15_000, 1, 2], .groceries: [-8_999, 1, 1], .uncategorized: [11_500, 2, 1],
            ])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a choice moves every item of that name and the totals with them, and holds for later imports")
    func choiceMovesItems() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let choice = try database.choose(.household, forItemNamed: "загадочный  товар")
        #expect(choice.itemsMoved == 1)
        #expect(choice.key == "загадочный товар")
        #expect(try categories(database, "2026-01")[.household] == [5_000, 1, 1])
        #expect(try categories(database, "2026-01")[.groceries] == [27_485, 1, 2])

        try database.save(
            StatsFixture.receipt(
                9, "2026-02-20T09:00:00", total: 7_000, place: StatsFixture.pharmacy,
                items: [StatsFixture.item("*ЗАГАДОЧНЫЙ ТОВАР", 7_000)]))
        #expect(try categories(database, "2026-02")[.household] == [7_000, 1, 1])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("forgetting a choice moves the items back to the rules or their shop, the totals with them")
    func forgetChoice() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let untouched = try categories(database, "2026-01")
        _ = try database.choose(.household, forItemNamed: "загадочный товар")
        #expect(try categories(database, "2026-01") != untouched)
        let forgotten = try database.forgetChoice(forItemNamed: "*ЗАГАДОЧНЫЙ ТОВАР")
        #expect(forgotten?.key == "загадочный товар")
        #expect(forgotten?.category == .household)
        #expect(forgotten?.itemsMoved == 1)
        #expect(try categories(database, "2026-01") == untouched)
        #expect(try database.verifyTotals().isEmpty)
        #expect(try database.forgetChoice(forItemNamed: "загадочный товар") == nil)
        #expect(try database.forgetChoice(forItemNamed: "никогда не покупали") == nil)
    }

    @Test("a pending receipt completed later moves from its QR total to its lines")
    func pendingCompleted() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let completed = try StatsFixture.receipt(
            5, "2026-02-11T10:00:00", total: 10_000, place: StatsFixture.grocery,
            items: [StatsFixture.item("ХЛЕБ БОРОДИНСКИЙ 400Г", 6_000), StatsFixture.item("КЕФИР 2,5% 900Г", 4_000)])
        #expect(try database.save(completed) == .updated)
        let february = try categories(database, "2026-02")
        #expect(february[.uncategorized] == [1_500, 1, 1])
        #expect(february[.groceries] == [1_001, 2, 3])
        #expect(try database.monthTotals().last?.total.kopecks == 17_501)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a shop that changes its category takes its receipts' unnamed goods along")
    func placeChanges() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        var pharmacy = StatsFixture.pharmacy
        pharmacy.category = .beauty
        pharmacy.name = "Подружка"
        try database.save([pharmacy])
        let february = try categories(database, "2026-02")
        #expect(february[.health] == [12_000, 1, 1])
        #expect(february[.beauty] == [3_000, 1, 1])
        #expect(try database.shopTotals().map(\.shop).contains("Подружка"))
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("new rules re-categorize everything on opening, and the totals are rebuilt to match")
    func rulesChange() throws {
        let folder = try TemporaryFolder()
        _ = try StatsFixture.database(in: folder)
        let rules = try CategoryRuleSet(texts: [
            ("mine", "entertainment: непонятн\nother: загадочн"),
            ("shipped", try CategoryRuleSet.shippedText()),
        ])
        let reopened = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"), rules: rules)
        #expect(try categories(reopened, "2026-02")[.entertainment] == [3_000, 1, 1])
        #expect(try categories(reopened, "2026-01")[.other] == [5_000, 1, 1])
        #expect(try reopened.verifyTotals().isEmpty)
    }

    @Test("random histories of inserts, corrections, refunds and choices always equal their recomputation")
    func randomHistories() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        var random = SeededRandom(seed: 2026)
        let names = ["МОЛОКО 1Л", "ХЛЕБ", "ГВОЗДИ", "ТОВАР 1", "ТОВАР 2", "КОРМ Д/КОШЕК", "ПИВО 0,5Л", "X"]
        let places = [StatsFixture.grocery, StatsFixture.pharmacy, nil]
        for round in 0..<120 {
            let i = Int64(random.below(40) + 100)
            let lines = (0..<random.below(4)).map { _ in
                StatsFixture.item(names[random.below(names.count)], Int64(random.below(50_000)))
            }
            let itemized = lines.reduce(0) { $0 + $1.sum.kopecks }
            let receipt = try StatsFixture.receipt(
                i, "2026-0\(random.below(3) + 1)-1\(random.below(9))T12:00:00",
                total: itemized + Int64(random.below(3) == 0 ? 700 : 0),
                operation: random.below(6) == 0 ? .saleRefund : .sale, place: places[random.below(3)],
                items: lines)
            try database.save(receipt)
            if round % 17 == 0 {
                let category = Category.allCases[random.below(Category.allCases.count - 1)]
                _ = try database.choose(category, forItemNamed: names[random.below(names.count)])
            }
        }
        #expect(try database.verifyTotals() == [])
        #expect(try database.receiptCount() > 20)
    }
}
