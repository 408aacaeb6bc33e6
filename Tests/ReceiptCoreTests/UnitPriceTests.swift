import ReceiptCore
import Testing

@Suite(
    "Unit prices: per kilogram, litre or piece, from the line's measure or the size in its name",
    .timeLimit(.minutes(20)))
struct UnitPriceTests {
    static func line(_ name: String, kopecks: Int64, quantity: Double = 1, unit: String? = nil) -> Item {
        Item(
            name: name, price: Money(kopecks: kopecks), quantity: quantity,
            sum: Money(kopecks: Int64((Double(kopecks) * quantity).rounded())), unit: unit)
    }

    @Test(
        "every size form a printer writes",
        arguments: [
            ("МОЛОКО ПАСТ.3,2% 930МЛ", PriceUnit.litre, 930),
            ("СЫР РОССИЙСКИЙ 0,9 КГ", .kilogram, 900),
            ("ВОДА МИН. 1.5л", .litre, 1_500),
            ("ЯЙЦО КУР.С1 10ШТ", .piece, 10_000),
            ("ЙОГУРТ 2х200г", .kilogram, 400),
            ("ЙОГУРТ 2 x 200 г", .kilogram, 400),
            ("СОК 4*0,2Л", .litre, 800),
            ("ШОКОЛАД 100 ГР", .kilogram, 100),
            ("КОФЕ МОЛОТ. 250G", .kilogram, 250),
            ("ПИВО 0,5 Л", .litre, 500),
            // A weight beats a count written beside it; the last weight wins.
            ("САЛФЕТКИ 100ШТ 250Г", .kilogram, 250),
        ] as [(String, PriceUnit, Int64)])
    func sizes(name: String, unit: PriceUnit, thousandths: Int64) {
        #expect(UnitPrice.size(inName: name) == PackSize(unit: unit, thousandths: thousandths), "\(name)")
    }

    @Test("names without a size give none: fat, percentages, article numbers, ВЕС")
    func noSize() {
        for name in ["ХЛЕБ БОРОДИНСКИЙ", "МОЛОКО 3,2%", "ТОВАР 4607001234567", "БАНАНЫ ВЕС", "КОФЕ №5", "АИ-95"] {
            #expect(UnitPrice.size(inName: name) == nil, "\(name)")
        }
    }

    @Test("a bottle of 930 ml at 89.99 costs 96.76 a litre; two yoghurts of 200 g at 79.90 cost 199.75 a kilogram")
    func perSize() {
        // 8999 × 1000 / 930 = 9676.34… → 9676.
        #expect(UnitPrice.of(Self.line("МОЛОКО ПАСТ.3,2% 930МЛ", kopecks: 8_999)) ?? (.piece, 0) == (.litre, 9_676))
        // 7990 × 1000 / 400 = 19975 exactly.
        #expect(UnitPrice.of(Self.line("ЙОГУРТ 2х200г", kopecks: 7_990)) ?? (.piece, 0) == (.kilogram, 19_975))
        // 1999 × 1000 / 10000 = 199.9 → 200, half away from zero.
        #expect(UnitPrice.of(Self.line("ЯЙЦО 10ШТ", kopecks: 1_999)) ?? (.kilogram, 0) == (.piece, 200))
        // 1000 × 1000 / 3000 = 333.33… → 333; 500 × 1000 / 3000 = 166.66… → 167.
        #expect(UnitPrice.of(Self.line("БАТАРЕЙКИ 3ШТ", kopecks: 1_000)) ?? (.kilogram, 0) == (.piece, 333))
        #expect(UnitPrice.of(Self.line("СВЕЧИ 3ШТ", kopecks: 500)) ?? (.kilogram, 0) == (.piece, 167))
        #expect(UnitPrice.of(Self.line("ХЛЕБ БОРОДИНСКИЙ", kopecks: 5_490)) ?? (.kilogram, 0) == (.piece, 5_490))
    }

