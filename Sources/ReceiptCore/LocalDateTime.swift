/// A shop's local wall-clock time, as printed on a receipt and in its QR code.
///
/// It carries no time zone on purpose: a receipt's day and month are the ones the shop printed,
/// whatever zone the machine that reads it is in. Comparison is chronological within one shop's
/// clock, which is what grouping and sorting need.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// 2000…2099 (``supportedYears``).
    public let year: Int
    /// 1 for January … 12 for December.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int
    /// 0…59; zero when the receipt gives no seconds.
    public let second: Int

    /// The years a fiscal receipt can carry; anything else is a typo or a broken scanner.
    public static let supportedYears = 2000...2099

    /// A date-time checked against the calendar: a real day of a real month, 00:00:00–23:59:59.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0)
        throws(LocalDateTimeError)
    {
        guard Self.supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month) else { throw .noSuchMonth(month) }
        guard (1...Self.daysIn(month: month, year: year)).contains(day) else {
            throw .noSuchDay(year: year, month: month, day: day)
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw .noSuchTime(hour: hour, minute: minute, second: second)
        }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// Reads the ISO form `2019-03-20T23:03:00`, also without seconds (`2019-03-20T23:03`) or as a
    /// date alone (`2019-03-20`, midnight). A trailing zone or fraction is not accepted here: the
    /// callers that meet them decide what the shop's local time is.
    public init(iso text: String) throws(LocalDateTimeError) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) throws(LocalDateTimeError) -> Int {
            guard range.upperBound <= bytes.count else { throw .notADateTime(text) }
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw .notADateTime(text) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func expect(_ character: Character, at index: Int) throws(LocalDateTimeError) {
            guard index < bytes.count, bytes[index] == character.asciiValue else { throw .notADateTime(text) }
        }
        guard [10, 16, 19].contains(bytes.count) else { throw .notADateTime(text) }
        try expect("-", at: 4)
        try expect("-", at: 7)
        let (year, month, day) = (try number(0..<4), try number(5..<7), try number(8..<10))
        var (hour, minute, second) = (0, 0, 0)
        if bytes.count > 10 {
            guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { throw .notADateTime(text) }
            try expect(":", at: 13)
            (hour, minute) = (try number(11..<13), try number(14..<16))
            if bytes.count == 19 {
                try expect(":", at: 16)
                second = try number(17..<19)
            }
        }
        try self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The number of days in a month of the Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The month this moment falls in, by the shop's own calendar.
    public var yearMonth: Month {
        // The initialiser has already checked year and month, so this cannot fail.
        Month(validYear: year, month: month)
    }

    /// `2019-03-20T23:03:00`: the form used in JSON and in the database, which sorts as text.
    public var iso: String {
        ASCII.fixedWidth(
            (year, 4), (month, 2), (day, 2), (hour, 2), (minute, 2), (second, 2),
            separators: Array("--T::".utf8))
    }

    /// `2019-03-20`.
    public var isoDate: String { "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))" }

    /// The ISO form, ``iso``.
    public var description: String { iso }

    /// Earlier on the shop's clock; field by field, from the year down.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Reads the ISO string (``init(iso:)``); anything else is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(iso: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: error.message(in: .english))
        }
    }

    /// Writes the ISO string with seconds, ``iso``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

/// Why a date-time is not a real one.
public enum LocalDateTimeError: Error, Equatable, LocalizedMessage {
    case notADateTime(String)
    case yearOutOfRange(Int)
    case noSuchMonth(Int)
    case noSuchDay(year: Int, month: Int, day: Int)
    case noSuchTime(hour: Int, minute: Int, second: Int)

    /// Says which part of the date or time does not exist.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .notADateTime(let text):
            return ru ? "«\(text)» — не дата и время" : "“\(text)” is not a date and time"
        case .yearOutOfRange(let year):
            let range = LocalDateTime.supportedYears
            return ru
                ? "год \(year) вне допустимого диапазона \(range.lowerBound)–\(range.upperBound)"
                : "the year \(year) is outside \(range.lowerBound)–\(range.upperBound)"
        case .noSuchMonth(let month):
            return ru ? "месяца \(month) не бывает" : "there is no month \(month)"
        case .noSuchDay(let year, let month, let day):
            let monthText = "\(LocalDateTime.pad(year, 4))-\(LocalDateTime.pad(month))"
            return ru ? "в месяце \(monthText) нет \(day)-го числа" : "\(monthText) has no day \(day)"
        case .noSuchTime(let hour, let minute, let second):
            let time = "\(LocalDateTime.pad(hour)):\(LocalDateTime.pad(minute)):\(LocalDateTime.pad(second))"
            return ru ? "времени \(time) не бывает" : "there is no time \(time)"
        }
    }
}

extension LocalDateTime {
    /// The date and time for people: `20.03.2019 23:03` in Russian, `2019-03-20 23:03` in English;
    /// seconds only when they are not zero.
    public func formatted(in language: Language) -> String {
        let time = "\(Self.pad(hour)):\(Self.pad(minute))" + (second == 0 ? "" : ":\(Self.pad(second))")
        return "\(formattedDate(in: language)) \(time)"
    }

    /// The date alone for people: `20.03.2019` in Russian, `2019-03-20` in English.
    public func formattedDate(in language: Language) -> String {
        switch language {
        case .russian: "\(Self.pad(day)).\(Self.pad(month)).\(Self.pad(year, 4))"
        case .english: isoDate
        }
    }
}

extension LocalDateTime {
    /// The Unix seconds this time would be if it were UTC.
    public var secondsAsIfUTC: Int { Int(ZonedDateTime(local: self, offsetMinutes: 0).instant) }
}
