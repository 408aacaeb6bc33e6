import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite(
    "Personal inflation: a Laspeyres index on the user's own basket, chained month to month", .timeLimit(.minutes(20)))
struct PersonalInflationTests {
    /// One purchase, a receipt of its own at noon.
    struct Bought {
        let date: String
        let name: String
        let kopecks: Int64
        var quantity: Double = 1
    }

    static func bought(_ date: String, _ name: String, kopecks: Int64, quantity: Double = 1) -> Bought {
        Bought(date: date, name: name, kopecks: kopecks, quantity: quantity)
    }

    /// A database in `folder` holding `purchases`, each name in `categories` chosen for it.
    static func database(
        _ purchases: [Bought], in folder: TemporaryFolder, categories: [String: Category] = [:]
    ) throws -> ReceiptDatabase {
        let database = try ReceiptDatabase.open(at: folder.file("inflation.sqlite"))
        for (name, category) in categories { _ = try database.choose(category, forItemNamed: name) }
        try database.save(
            try purchases.enumerated().map { index, purchase in
                let sum = Money(kopecks: Int64((Double(purchase.kopecks) * purchase.quantity).rounded()))
                return Receipt(
                    identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(index + 1), fp: Int64(index + 1)),
                    dateTime: try LocalDateTime(iso: purchase.date + "T12:00:00"), operation: .sale, total: sum,
                    retailPlace: "Лента",
                    items: [
                        Item(
                            name: purchase.name, price: Money(kopecks: purchase.kopecks), quantity: purchase.quantity,
                            sum: sum)
                    ])
            })
        return database
    }

    /// Worked out by hand. January → February, five products in both (p per unit, q bought in January):
    ///
    ///     milk 930 ml ×2   p 9300/0.93 = 10000 → 11000 per l   q 1.86 l    10000·1.86 = 18600 → 20460
    ///     bread            p 5000 → 5500 a piece                q 1         5000 → 5500
    ///     bananas, weighed p 10000 → 11000 per kg               q 1 kg      10000 → 11000
    ///     eggs 10ШТ        p 10000/10 = 1000 → 1000 a piece     q 10        10000 → 10000
    ///     cheese 200Г      p 4000/0.2 = 20000 → 22000 per kg    q 0.2 kg    4000 → 4400
    ///                                                                       47600 → 51360
    ///
    /// I(Jan, Feb) = 51360 / 47600 = 1.0789916. February → March shares four products only: skipped.
    /// Coverage: the five products' lines in January and February, 476.00 + 411.30 = 887.30, of all
    /// 1537.30 spent (tea in January and all of March are not compared): 0.5771808.
    static func basket() -> [Bought] {
        [
            bought("2025-01-10", "МОЛОКО 930МЛ", kopecks: 9_300, quantity: 2),
            bought("2025-01-10", "ХЛЕБ", kopecks: 5_000),
            bought("2025-01-11", "БАНАНЫ ВЕС", kopecks: 10_000, quantity: 1),
            bought("2025-01-12", "ЯЙЦО 10ШТ", kopecks: 10_000),
            bought("2025-01-12", "СЫР 200Г", kopecks: 4_000),
            bought("2025-01-20", "ЧАЙ ЧЕРНЫЙ", kopecks: 30_000),
            bought("2025-02-03", "МОЛОКО 930МЛ", kopecks: 10_230),
            bought("2025-02-03", "ХЛЕБ", kopecks: 5_500),
            bought("2025-02-04", "БАНАНЫ ВЕС", kopecks: 11_000, quantity: 1),
            bought("2025-02-05", "ЯЙЦО 10ШТ", kopecks: 10_000),
            bought("2025-02-06", "СЫР 200Г", kopecks: 4_400),
            bought("2025-03-03", "МОЛОКО 930МЛ", kopecks: 10_000),
            bought("2025-03-03", "ХЛЕБ", kopecks: 5_000),
            bought("2025-03-04", "БАНАНЫ ВЕС", kopecks: 10_000, quantity: 1),
            bought("2025-03-05", "ЯЙЦО 10ШТ", kopecks: 10_000),
        ]
    }

    @Test("the basket worked out by hand: the index, the pair skipped, the coverage, the category")
    func basket() throws {
        let folder = try TemporaryFolder()
        let groceries = ["МОЛОКО 930МЛ", "ХЛЕБ", "БАНАНЫ ВЕС", "ЯЙЦО 10ШТ", "СЫР 200Г"].map { ($0, Category.groceries) }
        let database = try Self.database(
            Self.basket(), in: folder,
            categories: Dictionary(uniqueKeysWithValues: groceries + [("ЧАЙ ЧЕРНЫЙ", .other)]))
        let inflation = try PersonalInflation.read(
            from: database, months: try Month(parsing: "2025-01")...(try Month(parsing: "2025-03")))
        #expect(abs(inflation.index - 51_360.0 / 47_600.0) < 1e-9)
        #expect(inflation.pairs.count == 1 && inflation.pairs.first?.matched == 5)
        #expect(inflation.skipped.map(\.matched) == [4])
        #expect(inflation.skipped.map(\.from) == [try Month(parsing: "2025-02")])
        #expect(abs(inflation.coverage - 88_730.0 / 153_730.0) < 1e-9)
        #expect(inflation.categories.map(\.category) == [.groceries])
        #expect(abs((inflation.categories.first?.index ?? 0) - 51_360.0 / 47_600.0) < 1e-9)
    }

    /// Worked out by hand. Milk of one brand in January, another in February, the first again in March;
    /// tea in January and March only (at least three products or kinds a pair, for so small a basket):
    ///
    ///     Jan → Feb   bread       p 5000 → 5500 a piece           q 1       5000 → 5500
    ///                 bananas     p 10000 → 11000 per kg           q 1 kg    10000 → 11000
    ///                 juice 1 l   p 10000 → 10000 per l            q 1 l     10000 → 10000
    ///                 milk, kind  p 10000 → 11000 per l (ДОМИК 93.00/0.93 l; ПРОСТОКВАШИНО 110.00/1 l)
    ///                             q 0.93 l, January's milk no product of February compared   9300 → 10230
    ///                                                                            34300 → 36730
    ///     Feb → Mar   tea         p 30000 (January, two months back) → 33000    q 1   30000 → 33000
    ///                 bread, bananas, juice unchanged                                 26500 → 26500
    ///                 ДОМИК       p 10000 (January) → 10230/0.93 = 11000 per l   q 0.93 l    9300 → 10230
    ///                 milk, kind  p 11000 (February's ПРОСТОКВАШИНО) → 11000    q 1 l     11000 → 11000
    ///                                                                            76800 → 80730
    ///
    /// I = 36730/34300 × 80730/76800 = 1.0708455 × 1.0511719 = 1.1256427. Everything is compared but
    /// March's socks: coverage (1915.30 − 200.00) / 1915.30 = 0.8955777.
    @Test("a milk of another brand still counts at its kind's level; a price is carried from two months back")
    func kindsAndCarriedPrices() throws {
        let folder = try TemporaryFolder()
        let database = try Self.database(
            [
                Self.bought("2025-01-10", "МОЛОКО ДОМИК 930МЛ", kopecks: 9_300),
                Self.bought("2025-01-10", "ХЛЕБ", kopecks: 5_000),
                Self.bought("2025-01-11", "БАНАНЫ ВЕС", kopecks: 10_000),
                Self.bought("2025-01-12", "ЧАЙ ЧЕРНЫЙ", kopecks: 30_000),
                Self.bought("2025-01-12", "СОК ЯБЛОЧНЫЙ 1Л", kopecks: 10_000),
                Self.bought("2025-02-03", "МОЛОКО ПРОСТОКВАШИНО 1Л", kopecks: 11_000),
                Self.bought("2025-02-03", "ХЛЕБ", kopecks: 5_500),
                Self.bought("2025-02-04", "БАНАНЫ ВЕС", kopecks: 11_000),
                Self.bought("2025-02-05", "СОК ЯБЛОЧНЫЙ 1Л", kopecks: 10_000),
                Self.bought("2025-03-03", "ЧАЙ ЧЕРНЫЙ", kopecks: 33_000),
                Self.bought("2025-03-03", "ХЛЕБ", kopecks: 5_500),
                Self.bought("2025-03-04", "БАНАНЫ ВЕС", kopecks: 11_000),
                Self.bought("2025-03-05", "СОК ЯБЛОЧНЫЙ 1Л", kopecks: 10_000),
                Self.bought("2025-03-05", "МОЛОКО ДОМИК 930МЛ", kopecks: 10_230),
                Self.bought("2025-03-06", "НОСКИ", kopecks: 20_000),
            ], in: folder)
        let (from, to) = (try Month(parsing: "2025-01"), try Month(parsing: "2025-03"))
        let inflation = PersonalInflation.of(
            try database.productMonths(from: from, through: to),
            kinds: try database.kindMonths(from: from, through: to),
            from: from, to: to, spending: Money(kopecks: 191_530), minimumMatched: 3)
        #expect(inflation.pairs.map(\.matched) == [4, 6] && inflation.pairs.map(\.kinds) == [1, 1])
        #expect(abs(inflation.pairs[0].factor - 36_730.0 / 34_300.0) < 1e-9)
        #expect(abs(inflation.pairs[1].factor - 80_730.0 / 76_800.0) < 1e-9)
        #expect(abs(inflation.index - 1.125_642_7) < 1e-6)
        #expect(abs(inflation.coverage - 171_530.0 / 191_530.0) < 1e-9)
        #expect(inflation.leftOut.map(\.reason) == [.noEarlierPrice])
        #expect(inflation.leftOut.map(\.spending) == [Money(kopecks: 20_000)])
    }

    /// Worked out by hand. Kefir is priced per kilogram, but none of these print a size: they are the
    /// kind's pieces. January: КЕФИР БИО 60.00 × 1 and КЕФИР ДОМИК 50.00 × 2; February: ДОМИК 55.00 × 1
    /// and КЕФИР 3,2% П/Э 70.00 × 1.
    ///
    ///     products    ДОМИК       p 5000 → 5500 a piece   q 2           10000 → 11000
    ///                 bread       p 5000 → 5500            q 1            5000 → 5500
    ///                 bananas     p 10000 → 11000 per kg   q 1 kg        10000 → 11000
    ///     pieces      kefir       January 160.00 / 3 pieces = 5333.33 → 5333 a piece (half away);
    ///                             February 125.00 / 2 = 6250; q 3 − 2 (ДОМИК compared) = 1
    ///                                                                     5333 → 6250
    ///                                                                    30333 → 33750
    ///
    /// I = 33750 / 30333 = 1.1126496. Every line but February's socks (200.00) is compared: coverage
    /// (310.00 + 290.00) / 800.00 = 0.75.
    @Test("a kind's pieces with no size printed are compared at their unit value")
    func kindPieces() throws {
        let folder = try TemporaryFolder()
        let database = try Self.database(
            [
                Self.bought("2025-01-10", "КЕФИР БИО", kopecks: 6_000),
                Self.bought("2025-01-10", "КЕФИР ДОМИК", kopecks: 5_000, quantity: 2),
                Self.bought("2025-01-11", "ХЛЕБ", kopecks: 5_000),
                Self.bought("2025-01-11", "БАНАНЫ ВЕС", kopecks: 10_000),
                Self.bought("2025-02-03", "КЕФИР ДОМИК", kopecks: 5_500),
                Self.bought("2025-02-03", "КЕФИР 3,2% П/Э", kopecks: 7_000),
                Self.bought("2025-02-04", "ХЛЕБ", kopecks: 5_500),
                Self.bought("2025-02-04", "БАНАНЫ ВЕС", kopecks: 11_000),
                Self.bought("2025-02-05", "НОСКИ", kopecks: 20_000),
            ], in: folder)
        let (from, to) = (try Month(parsing: "2025-01"), try Month(parsing: "2025-02"))
        let inflation = PersonalInflation.of(
            try database.productMonths(from: from, through: to),
            kinds: try database.kindMonths(from: from, through: to),
            from: from, to: to, spending: Money(kopecks: 80_000), minimumMatched: 3)
        #expect(inflation.pairs.map(\.matched) == [4] && inflation.pairs.map(\.kinds) == [1])
        #expect(abs(inflation.index - 33_750.0 / 30_333.0) < 1e-9)
        #expect(abs(inflation.coverage - 0.75) < 1e-9)
    }

    /// Six brands of eggs, each bought in both months with no count printed: compared product by product
    /// (10 % dearer), and the eggs' kind, which counts by ten, not again. Once a kind's products that
    /// it cannot take were many, their amounts overflowed (a release build's benchmark trapped).
    @Test("many products of a kind counted in several pieces are compared each once, and nothing overflows")
    func manyEggs() throws {
        let brands = ["СЕЙМА", "ЛЕТО", "ОКСКОЕ", "ВОЛЖСКОЕ", "ДЕРЕВЕНСКОЕ", "ПРИВОЛЬНОЕ"]
        let eggs = brands.map { "ЯЙЦО С1 \($0)" }
        let eggsOfTen = brands.map { "ЯЙЦО С0 \($0) 10ШТ" }
        var purchases: [Bought] = []
        for (month, price) in [("2025-01", Int64(10_000)), ("2025-02", 11_000)] {
            for name in eggs + eggsOfTen { purchases.append(Self.bought("\(month)-10", name, kopecks: price)) }
        }
        let folder = try TemporaryFolder()
        let database = try Self.database(purchases, in: folder)
        let inflation = try PersonalInflation.read(
            from: database, months: try Month(parsing: "2025-01")...(try Month(parsing: "2025-02")))
        // Twelve products, each 10 % dearer; the kind adds nothing: its ten-packs are all compared.
        #expect(inflation.pairs.map(\.matched) == [12] && inflation.pairs.map(\.kinds) == [0])
        #expect(abs(inflation.index - 1.1) < 1e-9)
    }

    @Test("months are chained: two pairs multiply; a month without purchases breaks the chain into skipped pairs")
    func chained() throws {
        var purchases: [Bought] = []
        let names = ["А", "Б", "В", "Г", "Д"]
        // Every product 10 % dearer each month, January to March; none bought in April.
        for (month, price) in [("2025-01", 10_000.0), ("2025-02", 11_000.0), ("2025-03", 12_100.0)] {
            for name in names {
                purchases.append(Self.bought("\(month)-15", "ТОВАР \(name)", kopecks: Int64(price)))
            }
        }
        let folder = try TemporaryFolder()
        let database = try Self.database(purchases, in: folder)
        let inflation = try PersonalInflation.read(
            from: database, months: try Month(parsing: "2025-01")...(try Month(parsing: "2025-04")))
        #expect(abs(inflation.index - 1.21) < 1e-9)
        #expect(inflation.pairs.map(\.factor).allSatisfy { abs($0 - 1.1) < 1e-9 })
        #expect(inflation.skipped.map(\.matched) == [0] && inflation.skipped.map(\.reason) == [.noPurchases])
        #expect(inflation.coverage == 1)
        let none = PersonalInflation.of([], from: try Month(parsing: "2025-01"), to: try Month(parsing: "2025-01"))
        let recent = try #require(try PersonalInflation.defaultRange(in: database))
        #expect(recent.lowerBound.description == "2025-01" && recent.upperBound.description == "2025-03")
        #expect(none.index == 1 && none.pairs.isEmpty && none.coverage == 0)
    }
}
