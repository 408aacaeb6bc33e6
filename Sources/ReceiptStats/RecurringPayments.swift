public import ReceiptCore
public import ReceiptStore

/// Payments that come back: the same shop, a similar amount (within 10 % of the group's smallest), at
/// a regular interval — weekly, monthly or yearly — at least three times. What `receipts recurring`
/// shows: what, how much, how often, when next, and those that stopped.
public struct RecurringPayment: Sendable, Equatable {
    /// How often a payment comes back.
    public enum Period: String, Sendable, CaseIterable {
        /// About every 7 days (6 to 8).
        case weekly
        /// About every 30 days (26 to 34).
        case monthly
        /// About every 365 days (355 to 375).
        case yearly

        /// The days between two payments, and how far off one may fall and still count.
        var days: (typical: Int, tolerance: Int) {
            switch self {
            case .weekly: (7, 1)
            case .monthly: (30, 4)
            case .yearly: (365, 10)
            }
        }

        /// `еженедельно` / `weekly`.
        public func name(in language: Language) -> String {
            switch (self, language) {
            case (.weekly, .russian): "еженедельно"
            case (.monthly, .russian): "ежемесячно"
            case (.yearly, .russian): "ежегодно"
            case (.weekly, .english): "weekly"
            case (.monthly, .english): "monthly"
            case (.yearly, .english): "yearly"
            }
        }
    }

    /// The shop as lists show it.
    public let shop: String
    /// The median amount.
    public let amount: Money
    /// How often.
    public let period: Period
    /// How many payments.
    public let times: Int
    /// The first payment.
    public let first: LocalDateTime
    /// The latest payment.
    public let last: LocalDateTime
    /// When the next one is due: the latest plus the median interval.
    public let next: LocalDateTime
    /// Two due dates have passed without it (as of `today`).
    public let stopped: Bool

    /// The fewest payments that make a pattern.
    public static let minimumTimes = 3

    /// The recurring payments among the database's receipts, as of `today`.
    public static func read(from database: ReceiptDatabase, today: LocalDateTime) throws -> [RecurringPayment] {
        find(in: try database.payments(), today: today)
    }

    /// The recurring payments among `receipts` (sales; refunds and receipts without a shop are left
    /// out), as of `today`: the running ones by their next date, then the stopped ones.
    public static func find(in receipts: [Payment], today: LocalDateTime) -> [RecurringPayment] {
        var byShop: [String: [Payment]] = [:]
        for receipt in receipts where receipt.spending.kopecks > 0 {
            guard let shop = receipt.shop, !shop.isEmpty else { continue }
            byShop[shop, default: []].append(receipt)
        }
        var found: [RecurringPayment] = []
        for (shop, receipts) in byShop where receipts.count >= minimumTimes {
            for group in similarAmounts(receipts) where group.count >= minimumTimes {
                if let payment = pattern(shop: shop, group, today: today) { found.append(payment) }
            }
        }
        return found.sorted {
            ($0.stopped ? 1 : 0, $0.next, $0.shop) < ($1.stopped ? 1 : 0, $1.next, $1.shop)
        }
    }

    /// The shop's receipts in groups of similar amounts: sorted by amount, a receipt joins the group
    /// while it is within 10 % of the group's smallest.
    private static func similarAmounts(_ receipts: [Payment]) -> [[Payment]] {
        var groups: [[Payment]] = []
        for receipt in receipts.sorted(by: { $0.spending < $1.spending }) {
            if let smallest = groups.last?.first?.spending.kopecks, receipt.spending.kopecks * 10 <= smallest * 11 {
                groups[groups.count - 1].append(receipt)
            } else {
                groups.append([receipt])
            }
        }
        return groups
    }

    /// The regular pattern of one group, if it has one: the median interval within a period's
    /// tolerance, and at least two intervals in three within it.
    private static func pattern(shop: String, _ group: [Payment], today: LocalDateTime) -> RecurringPayment? {
        let dated = group.sorted { $0.dateTime < $1.dateTime }
        let days = dated.map(\.dateTime.dayNumber)
        let intervals = zip(days, days.dropFirst()).map { $1 - $0 }
        guard !intervals.isEmpty else { return nil }
        let median = intervals.sorted()[intervals.count / 2]
        guard
            let period = Period.allCases.first(where: { abs(median - $0.days.typical) <= $0.days.tolerance }),
            let first = dated.first, let last = dated.last
        else { return nil }
        let regular = intervals.filter { abs($0 - period.days.typical) <= period.days.tolerance }.count
        guard regular * 3 >= intervals.count * 2 else { return nil }
        let amount = dated.map(\.spending.kopecks).median
        let nextDay = last.dateTime.dayNumber + median
        guard let next = try? LocalDateTime(dayNumber: nextDay) else { return nil }
        return RecurringPayment(
            shop: shop, amount: Money(kopecks: amount), period: period, times: dated.count, first: first.dateTime,
            last: last.dateTime, next: next,
            stopped: today.dayNumber > nextDay + median + period.days.tolerance)
    }
}
