import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Budgets: limits by category, what is left, and the pace to the month's end", .timeLimit(.minutes(20)))
struct BudgetStatusTests {
    static func day(_ iso: String) throws -> LocalDateTime { try LocalDateTime(iso: iso + "T09:00:00") }

    @Test(
        "the pace: spent ÷ the share of the month gone, today counted whole; a past month as spent, one to come nothing"
    )
    func pace() throws {
        let february = try Month(parsing: "2026-02")
        let spent: [Category: Money] = [.groceries: Money(kopecks: 1_000_000), .cafes: Money(kopecks: 333)]
        let limits: [Category: Money] = [
            .groceries: Money(kopecks: 3_000_000), .cafes: Money(kopecks: 300), .pets: Money(kopecks: 50_000),
        ]
        // 10 of 28 days gone: 10000.00 × 28 / 10 = 28000.00; cafés 3.33 × 2.8 = 9.324 → 9.32.
        let tenth = BudgetStatus.of(limits: limits, spent: spent, month: february, today: try Self.day("2026-02-10"))
        #expect(tenth.lines.map(\.category) == [.groceries, .cafes, .pets])
        #expect(tenth.lines.map(\.projected.kopecks) == [2_800_000, 932, 0])
        #expect(tenth.lines.map(\.left.kopecks) == [2_000_000, -33, 50_000])
        #expect(tenth.lines.map(\.isOver) == [false, true, false])
        #expect(tenth.lines.map(\.isHeadingOver) == [false, true, false])
        // The last day: the projection is what was spent.
        let last = BudgetStatus.of(limits: limits, spent: spent, month: february, today: try Self.day("2026-02-28"))
        #expect(last.lines.first?.projected.kopecks == 1_000_000)
        // A day later the month is over, and March has just begun: 1 of 31 days.
        let over = BudgetStatus.of(limits: limits, spent: spent, month: february, today: try Self.day("2026-03-01"))
        #expect(over.lines.first?.projected.kopecks == 1_000_000)
        let march = BudgetStatus.of(
            limits: limits, spent: spent, month: try Month(parsing: "2026-03"), today: try Self.day("2026-03-01"))
        #expect(march.lines.first?.projected.kopecks == 31_000_000)
        let ahead = BudgetStatus.of(
            limits: limits, spent: [:], month: try Month(parsing: "2026-04"), today: try Self.day("2026-03-01"))
        #expect(ahead.lines.allSatisfy { $0.projected.kopecks == 0 && $0.spent.kopecks == 0 })
    }

    @Test(
        "limits kept in the database: monthly, one month's in its place, removed; spent from the kept totals, refunds subtracted"
    )
    func stored() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(
            at: folder.file("budget.sqlite"), rules: try CategoryRuleSet.standard(configFolder: nil))
        func receipt(_ number: Int64, _ date: String, _ kopecks: Int64, refund: Bool = false) throws -> Receipt {
            let total = Money(kopecks: kopecks)
            return Receipt(
                identity: try FiscalIdentity(fn: "9251440300007971", i: number, fp: number),
                dateTime: try LocalDateTime(iso: date), operation: refund ? .saleRefund : .sale, total: total,
                ecash: total, items: [Item(name: "ХЛЕБ", price: total, quantity: 1, sum: total, unit: nil)])
        }
        // The receipt's own local date decides its month: 23:30 on the 31st is January's.
        try database.save([
            try receipt(1, "2026-01-31T23:30:00", 10_000), try receipt(2, "2026-02-01T00:10:00", 5_000),
            try receipt(3, "2026-02-02T10:00:00", 2_000, refund: true),
        ])
        let february = try Month(parsing: "2026-02")
        try database.setBudget(.groceries, amount: Money(kopecks: 100_000))
        try database.setBudget(.groceries, amount: Money(kopecks: 20_000), month: february)
        let today = try Self.day("2026-02-14")
        let status = try BudgetStatus.read(from: database, month: february, today: today)
        #expect(status.lines.map(\.category) == [.groceries])
        #expect(status.lines.first?.limit.kopecks == 20_000 && status.lines.first?.spent.kopecks == 3_000)
        let january = try BudgetStatus.read(from: database, month: try Month(parsing: "2026-01"), today: today)
        #expect(january.lines.first?.limit.kopecks == 100_000 && january.lines.first?.spent.kopecks == 10_000)
        #expect(try database.removeBudget(.groceries, month: february))
        #expect(!(try database.removeBudget(.groceries, month: february)))
        #expect(
            try BudgetStatus.read(from: database, month: february, today: today).lines.first?.limit.kopecks == 100_000)
        #expect(try database.removeBudget(.groceries))
        #expect(try BudgetStatus.read(from: database, month: february, today: today).lines.isEmpty)
    }
}
