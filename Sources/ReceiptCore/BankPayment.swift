/// One operation of a bank statement, as the bank wrote it: the card or account, the time, the
/// money and the bank's words for it.
///
/// Money is kept as the buyer spends it, like ``Receipt/spending``: a purchase is positive, a refund
/// or an income negative. The time is the bank's wall clock with the zone it means (Russian banks
/// write Moscow time), so that a receipt printed in another zone can be compared with it.
public struct BankPayment: Sendable, Hashable, Codable {
    /// Which statement format it came from.
    public var bank: Bank
    /// The card (`*1234`) or account number the statement names; empty when it names none.
    public var account: String
    /// When the operation was made (not when it was posted).
    public var time: ZonedDateTime
    /// Whether ``time`` has a time of day; false when the statement gives the date alone (the time
    /// is then midnight), so that only the day is compared.
    public var timeKnown: Bool
    /// Money spent, in the statement's currency: negative for money received.
    public var spent: Money
    /// The currency of ``spent``: `RUB`, or the code the statement gives.
    public var currency: String
    /// The bank's description: the merchant, a transfer's counterpart, a fee.
    public var description: String
    /// The merchant category code, when the statement gives one.
    public var mcc: String?
    /// The bank's own category, when the statement gives one (`Супермаркеты`).
    public var category: String?
    /// The bank's identifier of the operation, when the statement gives one (OFX `FITID`, Alfa's
    /// reference): two rows with the same reference are one operation.
    public var reference: String?

    /// A payment from its fields.
    public init(
        bank: Bank, account: String, time: ZonedDateTime, timeKnown: Bool = true, spent: Money,
        currency: String = "RUB", description: String, mcc: String? = nil, category: String? = nil,
        reference: String? = nil
    ) {
        self.bank = bank
        self.account = account
        self.time = time
        self.timeKnown = timeKnown
        self.spent = spent
        // Russian banks still write the rouble's old code.
        self.currency = currency == "RUR" ? "RUB" : currency
        self.description = description
        self.mcc = mcc
        self.category = category
        self.reference = reference
    }

    /// Whether the bank says it is no purchase at a till: a transfer, a top-up or cash (T-Bank's
    /// categories «Переводы», «Пополнения», «Наличные»; MCC 4829, 6010, 6011, 6012, 6050, 6051,
    /// 6538, 6540; a description beginning «Перевод», «Пополнение», «Снятие наличных»). Such a
    /// payment pairs with a receipt only strictly: a shop paid by a transfer (СБП) gets the same
    /// amount, a transfer of 5,000.00 is no receipt of 4,978.50.
    public var isTransfer: Bool {
        if let category, ["переводы", "пополнения", "наличные"].contains(category.lowercased()) { return true }
        if let mcc, ["4829", "6010", "6011", "6012", "6050", "6051", "6538", "6540"].contains(mcc) { return true }
        let words = description.lowercased()
        return ["перевод", "пополнение", "снятие наличных"].contains { words.hasPrefix($0) }
    }

    /// The statement formats that are read.
    public enum Bank: String, Sendable, Hashable, Codable, CaseIterable {
        /// T-Bank (Tinkoff) CSV.
        case tbank
        /// Alfa-Bank `movementList.csv`.
        case alfa
        /// VTB CSV.
        case vtb
        /// Sber CSV.
        case sber
        /// OFX, from any bank or from `ofxstatement`.
        case ofx
    }
}

/// A wall-clock time and the offset from UTC it was written in.
public struct ZonedDateTime: Sendable, Hashable, Codable, Comparable {
    /// The time as written.
    public var local: LocalDateTime
    /// Minutes east of UTC: 180 for Moscow.
    public var offsetMinutes: Int

    /// Moscow's offset from UTC since 2014, the zone Russian banks write their times in.
    public static let moscowOffset = 180

    /// A time as written in the zone `offsetMinutes` east of UTC.
    public init(local: LocalDateTime, offsetMinutes: Int) {
        self.local = local
        self.offsetMinutes = offsetMinutes
    }

    /// Seconds since 1970-01-01 UTC: what two times in different zones are compared by.
    public var instant: Int64 {
        let seconds = Int64(local.dayNumber) * 86_400 + Int64(local.hour * 3_600 + local.minute * 60 + local.second)
        return seconds - Int64(offsetMinutes) * 60
    }

    /// ISO 8601 with the offset: `2026-03-01T23:40:00+03:00`.
    public var iso: String {
        let sign = offsetMinutes < 0 ? "-" : "+"
        let minutes = abs(offsetMinutes)
        let hours = minutes / 60
        let rest = minutes % 60
        return local.iso + sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }

    /// Earlier by the instant; equal instants by the wall clock, so that the order is total.
    public static func < (lhs: ZonedDateTime, rhs: ZonedDateTime) -> Bool {
        (lhs.instant, lhs.offsetMinutes) < (rhs.instant, rhs.offsetMinutes)
    }
}
