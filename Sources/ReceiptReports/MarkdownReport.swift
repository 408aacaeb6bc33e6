import Foundation
public import ReceiptCore
public import ReceiptStats
import ReceiptStore

/// Statistics as Markdown: the same content as the HTML page, in tables.
public enum MarkdownReport {
    /// The Markdown text, headings and tables in the report's language.
    public static func render(
        _ statistics: SpendingStatistics, language: Language, insights: ReportInsights = ReportInsights()
    ) -> String {
        let text = ReportText(language)
        var lines = ["# \(text.title): \(text.rangeName(statistics.range))", ""]
        if statistics.months.count > 1 {
            lines += ["**\(text.totalRow): \(text.money(statistics.total))**", ""]
            lines += table(
                [text.month, text.total, text.receipts, text.items, text.versusPrevious],
                rightAligned: [1, 2, 3, 4],
                statistics.months.map { month in
                    [
                        text.monthName(month), text.money(month.total), String(month.receipts),
                        String(month.items), text.change(from: month.previous, to: month.total, in: month),
                    ]
                })
            lines.append("")
        }
        for month in statistics.months {
            lines += ["## \(text.monthName(month)): \(text.money(month.total))", ""]
            lines += [
                "\(text.receipts): \(month.receipts) · \(text.items): \(month.items) · "
                    + "\(text.versusPrevious): \(text.change(from: month.previous, to: month.total, in: month)) · "
                    + "\(text.versusAverage): \(text.change(from: month.average, to: month.total, in: month))", "",
            ]
            lines += table(
                [text.category, text.total, text.share, text.receipts, text.items, text.versusPrevious],
                rightAligned: [1, 2, 3, 4, 5],
                month.categories.map { line in
                    [
                        text.name(line.category), text.money(line.total), text.percent(line.share),
                        String(line.receipts), String(line.items),
                        text.change(from: line.previous, to: line.total, in: month),
                    ]
                })
            lines.append("")
            if ReportText.hidesChanges(month) { lines += [text.smallBaseNote, ""] }
        }
        for insight in InsightTable.of(insights, text: text) {
            lines += ["## \(insight.title)", ""]
            if let note = insight.note { lines += [note, ""] }
            // Rows that warn (a budget over its limit) in bold.
            let rows = insight.rows.enumerated().map { index, row in
                insight.warnings.contains(index) ? row.map { "**\($0)**" } : row
            }
            lines += table(
                insight.header, rightAligned: Set(insight.header.indices).subtracting(insight.textColumns), rows)
            lines.append("")
        }
        lines += ["## \(text.topShops)", ""]
        lines += table(
            [text.shop, text.total, text.receipts], rightAligned: [1, 2],
            statistics.topShops.map { [$0.shop.isEmpty ? "—" : $0.label, text.money($0.total), String($0.receipts)] })
        lines += ["", "## \(text.topItems)", ""]
        lines += table(
            [text.item, text.category, text.total, text.items], rightAligned: [2, 3],
            statistics.topItems.map { [$0.name, text.name($0.category), text.money($0.total), String($0.items)] })
        return lines.joined(separator: "\n") + "\n"
    }

    private static func table(_ header: [String], rightAligned: Set<Int>, _ rows: [[String]]) -> [String] {
        let separator = header.indices.map { rightAligned.contains($0) ? "---:" : "---" }
        return ([header, separator] + rows).map { row in "| " + row.map(cell).joined(separator: " | ") + " |" }
    }

    /// A table cell as text and nothing else: HTML's `<`, `>` and `&` written as entities (a shop
    /// named `<img onerror=…>` stays words wherever the Markdown is shown, and `<http://…>` is no
    /// autolink), the punctuation of links and images (`[`, `]`, `!`, `(`, `)`) and `\` escaped with a
    /// backslash as CommonMark allows (`![x](http://…)`, an image a viewer would fetch on opening,
    /// and `[x](http://…)` stay text), `|` escaped, and line breaks and other controls as their
    /// visible pictures, so that a name cannot end the row.
    public static func cell(_ text: String) -> String {
        var cell = ""
        for character in escaped(text.visible(), quotes: false) {
            if Self.escapedPunctuation.contains(character) { cell.append("\\") }
            cell.append(character)
        }
        return cell
    }

    /// What a cell escapes with a backslash: a link's and an image's punctuation, the table's `|`,
    /// and the backslash itself (so that a name's own `\` cannot undo the escape after it).
    private static let escapedPunctuation: Set<Character> = ["\\", "[", "]", "!", "(", ")", "|"]
}
