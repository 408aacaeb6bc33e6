/// An amount of money in roubles, kept as an integer number of kopecks.
///
/// Never a floating-point number: storage, wire and arithmetic all use the kopecks. `+` and `-`
/// trap on overflow as Swift integers do; code that sums amounts from outside uses ``adding(_:)``
/// or ``sum(_:)``, which report the overflow as an error instead.
public struct Money: Sendable, Hashable, Comparable, Codable {
    /// The amount in kopecks; negative for money that goes the other way.
    public var kopecks: Int64

    /// An amount of exactly this many kopecks.
    public init(kopecks: Int64) {
        self.kopecks = kopecks
    }

    /// No money.
    public static let zero = Money(kopecks: 0)

    /// The largest amount one receipt's field or one bank payment may hold, either way: 10¹² ₽ in
    /// kopecks. A fiscal drive writes an amount as an unsigned number of at most six bytes (under
    /// 2.9·10¹² ₽), and nobody pays more at once; the bound keeps every sum the tool makes of them far
    /// from `Int64`'s limit.
    public static let largestAmount = Money(kopecks: 100_000_000_000_000)

    /// Whether the amount lies within ``largestAmount`` either way: what a bank's payment, in or
    /// out, may be (past it, no payment is that large and sums of such would overflow).
    public var isWithinBounds: Bool { kopecks.magnitude <= Self.largestAmount.kopecks.magnitude }

    /// Reads an amount in roubles as it appears in QR payloads and exported files.
    ///
    /// Accepts `5803.00`, `5803,00`, `5803`, `150.5`, a leading minus, and trailing zeros past the
    /// kopecks (`150.500`). Rejects anything that is not an exact number of kopecks (`1.005`),
    /// thousands separators, exponents, and amounts beyond the range of `Int64` kopecks.
    public init(roubles text: String) throws(MoneyError) {
        var bytes = text.utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var wholePart = bytes
        var fraction = bytes[bytes.endIndex...]
        if let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
            wholePart = bytes[..<separator]
            fraction = bytes[bytes.index(after: separator)...]
            guard !fraction.isEmpty else { throw .notAnAmount(text) }
        }
        guard !wholePart.isEmpty, wholePart.allSatisfy(ASCII.isDigit), fraction.allSatisfy(ASCII.isDigit) else {
            throw .notAnAmount(text)
        }
        var fractionDigits = Array(fraction)
        while fractionDigits.count > 2, fractionDigits.last == UInt8(ascii: "0") { fractionDigits.removeLast() }
        guard fractionDigits.count <= 2 else { throw .fractionOfKopeck(text) }
        while fractionDigits.count < 2 { fractionDigits.append(UInt8(ascii: "0")) }
        var total: Int64 = 0
        for digit in wholePart + fractionDigits {
            let (scaled, overflowA) = total.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = scaled.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { throw .outOfRange(text) }
            total = next
        }
        self.kopecks = negative ? -total : total
    }

    /// The sum of two amounts, or an error when it does not fit in `Int64` kopecks.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        let (result, overflow) = kopecks.addingReportingOverflow(other.kopecks)
        guard !overflow else { throw .overflow }
        return Money(kopecks: result)
    }

    /// The difference of two amounts, or an error when it does not fit in `Int64` kopecks.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        let (result, overflow) = kopecks.subtractingReportingOverflow(other.kopecks)
        guard !overflow else { throw .overflow }
        return Money(kopecks: result)
    }

    /// The total of many amounts, or an error when any partial sum overflows.
    public static func sum(_ amounts: some Sequence<Money>) throws(MoneyError) -> Money {
        var total = Money.zero
        for amount in amounts { total = try total.adding(amount) }
        return total
    }

    /// The same amount going the other way.
    public var negated: Money { Money(kopecks: -kopecks) }

    /// The sum; traps on overflow, so for amounts from outside use ``adding(_:)``.
    public static func + (lhs: Money, rhs: Money) -> Money { Money(kopecks: lhs.kopecks + rhs.kopecks) }
    /// The difference; traps on overflow, so for amounts from outside use ``subtracting(_:)``.
    public static func - (lhs: Money, rhs: Money) -> Money { Money(kopecks: lhs.kopecks - rhs.kopecks) }
    /// Adds in place; traps on overflow like `+`.
    public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }
    /// Subtracts in place; traps on overflow like `-`.
    public static func -= (lhs: inout Money, rhs: Money) { lhs = lhs - rhs }
    /// Less money; a refund's negative amount is below zero.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.kopecks < rhs.kopecks }

    /// The amount in roubles with two decimals and a point, as QR payloads write it: `5803.00`.
    public var decimalString: String {
        let (roubles, kopecks) = kopecks.magnitude.quotientAndRemainder(dividingBy: 100)
        let sign = self.kopecks < 0 ? "-" : ""
        return "\(sign)\(roubles).\(kopecks < 10 ? "0" : "")\(kopecks)"
    }

    /// The amount for people: `1 234,56 ₽` in Russian, `RUB 1,234.56` in English.
    ///
    /// The Russian form separates groups and the sign with a no-break space (U+00A0), as Russian
    /// typography and CLDR do, so that an amount never breaks across lines.
    public func formatted(in language: Language) -> String {
        let (roubles, kopecks) = kopecks.magnitude.quotientAndRemainder(dividingBy: 100)
        let cents = (kopecks < 10 ? "0" : "") + String(kopecks)
        let sign = self.kopecks < 0 ? "-" : ""
        switch language {
        case .russian:
            return "\(sign)\(language.grouped(roubles)),\(cents)\u{00A0}₽"
        case .english:
            return "\(sign)RUB \(language.grouped(roubles)).\(cents)"
        }
    }

    /// Reads an integer number of kopecks, the one form amounts take in JSON.
    public init(from decoder: any Decoder) throws {
        kopecks = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Writes the integer number of kopecks.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(kopecks)
    }
}

/// Why an amount could not be read or computed.
public enum MoneyError: Error, Equatable, LocalizedMessage {
    /// The text is not a number of roubles.
    case notAnAmount(String)
    /// The text has a fraction of a kopeck.
    case fractionOfKopeck(String)
    /// The amount is too large to keep.
    case outOfRange(String)
    /// A sum or difference went past the largest amount that can be kept.
    case overflow

    /// Says what is wrong with the amount, quoting the text given.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.notAnAmount(let text), .russian):
            return "«\(text)» — не сумма в рублях (пример: 5803.00)"
        case (.notAnAmount(let text), .english):
            return "“\(text)” is not an amount in roubles (for example 5803.00)"
        case (.fractionOfKopeck(let text), .russian):
            return "в сумме «\(text)» есть доли копейки"
        case (.fractionOfKopeck(let text), .english):
            return "the amount “\(text)” has a fraction of a kopeck"
        case (.outOfRange(let text), .russian):
            return "сумма «\(text)» слишком велика"
        case (.outOfRange(let text), .english):
            return "the amount “\(text)” is too large"
        case (.overflow, .russian):
            return "итог слишком велик: сумма вышла за пределы допустимого"
        case (.overflow, .english):
            return "the total is too large to keep"
        }
    }
}
