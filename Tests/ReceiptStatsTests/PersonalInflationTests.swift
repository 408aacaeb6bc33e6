import ReceiptCore
import ReceiptStats
import ReceiptStore
import Testing

@Suite("Personal inflation: a Laspeyres index on the user's own basket, chained month to month")
struct PersonalInflationTests {
    static func bought(
        _ date: String, _ name: String, kopecks: Int64, quantity: Double = 1, category: Category = .groceries
    ) throws -> Purchase {
        Purchase(
            item: Item(
                name: name, price: Money(kopecks: kopecks), quantity: quantity,
                sum: Money(kopecks: Int64((Double(kopecks) * quantity).rounded()))),
            dateTime: try LocalDateTime(iso: date + "T12:00:00"), shop: "Лента", category: category)
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
    static func basket() throws -> [Purchase] {
        [
            try bought("2025-01-10", "МОЛОКО 930МЛ", kopecks: 9_300, quantity: 2),
            try bought("2025-01-10", "ХЛЕБ", kopecks: 5_000),
            try bought("2025-01-11", "БАНАНЫ ВЕС", kopecks: 10_000, quantity: 1),
            try bought("2025-01-12", "ЯЙЦО 10ШТ", kopecks: 10_000),
            try bought("2025-01-12", "СЫР 200Г", kopecks: 4_000),
            try bought("2025-01-20", "ЧАЙ ЧЕРНЫЙ", kopecks: 30_000, category: .other),
            try bought("2025-02-03", "МОЛОКО 930МЛ", kopecks: 10_230),
            try bought("2025-02-03", "ХЛЕБ", kopecks: 5_500),
            try bought("2025-02-04", "БАНАНЫ ВЕС", kopecks: 11_000, quantity: 1),
            try bought("2025-02-05", "ЯЙЦО 10ШТ", kopecks: 10_000),
            try bought("2025-02-06", "СЫР 200Г", kopecks: 4_400),
            try bought("2025-03-03", "МОЛОКО 930МЛ", kopecks: 10_000),
            try bought("2025-03-03", "ХЛЕБ", kopecks: 5_000),
            try bought("2025-03-04", "БАНАНЫ ВЕС", kopecks: 10_000, quantity: 1),
            try bought("2025-03-05", "ЯЙЦО 10ШТ", kopecks: 10_000),
        ]
    }

    @Test("the basket worked out by hand: the index, the pair skipped, the coverage, the category")
    func basket() throws {
        let inflation = PersonalInflation.of(
            try Self.basket(), from: try Month(parsing: "2025-01"), to: try Month(parsing: "2025-03"))
        #expect(abs(inflation.index - 51_360.0 / 47_600.0) < 1e-9)
        #expect(inflation.pairs.count == 1 && inflation.pairs.first?.matched == 5)
        #expect(inflation.skipped.map(\.matched) == [4])
        #expect(inflation.skipped.map(\.from) == [try Month(parsing: "2025-02")])
        #expect(abs(inflation.coverage - 88_730.0 / 153_730.0) < 1e-9)
        #expect(inflation.categories.map(\.category) == [.groceries])
        #expect(abs((inflation.categories.first?.index ?? 0) - 51_360.0 / 47_600.0) < 1e-9)
    }

    @Test("months are chained: two pairs multiply; a month without purchases breaks the chain into skipped pairs")
    func chained() throws {
        var purchases: [Purchase] = []
        let names = ["А", "Б", "В", "Г", "Д"]
        // Every product 10 % dearer each month, January to March; none bought in April.
        for (month, price) in [("2025-01", 10_000.0), ("2025-02", 11_000.0), ("2025-03", 12_100.0)] {
            for name in names {
                purchases.append(try Self.bought("\(month)-15", "ТОВАР \(name)", kopecks: Int64(price)))
            }
        }
        let inflation = PersonalInflation.of(
            purchases, from: try Month(parsing: "2025-01"), to: try Month(parsing: "2025-04"))
        #expect(abs(inflation.index - 1.21) < 1e-9)
        #expect(inflation.pairs.map(\.factor).allSatisfy { abs($0 - 1.1) < 1e-9 })
        #expect(inflation.skipped.map(\.matched) == [0])
        #expect(inflation.coverage == 1)
        let none = PersonalInflation.of([], from: try Month(parsing: "2025-01"), to: try Month(parsing: "2025-01"))
        #expect(none.index == 1 && none.pairs.isEmpty && none.coverage == 0)
    }
}
