public import ReceiptCore

/// Why a payment and a receipt were paired: how far apart their amounts and times are, and whether
/// the bank names the receipt's shop; or that a person paired them.
public struct MatchReason: Sendable, Hashable, LocalizedMessage {
    /// How much the amounts differ.
    public var amountOff: Money
    /// The payment's time less the receipt's, in seconds.
    public var seconds: Int64
    /// Whether the bank's description names the shop.
    public var sameMerchant: Bool
    /// Whether a person paired the two (`receipts match --pair`).
    public var manual: Bool

    /// A reason from what was compared.
    public init(amountOff: Money, seconds: Int64, sameMerchant: Bool, manual: Bool = false) {
        self.amountOff = amountOff
        self.seconds = seconds
        self.sameMerchant = sameMerchant
        self.manual = manual
    }

    /// A pairing made by hand.
    public static let byHand = MatchReason(amountOff: .zero, seconds: 0, sameMerchant: false, manual: true)

    /// The same amount, and near in time or at the same merchant.
    public var isStrict: Bool {
        manual || (amountOff == .zero && (abs(seconds) <= PaymentMatcher.strictSeconds || sameMerchant))
    }

    /// How sure the pairing is, to two places: 1 by hand; strict 0.9–0.99; relaxed 0.3–0.8, less
    /// the further the amount and time are off.
    public var confidence: Double {
        if manual { return 1 }
        let hours = Double(abs(seconds)) / 3_600
        if isStrict {
            return (((sameMerchant ? 0.99 : 0.95) - min(0.05, hours / 100)) * 100).rounded() / 100
        }
        var value = sameMerchant ? 0.8 : 0.6
        if amountOff != .zero { value -= 0.2 }
        value -= min(0.1, hours / 720)
        return (value * 100).rounded() / 100
    }

    /// What the pairing rests on, in a line: `strict, same amount, paid 2 min after, same merchant`.
    public func message(in language: Language) -> String {
        if manual { return language.pick("вручную", "by hand") }
        let kind = isStrict ? language.pick("точно", "strict") : language.pick("приблизительно", "relaxed")
        return ([kind] + comparison(in: language)).joined(separator: ", ")
    }

    /// What was compared, a phrase each: the amounts (`same amount`, `amount off by RUB 75.56`), the
    /// times (`paid 2 min after`), and `same merchant` when the bank names the shop. The web app
    /// shows them for the receipts a payment without one is offered.
    public func comparison(in language: Language) -> [String] {
        var parts = [
            amountOff == .zero
                ? language.pick("сумма совпадает", "same amount")
                : language.pick(
                    "сумма отличается на \(amountOff.formatted(in: language))",
                    "amount off by \(amountOff.formatted(in: language))"),
            Self.apart(seconds, language),
        ]
        if sameMerchant { parts.append(language.pick("тот же магазин", "same merchant")) }
        return parts
    }

    /// How far apart, rounded to the nearest minute, hour or day (3 h 58 min is 4 h).
    private static func apart(_ seconds: Int64, _ language: Language) -> String {
        let later = seconds >= 0
        if abs(seconds) < 60 { return language.pick("в ту же минуту", "the same minute") }
        let minutes = (abs(seconds) + 30) / 60
        let span =
            minutes < 120
            ? language.pick("\(minutes) мин", "\(minutes) min")
            : minutes < 2 * 1_440
                ? language.pick("\((minutes + 30) / 60) ч", "\((minutes + 30) / 60) h")
                : language.pick("\((minutes + 720) / 1_440) дн.", "\((minutes + 720) / 1_440) days")
        return later
            ? language.pick("оплата через \(span)", "paid \(span) after")
            : language.pick("оплата за \(span) до чека", "paid \(span) before")
    }
}
