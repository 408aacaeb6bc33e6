public import ReceiptCore

/// A person's taxpayer number (ИНН): 12 digits, the last two check digits of the ten before.
public struct TaxpayerNumber: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The 12 digits.
    public let digits: String

    /// Reads a person's INN; spaces are ignored, anything else wrong is an error that says what.
    public init(_ text: String) throws(TaxpayerNumberError) {
        let compact = text.filter { $0 != " " }
        guard compact.count == 12, compact.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw .notTwelveDigits
        }
        let values = compact.compactMap { $0.wholeNumberValue }
        func check(_ weights: [Int]) -> Int {
            zip(weights, values).reduce(0) { $0 + $1.0 * $1.1 } % 11 % 10
        }
        let first = check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8])
        let second = check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8])
        guard values[10] == first, values[11] == second else { throw .badCheckDigits }
        digits = compact
    }

    /// The digits.
    public var description: String { digits }
}

/// Why a text is not a person's INN.
public enum TaxpayerNumberError: Error, Equatable, LocalizedMessage {
    case notTwelveDigits
    case badCheckDigits

    /// What is wrong with it.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.notTwelveDigits, .russian): return "ИНН физического лица — это 12 цифр"
        case (.notTwelveDigits, .english): return "a person's INN is 12 digits"
        case (.badCheckDigits, .russian): return "в ИНН ошибка: контрольные цифры не сходятся"
        case (.badCheckDigits, .english): return "the INN has a typo: its check digits do not match"
        }
    }
}

/// A Russian mobile number as the tax service takes it: `+7` and ten digits.
public struct PhoneNumber: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `+79991234567`.
    public let international: String

    /// Reads `+7 999 123-45-67`, `8 (999) 123 45 67`, `79991234567`; nil for anything else.
    public init?(_ text: String) {
        let digits = text.filter { $0.isNumber && $0.isASCII }
        let rest = text.filter { !($0.isNumber && $0.isASCII) && !" ()-+".contains($0) }
        guard rest.isEmpty else { return nil }
        let national: Substring
        switch digits.count {
        case 11 where digits.first == "7" || digits.first == "8": national = digits.dropFirst()
        case 10: national = digits[...]
        default: return nil
        }
        international = "+7" + national
    }

    /// `+79991234567`.
    public var description: String { international }
}
