import ReceiptCore
import ReceiptReports

// The words of `receipts report`, in Russian and English.
extension HelpText {
    static var reportAbstract: String {
        pick(
            "Отчёт о расходах: HTML с графиками, Markdown, CSV и JSON — в папку Reports/.",
            "A spending report: HTML with charts, Markdown, CSV and JSON — written to Reports/.")
    }
    static var outHelp: String { pick("Папка для отчёта.", "Where to write.") }
    static var formatHelp: String {
        pick(
            "Форматы через запятую: html,md,csv,json.",
            "Formats, comma-separated: html,md,csv,json.")
    }
    static func badFormat(_ text: String) -> String {
        pick(
            "«\(text)» — не формат отчёта; есть html, md, csv, json",
            "“\(text)” is not a report format; there are html, md, csv, json")
    }
}

extension Words {
    func reportWritten(_ path: String) -> String { pick("записан \(path)", "wrote \(path)") }
    func cannotWriteReport(_ folder: String, _ reason: String) -> String {
        pick("не удалось записать отчёт в \(folder): \(reason)", "cannot write the report to \(folder): \(reason)")
    }
    /// Why no report was written: no receipts in the months asked for, or none at all.
    func nothingToReport(_ range: ClosedRange<Month>?) -> String {
        guard let range else {
            return pick(
                "чеков ещё нет — отчёт не из чего составить (сначала receipts import)",
                "there are no receipts yet, so there is nothing to report (run receipts import first)")
        }
        let text = ReportText(language)
        return pick(
            "за \(text.rangeName(range)) чеков нет — отчёт не записан",
            "there are no receipts in \(text.rangeName(range)), so no report was written")
    }
}
