import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Spending statistics", .timeLimit(.minutes(20)))
struct SpendingStatisticsTests {
    @Test("a month's categories add up to its total, with shares, the previous month and the 3-month average")
    func oneMonth() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let february = try #require(Month("2026-02"))
        let stats = try #require(try SpendingStatistics.read(from: database, range: february...february))
        let month = try #require(stats.months.first)
        #expect(month.total.kopecks == 17_501)
        #expect(month.categories.reduce(0) { $0 + $1.total.kopecks } == month.total.kopecks)
        #expect(month.categories.map(\.category) == [.health, .groceries, .uncategorized])
        #expect(month.previous.kopecks == 52_385)
        // (0 + 0 + 523.85) / 3, rounded to the kopeck.
        #expect(month.average.kopecks == 17_462)
        let health = try #require(month.categories.first)
        #expect(abs(health.share - 15_000.0 / 17_501.0) < 1e-12)
        #expect(month.categories[1].previous.kopecks == 32_485)
        #expect(stats.topShops.first?.shop == "Ригла")
    }

    @Test("without a range, the latest month with receipts; an empty database has none")
    func defaults() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        #expect(try SpendingStatistics.read(from: database, range: nil)?.range.lowerBound.description == "2026-02")
        let empty = try ReceiptDatabase.open(at: folder.file("empty.sqlite"))
        #expect(try SpendingStatistics.read(from: empty, range: nil) == nil)
    }

    @Test("the recent months end with the latest month with receipts and start no earlier than the first")
    func recentMonths() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let january = try #require(Month("2026-01"))
        let february = try #require(Month("2026-02"))
        #expect(try SpendingStatistics.recentMonths(12, in: database) == january...february)
        #expect(try SpendingStatistics.recentMonths(1, in: database) == february...february)
        let empty = try ReceiptDatabase.open(at: folder.file("empty.sqlite"))
        #expect(try SpendingStatistics.recentMonths(12, in: empty) == nil)
    }

    @Test("a range lists every month in it, newest first, empty ones too, uncategorized always shown")
    func range() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let range = try #require(Month("2025-12"))...(try #require(Month("2026-03")))
        let stats = try #require(try SpendingStatistics.read(from: database, range: range))
        #expect(stats.months.map(\.month.description) == ["2026-03", "2026-02", "2026-01", "2025-12"])
        #expect(stats.months[0].categories.map(\.category) == [.uncategorized])
        #expect(stats.total.kopecks == 52_385 + 17_501)
        #expect(stats.categoryTotals.first?.category == .groceries)
    }
}
