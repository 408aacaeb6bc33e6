import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Regular payments: the same shop, a similar amount, weekly, monthly or yearly", .timeLimit(.minutes(20)))
struct RecurringPaymentsTests {
    /// Receipts from (shop, date, kopecks), refunds marked by a negative amount.
    static func database(_ lines: [(String, String, Int64)]) throws -> (ReceiptDatabase, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("recurring.sqlite"))
        let receipts = try lines.enumerated().map { index, line -> Receipt in
            let total = Money(kopecks: abs(line.2))
            return Receipt(
                identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(index + 1), fp: Int64(index + 1)),
                dateTime: try LocalDateTime(iso: line.1 + "T10:00:00"), operation: line.2 < 0 ? .saleRefund : .sale,
                total: total, ecash: total, retailPlace: line.0,
                items: [Item(name: "УСЛУГА", price: total, quantity: 1, sum: total)])
        }
        try database.save(receipts)
        return (database, folder)
    }

    @Test(
        "a subscription, a weekly coffee and a yearly insurance are found through noise; a stopped one is marked; one-offs are not"
    )
    func found() throws {
        var lines: [(String, String, Int64)] = []
        // Monthly, a day early or late now and then, the price up 5 % once (within 10 %).
        for (date, kopecks) in [(String, Int64)]([
            ("2026-05-05", 29_900), ("2026-06-04", 29_900), ("2026-07-07", 29_900), ("2026-08-05", 31_400),
            ("2026-09-05", 31_400), ("2026-10-06", 31_400), ("2026-11-05", 31_400),
        ]) { lines.append(("Кинопоиск", date, kopecks)) }
        // Weekly coffee on Mondays, 250–270 roubles, one week missed; and cake there now and then.
        for (date, kopecks) in [(String, Int64)]([
            ("2026-10-05", 25_000), ("2026-10-12", 26_000), ("2026-10-19", 25_500), ("2026-11-02", 27_000),
            ("2026-11-09", 25_000), ("2026-11-16", 26_500), ("2026-11-23", 25_000),
        ]) { lines.append(("Кофейня", date, kopecks)) }
        lines += [("Кофейня", "2026-10-14", 90_000), ("Кофейня", "2026-11-11", 120_000)]
        // Yearly, a few days either side.
        lines += [
            ("Страховая", "2023-03-01", 1_200_000), ("Страховая", "2024-03-04", 1_250_000),
            ("Страховая", "2025-02-27", 1_300_000),
        ]
        // Stopped: three months of a gym, then nothing since June.
        lines += [
            ("Фитнес", "2026-04-10", 300_000), ("Фитнес", "2026-05-10", 300_000), ("Фитнес", "2026-06-09", 300_000),
        ]
        // Not regular: the same shop and amount at random intervals; a refund.
        lines += [
            ("Пятёрочка", "2026-09-01", 100_000), ("Пятёрочка", "2026-09-03", 100_000),
            ("Пятёрочка", "2026-10-20", 100_000), ("Пятёрочка", "2026-10-21", -100_000),
        ]
        let (database, folder) = try Self.database(lines)
        defer { _ = folder }
        let receipts = try database.payments()
        let found = RecurringPayment.find(in: receipts, today: try LocalDateTime(iso: "2026-11-26T12:00:00"))
        // The running ones by their next date (the insurance is due already), then the stopped ones.
        #expect(found.map(\.shop) == ["Страховая", "Кофейня", "Кинопоиск", "Фитнес"], "\(found)")
        let coffee = try #require(found.first { $0.shop == "Кофейня" })
        #expect(coffee.period == .weekly && coffee.times == 7 && coffee.amount.kopecks == 25_500 && !coffee.stopped)
        #expect(coffee.next.isoDate == "2026-11-30")
        let films = try #require(found.first { $0.shop == "Кинопоиск" })
        #expect(films.period == .monthly && films.times == 7 && films.amount.kopecks == 31_400)
        // The median of the intervals 29, 30, 30, 31, 31, 33 (of an even number, the upper middle) is 31.
        #expect(films.next.isoDate == "2026-12-06" && !films.stopped)
        let insurance = try #require(found.first { $0.shop == "Страховая" })
        // Intervals of 369 and 360 days: the next is 369 days after the last.
        #expect(insurance.period == .yearly && insurance.next.isoDate == "2026-03-03")
        // Its next date is nine months gone, but not two periods: still running, just due.
        #expect(!insurance.stopped)
        let gym = try #require(found.first { $0.shop == "Фитнес" })
        #expect(gym.period == .monthly && gym.stopped && gym.last.isoDate == "2026-06-09")
    }
}
