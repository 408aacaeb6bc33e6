/// Something a receipt's document says that does not hold together: the receipt is kept as it
/// came, counted as its rules say, and this is shown beside it.
public enum DocumentProblem: Sendable, Equatable {
    /// Its cash, card, prepaid, credit and bonus parts add up to `paid`, not to its total.
    case paymentsDoNotAddUp(paid: Money, total: Money)
    /// Line `line` (from 1) carries a code that is no GTIN (a wrong check digit or length).
    case notAGTIN(line: Int, code: String)

    /// The problems of `receipt`, in the order of its fields; none for a pending receipt.
    public static func of(_ receipt: Receipt) -> [DocumentProblem] {
        guard receipt.status == .complete else { return [] }
        var problems: [DocumentProblem] = []
        let paid = [receipt.cash, receipt.ecash, receipt.prepaid, receipt.credit, receipt.provision]
            .reduce(Int64(0)) { $0 &+ $1.kopecks }
        if paid != 0, paid != receipt.total.kopecks {
            problems.append(.paymentsDoNotAddUp(paid: Money(kopecks: paid), total: receipt.total))
        }
        for (index, item) in receipt.items.enumerated() {
            if let code = item.gtin, GTIN(checking: code) == nil {
                problems.append(.notAGTIN(line: index + 1, code: code))
            }
        }
        return problems
    }

    /// The problem for people, in `language`.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .paymentsDoNotAddUp(let paid, let total):
            let (paid, total) = (paid.formatted(in: language), total.formatted(in: language))
            return ru
                ? "Оплаты чека (\(paid)) не сходятся с итогом \(total) — чек сохранён как есть"
                : "The receipt's payments (\(paid)) do not add up to its total \(total) — kept as it is"
        case .notAGTIN(let line, let code):
            return ru
                ? "Строка \(line): GTIN \(code) — не код товара (контрольная цифра или длина)"
                : "Line \(line): GTIN \(code) is not a product code (check digit or length)"
        }
    }
}
