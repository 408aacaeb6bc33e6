import ReceiptCore
import ReceiptStore

// The words of `receipts list`, in Russian and English.
extension HelpText {
    static var listAbstract: String {
        pick(
            "Чеки по месяцам, новые сначала — из локальной базы, без сети.",
            "Receipts by month, newest first — from the local database, offline.")
    }
}

extension Words {
    func noSuchPage(_ page: Int) -> String { pick("страницы \(page) нет", "there is no page \(page)") }
    func monthHeading(_ month: MonthListing) -> String {
        let name = month.month.name(in: language)
        let count = month.receiptCount
        return pick(
            "\(name.prefix(1).uppercased() + name.dropFirst()) — \(count) \(russianReceiptsWord(count)), \(month.total.formatted(in: .russian))",
            "\(name) — \(count) receipt\(count == 1 ? "" : "s"), \(month.total.formatted(in: .english))")
    }
    func itemCount(_ count: Int, pending: Bool) -> String {
        if pending { return pick("ожидает", "pending") }
        return pick("\(count) поз.", "\(count) item\(count == 1 ? "" : "s")")
    }
}
