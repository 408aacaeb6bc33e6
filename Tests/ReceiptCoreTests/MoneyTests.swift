import Foundation
import ReceiptCore
import Testing

@Suite("Money", .timeLimit(.minutes(20)))
struct MoneyTests {
    @Test(
        "reads roubles as payloads and files write them",
        arguments: [
            ("5803.00", 580_300), ("5803,00", 580_300), ("5803", 580_300), ("150.5", 15_050), ("0.01", 1),
            ("0", 0), ("-12.34", -1234), ("150.500", 15_050), ("007.10", 710),
        ] as [(String, Int64)])
    func readsRoubles(text: String, kopecks: Int64) throws {
        #expect(try Money(roubles: text) == Money(kopecks: kopecks))
    }

    @Test(
        "rejects text that is not an exact amount",
        arguments: ["", "-", "1.", ".5", "1,2,3", "1.2.3", "12a", "1 000", "1e3", "+5", "١٢"])
    func rejectsNonAmounts(text: String) {
        #expect(throws: MoneyError.notAnAmount(text)) { try Money(roubles: text) }
    }

    @Test("rejects fractions of a kopeck and amounts past Int64")
    func rejectsInexactAndHuge() {
        #expect(throws: MoneyError.fractionOfKopeck("1.005")) { try Money(roubles: "1.005") }
        #expect(throws: MoneyError.outOfRange("92233720368547758.08")) { try Money(roubles: "92233720368547758.08") }
        #expect(throws: MoneyError.outOfRange("99999999999999999999")) { try Money(roubles: "99999999999999999999") }
    }

    @Test("formats per language with grouped roubles")
    func formats() {
        let amount = Money(kopecks: 123_456)
        #expect(amount.formatted(in: .russian) == "1\u{00A0}234,56\u{00A0}₽")
        #expect(amount.formatted(in: .english) == "RUB 1,234.56")
        #expect(Money(kopecks: -5).formatted(in: .english) == "-RUB 0.05")
        #expect(Money(kopecks: -123_456_789).formatted(in: .russian) == "-1\u{00A0}234\u{00A0}567,89\u{00A0}₽")
        #expect(Money(kopecks: 100_000_000).formatted(in: .english) == "RUB 1,000,000.00")
        #expect(Money(kopecks: Int64.min).formatted(in: .english) == "-RUB 92,233,720,368,547,758.08")
        #expect(Money(kopecks: 580_300).decimalString == "5803.00")
        #expect(Money(kopecks: -7).decimalString == "-0.07")
    }

    @Test("reports overflow instead of wrapping")
    func overflow() throws {
        let big = Money(kopecks: .max)
        #expect(throws: MoneyError.overflow) { try big.adding(Money(kopecks: 1)) }
        #expect(throws: MoneyError.overflow) { try Money(kopecks: .min).subtracting(Money(kopecks: 1)) }
        #expect(throws: MoneyError.overflow) { try Money.sum([big, big]) }
        #expect(try Money.sum([Money(kopecks: 5), Money(kopecks: -3), Money(kopecks: 10)]) == Money(kopecks: 12))
    }

    @Test("encodes as an integer number of kopecks")
    func codable() throws {
        let data = try JSONEncoder().encode([Money(kopecks: 580_300)])
        #expect(String(decoding: data, as: UTF8.self) == "[580300]")
        #expect(try JSONDecoder().decode([Money].self, from: data) == [Money(kopecks: 580_300)])
    }

    /// Issue 49's review: the one bound check of a bank's amount, which three places wrote out.
    /// Before: did not compile (no `isWithinBounds`).
    @Test("an amount is within bounds up to 10¹² ₽ either way, Int64's extremes not")
    func withinBounds() {
        // 10¹² ₽ = 10¹⁴ kopecks, the bound itself, either way; one kopeck more is past it.
        #expect(Money(kopecks: 100_000_000_000_000).isWithinBounds)
        #expect(Money(kopecks: -100_000_000_000_000).isWithinBounds)
        #expect(!Money(kopecks: 100_000_000_000_001).isWithinBounds)
        #expect(!Money(kopecks: -100_000_000_000_001).isWithinBounds)
        // `.min` has no positive twin in Int64: its magnitude is still compared without a trap.
        #expect(!Money(kopecks: .min).isWithinBounds && !Money(kopecks: .max).isWithinBounds)
        #expect(Money.zero.isWithinBounds)
    }
}
