import Foundation
import ReceiptCore

/// Alfa-Bank's `movementList.csv`: a row a posting, incoming and outgoing money in two columns, the
/// posting day only (`31.05.17`).
///
/// A card operation packs what it was into its description, in fixed-width fields:
/// `548673++++++1028    21708201\RUS\MOSCOW\Ryabin\KUSCHAVEL   31.05.17 29.05.17   300.00  RUR MCC5814`:
/// the masked card, the terminal, country, town, address and merchant, the posting and the purchase
/// days, the amount in the purchase's currency and the MCC. The purchase day is the one compared
/// with receipts, and the merchant is the description kept.
enum AlfaStatement: DelimitedStatementFormat {
    static let account = "Номер счета"
    static let date = "Дата операции"
    static let reference = "Референс проводки"
    static let description = "Описание операции"
    static let incoming = "Приход"
    static let outgoing = "Расход"

    static func recognises(_ fields: [String]) -> Bool {
        StatementColumns(header: fields).has([account, date, reference, description, incoming, outgoing])
    }

    static let bank = BankPayment.Bank.alfa

    static func payment(_ fields: [String], columns: StatementColumns) throws(StatementRowProblem.Problem)
        -> BankPayment?
    {
        let posted = try StatementColumns.dateTime(columns.required(date, in: fields), column: date)
        let received = try StatementColumns.amount(
            columns.required(incoming, in: fields), column: incoming)
        let paid = try StatementColumns.amount(columns.required(outgoing, in: fields), column: outgoing)
        let text = columns.value(description, in: fields) ?? ""
        let card = CardOperation(text)
        return BankPayment(
            bank: .alfa, account: card?.card ?? columns.value(account, in: fields) ?? "",
            time: ZonedDateTime(local: card?.day ?? posted, offsetMinutes: ZonedDateTime.moscowOffset),
            timeKnown: false, spent: Money(kopecks: paid.kopecks - received.kopecks),
            currency: columns.value("Валюта", in: fields) ?? "RUB",
            description: card?.merchant ?? text, mcc: card?.mcc,
            reference: columns.value(reference, in: fields).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// What a card operation's packed description says.
    struct CardOperation {
        var card: String
        var merchant: String
        var day: LocalDateTime?
        var mcc: String?

        init?(_ text: String) {
            let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first, first.count == 16, first.contains("++++++") else { return nil }
            card = "*" + first.suffix(4)
            // The merchant is what follows the last `\` (or `/` for transfers) up to the first date.
            guard let dateIndex = words.firstIndex(where: Self.isDate) else { return nil }
            let place = words[1..<dateIndex].joined(separator: " ")
            let separators: Set<Character> = ["\\", "/"]
            let tail = place.lastIndex(where: { separators.contains($0) }).map { place[place.index(after: $0)...] }
            merchant = String(tail ?? Substring(place)).trimmingCharacters(in: .whitespaces)
            let days = words[dateIndex...].prefix(while: Self.isDate)
            day = (days.dropFirst().first ?? days.first).flatMap { try? StatementColumns.dateTime($0, column: "") }
            mcc = words.last(where: { $0.hasPrefix("MCC") && $0.count == 7 }).map { String($0.dropFirst(3)) }
        }

        private static func isDate(_ word: String) -> Bool {
            word.count == 8 && word.split(separator: ".", omittingEmptySubsequences: false).count == 3
                && word.allSatisfy { $0.isNumber || $0 == "." }
        }
    }
}
