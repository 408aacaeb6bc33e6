import ReceiptCore

/// T-Bank's (Tinkoff's) CSV: one row an operation, Moscow time, money spent written negative.
///
/// Two layouts are in use, of 13 columns and of 15 (the newer one adds the round-up to the
/// investment box and the rounded sum); both are read by their column names. A row whose
/// `Статус` is not `OK` (declined, cancelled) was never money moved and is skipped.
enum TBankStatement: DelimitedStatementFormat {
    static let date = "Дата операции"
    static let card = "Номер карты"
    static let status = "Статус"
    static let paymentAmount = "Сумма платежа"
    static let paymentCurrency = "Валюта платежа"
    static let category = "Категория"
    static let mcc = "MCC"
    static let description = "Описание"

    static func recognises(_ fields: [String]) -> Bool {
        let columns = StatementColumns(header: fields)
        return columns.has([date, "Дата платежа", card, status, paymentAmount, paymentCurrency, description])
    }

    static let bank = BankPayment.Bank.tbank

    static func payment(_ fields: [String], columns: StatementColumns) throws(StatementRowProblem.Problem)
        -> BankPayment?
    {
        guard try columns.required(status, in: fields).uppercased() == "OK" else {
            return nil
        }
        let time = try StatementColumns.dateTime(columns.required(date, in: fields), column: date)
        let amount = try StatementColumns.amount(
            columns.required(paymentAmount, in: fields), column: paymentAmount)
        return BankPayment(
            bank: .tbank, account: columns.value(card, in: fields) ?? "",
            time: ZonedDateTime(local: time, offsetMinutes: ZonedDateTime.moscowOffset),
            spent: Money(kopecks: -amount.kopecks),
            currency: columns.value(paymentCurrency, in: fields) ?? "RUB",
            description: columns.value(description, in: fields) ?? "",
            mcc: columns.value(mcc, in: fields).flatMap { $0.isEmpty ? nil : $0 },
            category: columns.value(category, in: fields).flatMap { $0.isEmpty ? nil : $0 })
    }
}
