/// A calendar month, `2019-03`: the unit receipts are grouped and counted by.
public struct Month: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The year, within ``LocalDateTime/supportedYears``.
    public let year: Int
    /// 1 for January … 12 for December.
    public let month: Int

    /// A month checked against the calendar and the years a receipt can carry.
    public init(year: Int, month: Int) throws(LocalDateTimeError) {
        guard LocalDateTime.supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month) else { throw .noSuchMonth(month) }
        self.init(validYear: year, month: month)
    }

    init(validYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Reads `YYYY-MM`, as the command line and the JSON output write months.
    public init(parsing text: String) throws(LocalDateTimeError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy(ASCII.isDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { throw .notADateTime(text) }
        try self.init(year: year, month: month)
    }

    /// Reads `YYYY-MM` as ``init(parsing:)`` does, nil instead of an error: for argument parsers.
    public init?(_ description: String) {
        guard let month = try? Month(parsing: description) else { return nil }
        self = month
    }

    /// The month `count` months later (earlier when negative), or nil past the supported years.
    public func advanced(by count: Int) -> Month? {
        let index = year * 12 + (month - 1) + count
        let (newYear, newMonth) = index.quotientAndRemainder(dividingBy: 12)
        return try? Month(year: newYear, month: newMonth + 1)
    }

    /// The next month; nil after December of the last supported year.
    public var next: Month? { advanced(by: 1) }

    /// The previous month; nil before January of the first supported year.
    public var previous: Month? { advanced(by: -1) }

    /// How many months from this one to `other`: positive when `other` is later.
    public func distance(to other: Month) -> Int {
        (other.year * 12 + other.month) - (year * 12 + month)
    }

    /// Every month from `first` to `last`, both included; empty when `last` comes before `first`.
    public static func range(from first: Month, through last: Month) -> [Month] {
        guard first <= last else { return [] }
        return (0...first.distance(to: last)).compactMap { first.advanced(by: $0) }
    }

    /// The number of days in this month.
    public var dayCount: Int { LocalDateTime.daysIn(month: month, year: year) }

    /// `2019-03`.
    public var description: String { ASCII.fixedWidth((year, 4), (month, 2), separators: [UInt8(ascii: "-")]) }

    /// The month's name and year for people: `март 2019`, `March 2019`.
    public func name(in language: Language) -> String {
        let names =
            language == .russian
            ? [
                "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь",
                "декабрь",
            ]
            : [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ]
        return "\(names[month - 1]) \(year)"
    }

    /// The earlier month.
    public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    /// Reads `YYYY-MM`; anything else is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message(in: .english))
        }
    }

    /// Writes `YYYY-MM`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
