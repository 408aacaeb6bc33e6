import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite(
    "Stale product figures after a bulk import: the months read are brought up to date, as from scratch",
    .timeLimit(.minutes(20)))
struct StalePricesTests {
    /// A receipt of `items` at a Магнит in Moscow instead of the fixtures' Лента.
    static func atMagnit(_ receipt: Receipt) -> Receipt {
        var receipt = receipt
        receipt.seller = "АО \"ТАНДЕР\""
        receipt.sellerINN = "2310031475"
        receipt.retailPlace = "Магнит"
        receipt.address = "Москва, Тверская ул., 1"
        return receipt
    }

    static func milk(_ name: String, price: Int64, quantity: Double = 1) -> Item {
        Item(
            name: name, price: Money(kopecks: price), quantity: quantity,
            sum: Money(kopecks: Int64((Double(price) * quantity).rounded())), paymentType: .fullPayment)
    }

    /// One batch, as an import writes a page: milk in March at two shops, a refund, and April.
    static func importBatch(into database: ReceiptDatabase) throws {
        try database.save([
            try Fixtures.receipt(
                i: 1, date: "2019-03-05T10:00:00", items: [milk("МОЛОКО ПАСТ.3,2% 930МЛ", price: 8_999, quantity: 2)]),
            atMagnit(
                try Fixtures.receipt(
                    i: 2, date: "2019-03-12T10:00:00", items: [milk("МОЛОКО ПАСТ.3,2% 1Л", price: 9_500)])),
            try Fixtures.receipt(
                i: 3, date: "2019-03-20T10:00:00", items: [milk("МОЛОКО ПАСТ.3,2% 930МЛ", price: 9_299)]),
            try Fixtures.receipt(
                i: 4, date: "2019-03-25T10:00:00", operation: .saleRefund,
                items: [milk("МОЛОКО ПАСТ.3,2% 930МЛ", price: 1_000)]),
            try Fixtures.receipt(
                i: 5, date: "2019-04-02T10:00:00", items: [milk("МОЛОКО ПАСТ.3,2% 930МЛ", price: 9_499)]),
        ])
    }

    static func staleMonths(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT month FROM stale_price_months ORDER BY month")
        }
    }

    @Test("a read brings up to date only the stale months it reads, with the figures worked out by hand")
    func monthsRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("bulk.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        try Self.importBatch(into: database)
        #expect(try Self.staleMonths(path) == ["2019-03", "2019-04"])

        let april = try Month(year: 2019, month: 4)
        // 9499 ÷ 0.93 = 10213.98 → 10214 a litre.
        #expect(try database.productMonths(matching: "молоко", from: april, through: april).map(\.median) == [10_214])
        #expect(try Self.staleMonths(path) == ["2019-03"])

        let march = try Month(year: 2019, month: 3)
        let months = try database.productMonths(matching: "молоко", from: march, through: march)
        // Лента: 8999 ÷ 0.93 = 9676.34 → 9676 (two bottles, 1.86 l), 9299 ÷ 0.93 = 9998.92 → 9999
        // (0.93 l); Магнит: 9500 a litre (1 l). The refund is no purchase. Prices 9500, 9676, 9999:
        // median 9676; 3.79 l for 17998 + 9500 + 9299 = 36797 kopecks.
        #expect(months.count == 1)
        #expect(months.first?.purchases == 3)
        #expect(months.first?.thousandths == 3_790)
        #expect(months.first?.spending == Money(kopecks: 36_797))
        #expect(months.map { [$0.lowest, $0.median, $0.highest] } == [[9_500, 9_676, 9_999]])
        // At Лента the latest of two (20 March) was 9999; at Магнит one, 9500.
        let shops = try database.productShops(matching: "молоко", from: march, through: march)
        #expect(
            shops.map { "\($0.shop) \($0.purchases) \($0.lowest) \($0.last) \($0.lastAt)" }.sorted() == [
                "Лента 2 9676 9999 2019-03-20T10:00:00", "Магнит 1 9500 9500 2019-03-12T10:00:00",
            ])
        #expect(try Self.staleMonths(path).isEmpty)
        // The kept rows equal the ones SQL works out from every line.
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("figures worked out beside the writer are not kept when another process changed the lines meanwhile")
    func changedUnderTheSnapshot() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("changed.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        try Self.importBatch(into: database)
        try database.refreshPrices(
            ["2019-03", "2019-04"],
            afterSnapshot: {
                // 9300 ÷ 0.93 = 10000 a litre: the snapshot still says 9999.
                try KeptPricesTests.sqlite(path, "UPDATE items SET price = 9300 WHERE price = 9299")
            })
        #expect(try Self.staleMonths(path).isEmpty)
        let march = try Month(year: 2019, month: 3)
        #expect(
            try database.productMonths(matching: "молоко", from: march, through: march).map(\.highest) == [10_000])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("after a bulk import of many pages the kept figures equal those worked out from scratch")
    func bulkImport() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("many.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        let names = [
            "МОЛОКО ПАСТ.3,2% 930МЛ", "МОЛОКО ПАСТ.3,2% 1Л", "БАНАНЫ ВЕС", "ХЛЕБ БОРОДИНСКИЙ 400Г", "ЯЙЦО С1 10ШТ",
            "АИ-95", "КОФЕ МОЛОТ. 250Г", "СЫР РОССИЙСКИЙ ВЕС", "ВОДА МИН. 0,5Л", "УСЛУГА",
        ]
        var random = SeededRandom(seed: 34)
        var receipts: [Receipt] = []
        for index in 0..<600 {
            let month = 1 + index / 200
            var items: [Item] = []
            for _ in 0..<(1 + random.below(6)) {
                let name = names[random.below(names.count)]
                let weighed = name.hasSuffix("ВЕС") || name == "АИ-95"
                let quantity = weighed ? Double(200 + random.below(2_000)) / 1_000 : Double(1 + random.below(2))
                items.append(Self.milk(name, price: Int64(5_000 + random.below(20) * 100), quantity: quantity))
            }
            let date = String(
                format: "2019-%02d-%02dT%02d:%02d:00", month, 1 + random.below(28), random.below(24), random.below(60))
            let receipt = try Fixtures.receipt(
                i: Int64(index + 1), date: date, operation: random.below(20) == 0 ? .saleRefund : .sale, items: items,
                status: random.below(30) == 0 ? .pending : .complete)
            receipts.append(random.below(3) == 0 ? Self.atMagnit(receipt) : receipt)
        }
        for start in stride(from: 0, to: receipts.count, by: 50) {
            try database.save(Array(receipts[start..<start + 50]))
        }
        #expect(try Self.staleMonths(path) == ["2019-01", "2019-02", "2019-03"])
        let february = try Month(year: 2019, month: 2)
        #expect(try !database.productMonths(from: february, through: february).isEmpty)
        #expect(try Self.staleMonths(path) == ["2019-01", "2019-03"])
        // Brings the other months up to date, then compares every kept row with SQL's.
        #expect(try database.verifyTotals().isEmpty)
        #expect(
            try database.productMonths().map(\.month).uniqued() == [
                try Month(year: 2019, month: 1), february, try Month(year: 2019, month: 3),
            ])
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
