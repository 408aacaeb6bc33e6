import Foundation
public import ReceiptCore
public import ReceiptStats

/// Statistics as CSV (RFC 4180): a row per month and category, amounts in kopecks so that
/// spreadsheets sum them exactly, names in the report's language.
public enum CSVReport {
    /// The CSV text: a header row, then each month's categories and a `total` row, lines ending in
    /// CRLF; shares with four decimals.
    public static func render(_ statistics: SpendingStatistics, language: Language) -> String {
        var rows = [
            [
                "month", "category", "category_name", "total_kopecks", "receipts", "items", "share", "previous_kopecks",
                "average3_kopecks",
            ]
        ]
        for month in statistics.months {
            for line in month.categories {
                rows.append([
                    month.month.description, line.category.rawValue, line.category.name(in: language),
                    String(line.total.kopecks), String(line.receipts), String(line.items),
                    String((line.share * 10_000).rounded() / 10_000), String(line.previous.kopecks),
                    String(line.average.kopecks),
                ])
            }
            rows.append([
                month.month.description, "total", ReportText(language).total, String(month.total.kopecks),
                String(month.receipts), String(month.items), month.total.kopecks > 0 ? "1.0" : "0.0",
                String(month.previous.kopecks), String(month.average.kopecks),
            ])
        }
        return rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A field quoted when it holds a comma, a quote or a line break.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
