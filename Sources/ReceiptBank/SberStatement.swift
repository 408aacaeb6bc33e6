import ReceiptCore

/// Sber's card statement sent by e-mail as a table: the day of each operation without its time, the
/// amount in the account's currency (a kopeck written `-,01`), a `;` after every field.
///
/// Sber Online's PDF statements are not read; tools that turn them into OFX (ofxstatement) bring
/// them in through ``OFXStatement``.
enum SberStatement: DelimitedStatementFormat {
    static let card = "Номер карты"
    static let date = "Дата совершения операции"
    static let amount = "Сумма в валюте счета"
    static let description = "Описание"
    static let code = "Тип операции"

    static func recognises(_ fields: [String]) -> Bool {
        StatementColumns(header: fields).has([card, date, "Дата обработки операции", amount, description])
    }

    static let bank = BankPayment.Bank.sber

    static func payment(_ fields: [String], columns: StatementColumns) throws(StatementRowProblem.Problem)
        -> BankPayment?
    {
        let day = try StatementColumns.dateTime(columns.required(date, in: fields), column: date)
        let money = try StatementColumns.amount(columns.required(amount, in: fields), column: amount)
        let code = columns.value(code, in: fields) ?? ""
        return BankPayment(
            bank: .sber, account: columns.value(card, in: fields) ?? "",
            time: ZonedDateTime(local: day, offsetMinutes: ZonedDateTime.moscowOffset), timeKnown: false,
            spent: Money(kopecks: -money.kopecks),
            description: columns.value(description, in: fields) ?? "",
            mcc: code.count == 4 && code.allSatisfy(\.isNumber) ? code : nil)
    }
}
