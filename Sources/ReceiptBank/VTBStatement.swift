import Foundation
import ReceiptCore

/// VTB's card statement: a block of the period and balances, then a table with the operation's
/// time (`2019-07-13 10:48:55`, or midnight when the bank does not know it), the amount in the
/// account's currency and the card and merchant in `Основание` (`Карта *1234 MEGAFON TOPUP`).
///
/// Operations still `В обработке` are kept: the money is held, and the same operation in a later
/// statement, done, is the same payment.
enum VTBStatement: DelimitedStatementFormat {
    static let card = "Номер карты/счета/договора"
    static let date = "Дата операции"
    static let amount = "Сумма пересчитанная в валюту счета"
    static let currency = "Валюта счета"
    static let basis = "Основание"
    static let status = "Статус"
    static let kept: Set<String> = ["исполнено", "в обработке"]

    static func recognises(_ fields: [String]) -> Bool {
        StatementColumns(header: fields).has([card, date, amount, currency, basis, status])
    }

    static let bank = BankPayment.Bank.vtb

    static func payment(_ fields: [String], columns: StatementColumns) throws(StatementRowProblem.Problem)
        -> BankPayment?
    {
        guard kept.contains(try columns.required(status, in: fields).lowercased()) else {
            return nil
        }
        let time = try StatementColumns.dateTime(columns.required(date, in: fields), column: date)
        let money = try StatementColumns.amount(columns.required(amount, in: fields), column: amount)
        var text = columns.value(basis, in: fields) ?? ""
        var account = (columns.value(card, in: fields) ?? "").filter { $0 != "'" }
        if account.contains("*") { account = "*" + account.suffix(4) }
        // `Карта *1234 MERCHANT`: the card is already known; the merchant is the description.
        if text.hasPrefix("Карта *") {
            text = String(text.drop { $0 != " " }.dropFirst().drop { $0 != " " }).trimmingCharacters(
                in: .whitespaces)
        }
        return BankPayment(
            bank: .vtb, account: account,
            time: ZonedDateTime(local: time, offsetMinutes: ZonedDateTime.moscowOffset),
            timeKnown: time.hour != 0 || time.minute != 0 || time.second != 0,
            spent: Money(kopecks: -money.kopecks),
            currency: columns.value(currency, in: fields) ?? "RUB", description: text)
    }
}
