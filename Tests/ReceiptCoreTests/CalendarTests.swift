import Foundation
import ReceiptCore
import Testing

@Suite("Local date-time and months", .timeLimit(.minutes(20)))
struct CalendarTests {
    @Test("accepts real calendar dates, leap days included")
    func realDates() throws {
        _ = try LocalDateTime(year: 2024, month: 2, day: 29)
        _ = try LocalDateTime(year: 2000, month: 2, day: 29, hour: 23, minute: 59, second: 59)
        #expect(throws: LocalDateTimeError.noSuchDay(year: 2023, month: 2, day: 29)) {
            try LocalDateTime(year: 2023, month: 2, day: 29)
        }
        #expect(throws: LocalDateTimeError.noSuchDay(year: 2019, month: 4, day: 31)) {
            try LocalDateTime(year: 2019, month: 4, day: 31)
        }
        #expect(throws: LocalDateTimeError.noSuchMonth(13)) { try LocalDateTime(year: 2019, month: 13, day: 1) }
        #expect(throws: LocalDateTimeError.noSuchTime(hour: 24, minute: 0, second: 0)) {
            try LocalDateTime(year: 2019, month: 1, day: 1, hour: 24)
        }
        #expect(throws: LocalDateTimeError.yearOutOfRange(1999)) { try LocalDateTime(year: 1999, month: 1, day: 1) }
    }

    @Test("reads and writes the ISO form, with or without seconds, or a date alone")
    func iso() throws {
        #expect(try LocalDateTime(iso: "2019-03-20T23:03:00").iso == "2019-03-20T23:03:00")
        #expect(
            try LocalDateTime(iso: "2019-03-20T23:03")
                == LocalDateTime(year: 2019, month: 3, day: 20, hour: 23, minute: 3))
        #expect(try LocalDateTime(iso: "2019-03-20") == LocalDateTime(year: 2019, month: 3, day: 20))
        for bad in ["2019-3-20", "2019-03-20T23:03:00Z", "2019-03-20T25:00", "20190320", "", "2019-02-30"] {
            #expect(throws: LocalDateTimeError.self) { try LocalDateTime(iso: bad) }
        }
    }

    @Test("a receipt's month is its shop-local date's month, whatever the machine's time zone")
    func monthFromLocalDate() throws {
        // 23:59 on the last day of March in Vladivostok is already April in UTC and still March for the
        // shop. Nothing here may pass through a time zone, so the same text gives March everywhere.
        let receipt = try JSONDecoder().decode(LocalDateTime.self, from: Data(#""2019-03-31T23:59:00""#.utf8))
        #expect(receipt.yearMonth == (try Month(year: 2019, month: 3)))
        let newYear = try LocalDateTime(year: 2019, month: 1, day: 1, hour: 0, minute: 0)
        #expect(newYear.yearMonth.description == "2019-01")
    }

    @Test("month arithmetic crosses years both ways")
    func monthArithmetic() throws {
        let december = try Month(parsing: "2019-12")
        #expect(december.next == (try Month(year: 2020, month: 1)))
        #expect(try Month(parsing: "2020-01").previous == december)
        #expect(december.advanced(by: -24) == (try Month(year: 2017, month: 12)))
        #expect(december.distance(to: try Month(parsing: "2021-02")) == 14)
        #expect(
            Month.range(from: december, through: try Month(parsing: "2020-02")).map(\.description) == [
                "2019-12", "2020-01", "2020-02",
            ])
        #expect(Month.range(from: try Month(parsing: "2020-02"), through: december).isEmpty)
        #expect(try Month(parsing: "2099-12").next == nil)
        #expect(try Month(parsing: "2024-02").dayCount == 29)
        #expect(try Month(parsing: "2019-03").name(in: .russian) == "март 2019")
        for bad in ["2019-13", "2019-3", "19-03", "2019/03", "abcd-ef", ""] {
            #expect(throws: LocalDateTimeError.self) { try Month(parsing: bad) }
        }
    }
}

@Suite("Operations, places, categories, languages", .timeLimit(.minutes(20)))
struct ValueTests {
    @Test("sales and expense refunds are spending; sale refunds and expenses subtract")
    func operationSigns() {
        let amount = Money(kopecks: 1000)
        #expect(OperationType.sale.spending(amount) == amount)
        #expect(OperationType.expenseRefund.spending(amount) == amount)
        #expect(OperationType.saleRefund.spending(amount) == amount.negated)
        #expect(OperationType.expense.spending(amount) == amount.negated)
    }

    @Test("a receipt counts its total with its operation's sign, in its local month")
    func receiptSpending() throws {
        let refund = Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: 2, fp: 77),
            dateTime: try LocalDateTime(iso: "2020-02-29T23:59:59"), operation: .saleRefund,
            total: Money(kopecks: 15_050))
        #expect(refund.spending == Money(kopecks: -15_050))
        #expect(refund.month.description == "2020-02")
    }

    @Test("coordinates must be finite and within range")
    func coordinates() throws {
        _ = try Coordinate(latitude: -90, longitude: 180)
        #expect(throws: CoordinateError.latitudeOutOfRange(90.5)) { try Coordinate(latitude: 90.5, longitude: 0) }
        #expect(throws: CoordinateError.longitudeOutOfRange(-181)) { try Coordinate(latitude: 0, longitude: -181) }
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: 0, longitude: .infinity) }
        let json = Data(#"{"lat": 91, "lon": 0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: json) }
    }

    @Test("categories are found by id or by name in either language, and uncategorised is its own")
    func categories() {
        #expect(Category(lookingUp: "groceries") == .groceries)
        #expect(Category(lookingUp: " продукты ") == .groceries)
        #expect(Category(lookingUp: "Cafés and restaurants") == .cafes)
        #expect(Category(lookingUp: "Без категории") == .uncategorized)
        #expect(Category(lookingUp: "nonsense") == nil)
        #expect(Category.allCases.contains(.uncategorized) && Category.allCases.contains(.other))
        for category in Category.allCases {
            #expect(category.name(in: .russian) != category.name(in: .english))
        }
    }
}
