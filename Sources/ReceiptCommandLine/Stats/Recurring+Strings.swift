import Foundation
import ReceiptStats

// The words of `receipts recurring`, in Russian and English.
extension HelpText {
    static var recurringAbstract: String {
        pick(
            "Регулярные платежи: что, сколько, как часто, когда следующий.",
            "Regular payments: what, how much, how often, when next.")
    }
    static var recurringDiscussion: String {
        pick(
            "Один и тот же магазин, похожая сумма (в пределах 10 % от медианы), еженедельно (6–8 дней), "
                + "ежемесячно (26–34) или ежегодно (355–375), не меньше \(RecurringPayment.minimumTimes) раз; "
                + "две трети промежутков должны попадать в эти пределы, так что случайные покупки там же не мешают. "
                + "Следующий — последний плюс медианный промежуток; платёж, пропустивший два срока, назван прекратившимся.",
            "The same shop, a similar amount (within 10 % of the median), weekly (6–8 days), monthly (26–34) or "
                + "yearly (355–375), at least \(RecurringPayment.minimumTimes) times; two intervals in three must fall "
                + "within those bounds, so other purchases in the same shop do not break it. The next is the latest plus "
                + "the median interval; a payment that missed two due dates is marked stopped.")
    }
}

extension Words {
    var noRecurring: String { pick("Регулярных платежей не найдено.", "No regular payments found.") }
    var amountColumn: String { pick("сумма", "amount") }
    var howOftenColumn: String { pick("как часто", "how often") }
    var timesColumn: String { pick("раз", "times") }
    var nextColumn: String { pick("следующий", "next") }
    func stoppedSince(_ date: String) -> String { pick("прекратился (\(date))", "stopped (\(date))") }
}
