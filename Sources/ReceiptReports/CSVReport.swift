import Foundation
public import ReceiptCore
public import ReceiptStats
import ReceiptStore

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
                month.month.description, "total", ReportText(language).totalRow, String(month.total.kopecks),
                String(month.receipts), String(month.items), month.total.kopecks > 0 ? "1.0" : "0.0",
                String(month.previous.kopecks), String(month.average.kopecks),
            ])
        }
        return rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A report's insights as one long table (`section,subject,measure,value`), each figure a row
    /// that a spreadsheet can pivot: amounts in kopecks, ratios with four decimals, dates as
    /// `YYYY-MM-DD`. Budgets by category (`limit`, `spent`, `left`, `projected`); unusual receipts by
    /// number (`amount`, `usual`, `score`); inflation by month pair (`factor`, `matched`) and over the
    /// range (`index`, `coverage`); prices by product and unit (each month's `median YYYY-MM`, and
    /// `change`); regular payments by shop (`amount`, `period`, `times`, `next`, `stopped`).
    public static func insights(_ insights: ReportInsights, language: Language) -> String {
        var rows = [["section", "subject", "measure", "value"]]
        func ratio(_ value: Double) -> String { String((value * 10_000).rounded() / 10_000) }
        if let budgets = insights.budgets {
            for line in budgets.lines {
                for (measure, money) in [
                    ("limit", line.limit), ("spent", line.spent), ("left", line.left), ("projected", line.projected),
                ] {
                    rows.append(["budget \(budgets.month)", line.category.rawValue, measure, String(money.kopecks)])
                }
            }
        }
        for found in insights.unusual {
            let subject =
                "#\(found.receipt.receiptID) \(found.receipt.dateTime.isoDate) \(found.receipt.category.rawValue)"
            rows.append(["unusual", subject, "amount", String(found.receipt.amount.kopecks)])
            rows.append(["unusual", subject, "usual", String(found.usual.kopecks)])
            rows.append(["unusual", subject, "score", String((found.score * 100).rounded() / 100)])
        }
        if let inflation = insights.inflation {
            let range = "\(inflation.from)..\(inflation.to)"
            rows.append(["inflation", range, "index", ratio(inflation.index)])
            rows.append(["inflation", range, "coverage", ratio(inflation.coverage)])
            for pair in inflation.pairs {
                rows.append(["inflation", "\(pair.from)..\(pair.to)", "factor", ratio(pair.factor)])
                rows.append(["inflation", "\(pair.from)..\(pair.to)", "matched", String(pair.matched)])
            }
        }
        for product in insights.priceRises {
            let subject = "\(product.name) (\(product.unit.rawValue))"
            for month in product.months {
                rows.append(["prices", subject, "median \(month.month)", String(month.median)])
            }
            if let change = product.change { rows.append(["prices", subject, "change", ratio(change)]) }
        }
        for payment in insights.recurring {
            rows.append(["recurring", payment.shop, "amount", String(payment.amount.kopecks)])
            rows.append(["recurring", payment.shop, "period", payment.period.rawValue])
            rows.append(["recurring", payment.shop, "times", String(payment.times)])
            rows.append(["recurring", payment.shop, "next", payment.next.isoDate])
            rows.append(["recurring", payment.shop, "stopped", payment.stopped ? "true" : "false"])
        }
        return rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A field quoted when it holds a comma, a quote or a line break. Text that a spreadsheet would
    /// take for a formula (beginning with `=`, `+`, `-`, `@`, a tab or a carriage return: a shop
    /// named `=HYPERLINK(…)`) begins with `'`, as OWASP advises; numbers, a negative one included,
    /// stay numbers.
    public static func field(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isNumber(text) {
            text = "'" + text
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `text` is a number as the reports write one: `-12345`, `-0.1234`.
    private static func isNumber(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        guard text.utf8.count - digits.count <= 1, let first = digits.first, first != UInt8(ascii: ".") else {
            return false
        }
        var dots = 0
        for byte in digits {
            if byte == UInt8(ascii: ".") {
                dots += 1
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return false
            }
        }
        return dots <= 1 && digits.last != UInt8(ascii: ".")
    }
}
