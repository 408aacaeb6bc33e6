import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Unit prices of products, month by month and shop by shop (receipts prices)", .timeLimit(.minutes(20)))
struct ProductPricesTests {
    static func receipt(
        _ number: Int64, _ date: String, shop: String, operation: OperationType = .sale,
        status: Receipt.Status = .complete, _ items: [Item]
    ) throws -> Receipt {
        let total = Money(kopecks: items.reduce(0) { $0 + $1.sum.kopecks })
        return Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: number, fp: 1_000 + number),
            dateTime: try LocalDateTime(iso: date), operation: operation, total: total, ecash: total,
            retailPlace: shop, items: items, status: status)
    }

    static func line(_ name: String, _ kopecks: Int64, quantity: Double = 1, unit: String? = nil) -> Item {
        Item(
            name: name, price: Money(kopecks: kopecks), quantity: quantity,
            sum: Money(kopecks: Int64((Double(kopecks) * quantity).rounded())), unit: unit)
    }

    /// Milk in two sizes and three shops over two months, bananas weighed, a refund and a pending
    /// receipt that must not count, and a cheese no query asks for.
    static func database() throws -> (ReceiptDatabase, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("prices.sqlite"))
        try database.save([
            try receipt(
                1, "2025-01-05T10:00:00", shop: "Лента",
                [line("МОЛОКО ПАСТ.3,2% 930МЛ", 8_999), line("СЫР 200Г", 25_000)]),
            try receipt(2, "2025-01-20T18:30:00", shop: "Пятёрочка", [line("*Молоко паст. 3,2% 1,4 л", 12_600)]),
            try receipt(3, "2025-01-25T09:00:00", shop: "Лента", [line("БАНАНЫ ВЕС", 13_990, quantity: 0.532)]),
            try receipt(4, "2025-02-03T12:00:00", shop: "Пятёрочка", [line("МОЛОКО ПАСТ 3,2% 930 МЛ", 9_499)]),
            try receipt(5, "2025-02-14T12:00:00", shop: "Магнит", [line("МОЛОКО ПАСТ.3,2% 930МЛ", 9_999)]),
            // A refund and a receipt still pending give no prices.
            try receipt(
                6, "2025-02-15T12:00:00", shop: "Лента", operation: .saleRefund, [line("МОЛОКО ПАСТ.3,2% 930МЛ", 1)]),
            try receipt(7, "2025-02-16T12:00:00", shop: "Лента", status: .pending, []),
            try receipt(8, "2025-03-01T12:00:00", shop: "Лента", [line("МОЛОКО ПАСТ.3,2% 930МЛ", 8_499)]),
        ])
        return (database, folder)
    }

    /// Every product a report lists, a kind's and the others.
    static func products(_ report: PriceReport) -> [ProductPrices] {
        report.kinds.flatMap(\.products) + report.products
    }

    @Test(
        "milk in 930 ml and 1.4 l is one product priced per litre; the months, the shops and the change worked out by hand"
    )
    func milk() throws {
        let (database, folder) = try Self.database()
        defer { _ = folder }
        let report = try PriceReport.read(
            from: database, matching: "молоко", from: try Month(parsing: "2025-01"),
            through: try Month(parsing: "2025-02"))
        let products = Self.products(report)
        // The one product is drinking milk: its kind's figures per litre are the product's own.
        #expect(report.kinds.map(\.kind.id) == ["milk"] && report.products.isEmpty)
        #expect(report.kinds.first?.months == products.first?.months)
        #expect(report.kinds.first?.shops == products.first?.shops)
        #expect(products.count == 1)
        #expect(
            products.first?.months.reduce(0) { $0 + $1.purchases } == 4,
            "the refund, the pending receipt and March are left out")
        let milk = try #require(products.first)
        #expect(milk.name == "молоко паст 3,2%" && milk.unit == .litre && milk.heading == "МОЛОКО ПАСТ.3,2% 930МЛ")
        // January: 8999 × 1000 / 930 = 9676.3 → 9676; 12600 × 1000 / 1400 = 9000.
        // February: 9499 / 0.93 = 10213.98 → 10214; 9999 / 0.93 = 10751.6 → 10752.
        // Medians of two: (9000 + 9676) / 2 = 9338; (10214 + 10752) / 2 = 10483.
        #expect(
            milk.months == [
                ProductPrices.MonthPrices(
                    month: try Month(parsing: "2025-01"), minimum: 9_000, median: 9_338, maximum: 9_676, purchases: 2),
                ProductPrices.MonthPrices(
                    month: try Month(parsing: "2025-02"), minimum: 10_214, median: 10_483, maximum: 10_752, purchases: 2
                ),
            ])
        // The cheapest shop first; "last" is the latest purchase there.
        #expect(
            milk.shops == [
                ProductPrices.ShopPrice(shop: "Пятёрочка", last: 10_214, minimum: 9_000),
                ProductPrices.ShopPrice(shop: "Лента", last: 9_676, minimum: 9_676),
                ProductPrices.ShopPrice(shop: "Магнит", last: 10_752, minimum: 10_752),
            ])
        // (10483 − 9338) / 9338 = 0.12262…
        #expect(abs((milk.change ?? 0) - 0.122_617) < 0.000_01)
    }

    @Test("a weighed line is priced per kilogram; one month has no change; words must all begin words of the name")
    func weighedAndWords() throws {
        let (database, folder) = try Self.database()
        defer { _ = folder }
        let read = { (text: String) in Self.products(try PriceReport.read(from: database, matching: text)) }
        let bananas = try read("бан")
        #expect(bananas.map(\.unit) == [PriceUnit.kilogram])
        #expect(bananas.first?.months.map(\.median) == [13_990])
        #expect(bananas.first?.change == nil)
        #expect(try read("молоко сыр").isEmpty, "no name holds both")
        #expect(try read("олоко").isEmpty, "a word's middle is not its beginning")
        #expect(try read("молоко").first?.months.count == 3)
    }

    @Test(
        "the kept medians, worked out in SQL, are the Swift median of the month's prices; a changed receipt moves them")
    func keptMedians() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("medians.sqlite"))
        var random = SeededRandom(seed: 7)
        var number: Int64 = 0
        var expected: [String: Int64] = [:]
        // Twelve months, each with between one and nine purchases of tea at random prices.
        for month in 1...12 {
            let count = 1 + random.below(9)
            var prices: [Int64] = []
            for day in 1...count {
                let price = Int64(100 + random.below(900))
                prices.append(price)
                number += 1
                try database.save(
                    try Self.receipt(
                        number, String(format: "2024-%02d-%02dT10:00:00", month, day), shop: "Лента",
                        [Self.line("ЧАЙ ЗЕЛЕНЫЙ", price)]))
            }
            expected[String(format: "2024-%02d", month)] = prices.median
        }
        var kept = try database.productMonths(matching: "чай")
        #expect(Dictionary(uniqueKeysWithValues: kept.map { ($0.month.description, $0.median) }) == expected)
        // A receipt stored again with another price: its month's figures follow.
        try database.save(try Self.receipt(1, "2024-01-01T10:00:00", shop: "Лента", [Self.line("ЧАЙ ЗЕЛЕНЫЙ", 5)]))
        kept = try database.productMonths(
            matching: "чай", from: try Month(parsing: "2024-01"), through: try Month(parsing: "2024-01"))
        #expect(kept.first?.lowest == 5)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("the median of an even number of prices is the mean of the middle two, rounded half away from zero")
    func median() {
        #expect([Int64]().median == 0)
        #expect([Int64(5)].median == 5)
        #expect([Int64(2), 1].median == 2)  // 1.5 → 2
        #expect([Int64(9), 1, 4].median == 4)
        #expect([Int64(14), 10, 12, 11].median == 12)  // 11.5 → 12
    }
}