    @Test("a weighed line's price is already per kilogram (ВЕС, a quantity that is not whole, or its measure)")
    func weighed() {
        #expect(
            UnitPrice.of(Self.line("БАНАНЫ ВЕС", kopecks: 13_999, quantity: 1)) ?? (.piece, 0) == (.kilogram, 13_999))
        #expect(
            UnitPrice.of(Self.line("ЯБЛОКИ ГАЛА", kopecks: 17_990, quantity: 0.532)) ?? (.piece, 0) == (
                .kilogram, 17_990
            ))
        // The name's 1КГ does not matter when the line is weighed: its price is per kilogram.
        #expect(
            UnitPrice.of(Self.line("КАРТОФЕЛЬ 1КГ", kopecks: 4_990, quantity: 1, unit: "кг")) ?? (.piece, 0) == (
                .kilogram, 4_990
            ))
        #expect(
            UnitPrice.of(Self.line("АИ-95", kopecks: 5_821, quantity: 30.15, unit: "л")) ?? (.piece, 0) == (
                .litre, 5_821
            ))
        // The fiscal measure codes: 11 kilograms, 10 grams (per gram → per kilogram).
        #expect(UnitPrice.of(Self.line("ОРЕХИ", kopecks: 150_000, unit: "11")) ?? (.piece, 0) == (.kilogram, 150_000))
        #expect(
            UnitPrice.of(Self.line("ШАФРАН", kopecks: 350, quantity: 2, unit: "г")) ?? (.piece, 0) == (
                .kilogram, 350_000
            ))
    }

    @Test("a line without a positive price has no unit price; the size does not change the product's name key")
    func edges() {
        #expect(UnitPrice.of(Self.line("ПАКЕТ", kopecks: 0)) == nil)
        #expect(ItemName.key("МОЛОКО ПАСТ.3,2% 930МЛ") == ItemName.key("МОЛОКО ПАСТ 3,2% 1,4Л"))
    }

    @Test("a container's litres are what it holds, not what was bought: counted by the piece")
    func containers() {
        #expect(UnitPrice.size(inName: "ПАКЕТЫ Д/МУСОРА 60Л 20ШТ") == PackSize(unit: .piece, thousandths: 20_000))
        #expect(UnitPrice.of(Self.line("ПАКЕТЫ Д/МУСОРА 60Л 20ШТ", kopecks: 15_000)) ?? (.litre, 0) == (.piece, 750))
        #expect(UnitPrice.of(Self.line("ВЕДРО ПЛАСТ. 10Л", kopecks: 29_900)) ?? (.litre, 0) == (.piece, 29_900))
        #expect(UnitPrice.of(Self.line("КАСТРЮЛЯ 3Л", kopecks: 99_900)) ?? (.litre, 0) == (.piece, 99_900))
        #expect(
            UnitPrice.size(inName: "ВОДА ПИТЬЕВАЯ 5Л") == PackSize(unit: .litre, thousandths: 5_000), "water is content"
        )
    }

    @Test("values no shop prints but a file or a server could give make no unit price, and never a crash")
    func hostile() {
        let huge = Int64.max / 100
        #expect(UnitPrice.of(Self.line("МОЛОКО 930МЛ", kopecks: huge)) == nil, "the price per litre would overflow")
        #expect(UnitPrice.of(Self.line("ПЕСОК", kopecks: huge, unit: "г")) == nil)
        #expect(
            UnitPrice.of(Self.line("ХЛЕБ", kopecks: huge)) ?? (.kilogram, 0) == (.piece, huge),
            "no division, no overflow")
        #expect(UnitPrice.size(inName: "ЧАЙ 99999999999999999999999Г") == nil)
        #expect(UnitPrice.size(inName: "ЧАЙ 99999999999х200Г") == nil, "a count past a thousand is no count")
        // A size past 50 kg is an article's code, not what a piece holds: the line is priced per piece.
        #expect(UnitPrice.size(inName: "ЧАЙ 1000х99999999999Г") == nil)
        #expect(UnitPrice.of(Self.line("ЧАЙ 1000х99999999999Г", kopecks: 100)) ?? (.kilogram, 0) == (.piece, 100))
        for quantity in [1e300, -1e300, Double.infinity, Double.nan] {
            let item = Item(name: "ГВОЗДИ", price: Money(kopecks: 100), quantity: quantity, sum: Money(kopecks: 100))
            #expect(UnitPrice.amount(of: item) == nil && UnitPrice.line(item) == nil, "quantity \(quantity)")
        }
    }
}

@Suite("Day numbers", .timeLimit(.minutes(20)))
struct DayNumberTests {
    @Test("days from 1970-01-01 and back, across leap days, over the supported years")
    func roundTrip() throws {
        #expect(try LocalDateTime(iso: "2026-11-26T00:00:00").dayNumber == 20_783)
        #expect(
            try LocalDateTime(iso: "2000-03-01T00:00:00").dayNumber
                - (try LocalDateTime(iso: "2000-02-28T00:00:00").dayNumber) == 2)
        #expect(
            try LocalDateTime(iso: "2025-03-01T00:00:00").dayNumber
                - (try LocalDateTime(iso: "2025-02-28T00:00:00").dayNumber) == 1)
        #expect(try LocalDateTime(dayNumber: 20_783).isoDate == "2026-11-26")
        let first = try LocalDateTime(year: LocalDateTime.supportedYears.lowerBound, month: 1, day: 1).dayNumber
        let last = try LocalDateTime(year: LocalDateTime.supportedYears.upperBound, month: 12, day: 31).dayNumber
        for number in stride(from: first, through: last, by: 97) {
            #expect(try LocalDateTime(dayNumber: number).dayNumber == number)
        }
    }
}

@Suite("Quantities as receipts print them", .timeLimit(.minutes(20)))
struct QuantityTextTests {
    @Test("a count bare; a weight to the gram with the language's decimal mark, trailing zeros dropped")
    func text() {
        func line(_ quantity: Double) -> Item {
            Item(name: "X", price: Money(kopecks: 100), quantity: quantity, sum: Money(kopecks: 100))
        }
        #expect(line(2).quantityText(in: .russian) == "2")
        #expect(line(0.156).quantityText(in: .russian) == "0,156")
        #expect(line(0.156).quantityText(in: .english) == "0.156")
        #expect(line(1.5).quantityText(in: .russian) == "1,5")
        #expect(line(0.0504).quantityText(in: .english) == "0.05")
        #expect(line(12.3456).quantityText(in: .english) == "12.346")
    }
}
