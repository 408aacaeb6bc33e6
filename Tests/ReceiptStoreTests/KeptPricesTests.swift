import Foundation
import GRDB
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@Suite(
    "Kept product prices: each product's months kept, and checked by their recomputation in SQL",
    .timeLimit(.minutes(20)))
struct KeptPricesTests {
    /// Two receipts of milk and bananas in March 2019 and one in April, each line priced by hand.
    static func save(into database: ReceiptDatabase) throws {
        try database.save([
            try Fixtures.receipt(i: 1, date: "2019-03-05T10:00:00"),
            try Fixtures.receipt(i: 2, date: "2019-03-20T10:00:00"),
            try Fixtures.receipt(
                i: 3, date: "2019-04-02T10:00:00", total: 9_499,
                items: [
                    Item(
                        name: "МОЛОКО ПАСТ 3,2% 930 МЛ", price: Money(kopecks: 9_499), quantity: 1,
                        sum: Money(kopecks: 9_499))
                ]),
        ])
    }

    @Test(
        "milk per litre and bananas per kilogram, month by month and at the shop; refunds and pending receipts do not count"
    )
    func months() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("prices.sqlite"))
        try Self.save(into: database)
        try database.save(try Fixtures.receipt(i: 4, date: "2019-04-03T10:00:00", operation: .saleRefund))
        try database.save(try Fixtures.receipt(i: 5, date: "2019-04-04T10:00:00", items: [], status: .pending))
        let months = try database.productMonths()
        // 8999 ÷ 0.93 = 9676.3 → 9676 a litre, two bottles a line: 1.86 l; 9499 ÷ 0.93 = 10213.98 → 10214.
        // Ordered by month, then name: milk was saved first.
        #expect(
            months.map {
                "\($0.month) \($0.product.name) \($0.product.unit.rawValue) \($0.purchases) \($0.thousandths) \($0.median)"
            } == [
                "2019-03 молоко паст 3,2% l 2 3720 9676", "2019-03 бананы kg 2 1064 12990",
                "2019-04 молоко паст 3,2% l 1 930 10214",
            ])
        #expect(months.first?.spending == Money(kopecks: 2 * 17_998))
        let milk = try database.productShops(matching: "молоко")
        #expect(milk.map(\.shop) == ["Лента", "Лента"])
        #expect(milk.map(\.last) == [9_676, 10_214])
        #expect(milk.first?.lastAt == (try LocalDateTime(iso: "2019-03-20T10:00:00")))
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test(
        "figures kept by another reading of names are worked out again when the file is next opened; verify finds a wrong row"
    )
    func repricedOnOpeningAndVerified() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        try Self.save(into: database)
        #expect(try database.productMonths(matching: "молоко").map(\.median) == [9_676, 10_214])
        database.close()
        // As a file whose figures an older reading of names kept: wrong ones, and another version.
        try Self.sqlite(
            path,
            """
            UPDATE month_product_prices SET median = 1, lowest = 1;
            UPDATE unit_price_state SET version = 0;
            """)
        let reopened = try ReceiptDatabase.open(at: path)
        #expect(try reopened.productMonths(matching: "молоко").map(\.median) == [9_676, 10_214])
        #expect(try reopened.verifyTotals().isEmpty)
        reopened.close()

        try Self.sqlite(path, "UPDATE month_product_prices SET median = median + 1 WHERE month = '2019-04'")
        let differences = try ReceiptDatabase.open(at: path).verifyTotals()
        #expect(differences.map(\.table) == ["month_product_prices"])
        // purchases, amount, spending, lowest, median, highest
        #expect(differences.first?.kept == [1, 930, 9_499, 10_214, 10_215, 10_214])
        #expect(differences.first?.recomputed == [1, 930, 9_499, 10_214, 10_214, 10_214])
        // A shop's row lost: named too.
        try Self.sqlite(path, "UPDATE month_product_prices SET median = median - 1 WHERE month = '2019-04'")
        try Self.sqlite(path, "DELETE FROM month_product_shops WHERE month = '2019-03'")
        let lost = try ReceiptDatabase.open(at: path).verifyTotals()
        #expect(
            lost.map(\.table) == ["month_product_shops", "month_product_shops"] && lost.allSatisfy { $0.kept == nil })
    }

    /// Runs SQL on a file through a connection of its own, as another program would.
    static func sqlite(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
