import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

/// Paging a listing by position (the web app's feed) instead of by offset.
@Suite("A listing paged by position", .timeLimit(.minutes(20)))
struct ListingPositionTests {
    /// `count` receipts over the three months from August to October 2026 at random, many of them at
    /// the same second (only 40 distinct seconds), so that the id decides their order.
    static func receipts(_ count: Int, seed: UInt64) throws -> [Receipt] {
        var random = SeededRandom(seed: seed)
        let seconds = try (0..<40).map { _ in
            try LocalDateTime(
                iso: String(
                    format: "2026-%02d-%02dT%02d:%02d:00", 8 + random.below(3), 1 + random.below(28),
                    random.below(24), random.below(60)))
        }
        return try (0..<count).map { number in
            let total = Money(kopecks: Int64(100 + random.below(10_000)))
            return Receipt(
                identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(number + 1), fp: Int64(5_000 + number)),
                dateTime: seconds[random.below(seconds.count)], operation: .sale, total: total, ecash: total,
                retailPlace: "Лента", items: [Item(name: "ХЛЕБ", price: total, quantity: 1, sum: total)])
        }
    }

    @Test(
        "pages after each page's last receipt list every receipt once, in the order of the whole listing",
        arguments: [1, 2, 3])
    func pagesByPosition(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(try Self.receipts(157, seed: seed))
        let whole = try database.listing(from: nil, through: nil).flatMap(\.receipts)
        #expect(whole.count == 157)
        var paged: [ListedReceipt] = []
        var position: ListingPosition?
        var pages = 0
        repeat {
            let page = try database.listing(from: nil, through: nil, after: position, limit: 20)
            let receipts = page.flatMap(\.receipts)
            // A month's total and count are the whole month's on every page.
            for month in page {
                let all = whole.filter { $0.dateTime.yearMonth == month.month }
                #expect(month.receiptCount == all.count)
                #expect(month.total.kopecks == all.reduce(0) { $0 + $1.spending.kopecks })
            }
            paged += receipts
            position = receipts.count == 20 ? receipts.last?.position : nil
            pages += 1
        } while position != nil
        // 157 receipts, 20 a page: 7 full pages and one of 17.
        #expect(pages == 8)
        #expect(paged.map(\.id) == whole.map(\.id))
        // The same pages as by offset.
        let byOffset = try database.listing(from: nil, through: nil, offset: 40, limit: 20).flatMap(\.receipts)
        #expect(byOffset.map(\.id) == Array(whole[40..<60]).map(\.id))
        let afterTwo = try database.listing(from: nil, through: nil, after: whole[39].position, limit: 20)
        #expect(afterTwo.flatMap(\.receipts).map(\.id) == byOffset.map(\.id))
    }

    @Test("a position is written and read back; anything else is no position")
    func text() throws {
        let position = ListingPosition(dateTime: try LocalDateTime(iso: "2026-10-31T12:00:05"), id: 123)
        #expect(position.description == "2026-10-31T12:00:05_123")
        #expect(ListingPosition(position.description) == position)
        for wrong in [
            "", "123", "2026-10-31T12:00:05", "2026-10-31T12:00:05_", "2026-10-31T12:00:05_0",
            "2026-10-31T12:00:05_-4", "2026-02-30T12:00:00_1", "2026-10-31T12:00:05_1_2", "x_1",
        ] {
            #expect(ListingPosition(wrong) == nil, "\(wrong)")
        }
    }
}
