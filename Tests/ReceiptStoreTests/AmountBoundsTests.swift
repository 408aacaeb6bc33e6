import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

/// Amounts no receipt holds cannot overflow what the database sums: a month keeps at most 10¹³ ₽,
/// and a total past that in the file (edited by hand) is an invalid row, never a trap.
@Suite("Receipt database: amounts within bounds", .timeLimit(.minutes(20)))
struct AmountBoundsTests {
    /// A receipt of one line of `kopecks`, number `i`, in March 2019.
    static func receipt(_ i: Int64, kopecks: Int64) throws -> Receipt {
        try Fixtures.receipt(
            i: i, total: kopecks,
            items: [
                Item(
                    name: "БАНАНЫ ВЕС", price: Money(kopecks: kopecks), quantity: 1, sum: Money(kopecks: kopecks),
                    vat: .rate10, paymentType: .fullPayment)
            ])
    }

    @Test("ten receipts of 10¹² ₽ fill a month; one kopeck more is refused and nothing of it is kept")
    func monthBound() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        // 10 × 10¹⁴ kopecks = 10¹⁵ kopecks = 10¹³ ₽: exactly the bound, taken.
        _ = try database.save((1...10).map { try Self.receipt($0, kopecks: 100_000_000_000_000) })
        #expect(try database.monthTotals().map(\.total.kopecks) == [1_000_000_000_000_000])
        // A page with a small receipt and one of a kopeck: the kopeck passes the bound, so the page
        // is refused whole (the small receipt too), and the file is as it was.
        let error = try #require(throws: StoreError.self) {
            try database.save([
                try Fixtures.receipt(i: 20, date: "2019-04-01T10:00:00"), try Self.receipt(11, kopecks: 1),
            ])
        }
        #expect(error == .totalsBeyondBounds(path: folder.file("r.sqlite"), month: "2019-03"))
        #expect(error.message(in: .russian).contains("выше 10 000 000 000 000 ₽ — они не сохранены"))
        #expect(try database.receiptCount() == 10)
        #expect(try database.monthTotals().map(\.total.kopecks) == [1_000_000_000_000_000])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a kept total past the bound, or not a whole number, is an invalid row when read")
    func handEdited() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        _ = try database.save([try Fixtures.receipt(i: 1), try Fixtures.receipt(i: 2, date: "2019-04-02T10:00:00")])
        let queue = try DatabaseQueue(path: path)
        // Two months of 5·10¹⁸ kopecks would overflow Int64 when summed: the first is refused as read.
        try queue.write { db in
            try db.execute(sql: "UPDATE month_totals SET total = 5000000000000000000")
            try db.execute(sql: "UPDATE month_category_totals SET total = 1.5")
        }
        try queue.close()
        let months = try #require(throws: StoreError.self) { try database.monthTotals() }
        guard case .invalidRecord(_, let row, _) = months else {
            Issue.record("\(months)")
            return
        }
        #expect(row == "month_totals.total=5000000000000000000")
        let categories = try #require(throws: StoreError.self) { try database.categoryTotals() }
        guard case .invalidRecord(_, let categoryRow, _) = categories else {
            Issue.record("\(categories)")
            return
        }
        #expect(categoryRow == "month_category_totals.total=1.5")
    }
}
