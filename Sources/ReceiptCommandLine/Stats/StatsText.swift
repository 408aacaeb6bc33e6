import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts stats` as the terminal shows it, fitted to its width. The month that has not ended yet
/// (by this computer's date) is marked as such and never compared with whole months: its change
/// columns are left out (by category) or show a dash (by month).
struct StatsText {
    let statistics: SpendingStatistics
    let text: ReportText
    let width: Int
    /// Receipts far above their category's usual, listed after the months.
    var unusual: [UnusualReceipt] = []
    /// The spending limits of each month shown, beside its categories (`receipts budget`).
    var budgets: [Month: [Category: Money]] = [:]

    /// The command's own words, in the language of ``text``.
    private var words: Words { Words(text.language) }

    func render(by grouping: StatsCommand.Grouping) -> String {
        switch grouping {
        case .category:
            var blocks = statistics.months.map(monthBlock)
            if !unusual.isEmpty {
                blocks.append(
                    "\(words.unusualHeading):\n" + unusualReceipts() + "\n"
                        + TextTable.wrap(text.deviationNote, width: width).joined(separator: "\n"))
            }
            if !statistics.topShops.isEmpty { blocks.append("\(text.topShops):\n" + shops()) }
            if !statistics.topItems.isEmpty { blocks.append("\(text.topItems):\n" + items()) }
            return blocks.joined(separator: "\n\n")
        case .month: return months()
        case .shop: return shops()
        case .item: return items()
        }
    }

    /// The heading (total, changes, receipts) and the categories of one month.
    private func monthBlock(_ month: SpendingStatistics.MonthLine) -> String {
        let whole = !month.ongoing
        let title = text.monthName(month)
        var parts = ["\(title.prefix(1).uppercased() + title.dropFirst()): \(text.money(month.total))"]
        if whole {
            parts.append("\(text.versusPrevious) \(text.change(from: month.previous, to: month.total))")
            parts.append("\(text.versusAverage) \(text.change(from: month.average, to: month.total))")
        }
        parts.append(words.receiptCount(month.receipts))
        if month.bonuses != .zero { parts.append(words.paidWithBonuses(text.money(month.bonuses))) }
        var header = [text.category, text.total, text.share, text.receipts, text.items]
        if whole { header += [text.versusPrevious, text.versusAverage] }
        // The limits beside the categories, a category over its limit marked `!`.
        let limits = budgets[month.month] ?? [:]
        if !limits.isEmpty { header.append(text.limit) }
        // On a narrow terminal the category is cut first, then the counts are left out, then (beside
        // the limits) the change against the 3-month average.
        var table = TextTable(
            header: header, rightAligned: Set(1..<header.count), cut: [0], optional: whole ? [4, 3, 6] : [4, 3])
        table.minimumCut = 12
        for line in month.categories {
            let limit = limits[line.category]
            let over = limit.map { line.total > $0 } ?? false
            var row = [
                text.name(line.category) + (over ? " !" : ""), text.money(line.total), text.percent(line.share),
                String(line.receipts), String(line.items),
            ]
            if whole {
                row += [
                    text.change(from: line.previous, to: line.total), text.change(from: line.average, to: line.total),
                ]
            }
            if !limits.isEmpty { row.append(limit.map(text.money) ?? "") }
            table.append(row)
        }
        let note = ReportText.hidesChanges(month) ? "\n" + TextTable.wrapLines(text.smallBaseNote, width: width) : ""
        return Self.flow(parts, width: width) + "\n" + table.render(width: width) + note
    }

    /// Every month of the range, newest first, and their total.
    private func months() -> String {
        var table = TextTable(
            header: [text.month, text.total, text.receipts, text.items, text.versusPrevious],
            rightAligned: [1, 2, 3, 4], cut: [0], optional: [3, 2])
        // A month's name is never cut; the counts go first.
        table.minimumCut = Int.max / 4
        for month in statistics.months {
            table.append([
                text.monthName(month), text.money(month.total), String(month.receipts), String(month.items),
                month.ongoing ? "—" : text.change(from: month.previous, to: month.total),
            ])
        }
        if statistics.months.count > 1 {
            let receipts = statistics.months.reduce(0) { $0 + $1.receipts }
            let items = statistics.months.reduce(0) { $0 + $1.items }
            table.append([words.monthsTotal, text.money(statistics.total), String(receipts), String(items), ""])
        }
        let hidden = statistics.months.contains {
            !$0.ongoing && ReportText.baseTooSmall(from: $0.previous, to: $0.total)
        }
        return table.render(width: width) + (hidden ? "\n" + TextTable.wrapLines(text.smallBaseNote, width: width) : "")
    }

    /// The shops spent at most (as many as `--top` asks).
    private func shops() -> String {
        var table = TextTable(header: [text.total, text.receipts, text.shop], rightAligned: [0, 1], cut: [2])
        for shop in statistics.topShops {
            table.append([text.money(shop.total), String(shop.receipts), shop.shop.isEmpty ? "—" : shop.label])
        }
        // What the top left out, and the total, so that the rows add up.
        let (count, total) = (statistics.shopCount, statistics.shopsTotal)
        let shown = statistics.topShops.reduce(Money.zero) { $0 + $1.total }
        if count > statistics.topShops.count {
            table.append([text.money(total - shown), "", words.moreShops(count - statistics.topShops.count)])
        }
        if count > 1 { table.append([text.money(total), "", words.shopsTotal]) }
        return table.render(width: width)
    }

    /// Receipts far above their category's usual: what they spent there against the usual receipt, and
    /// their deviation, the score they are listed by; on a narrow terminal the usual goes first.
    private func unusualReceipts() -> String {
        var table = TextTable(
            header: [text.total, words.usualColumn, text.deviation, text.category, words.dateColumn, text.shop],
            rightAligned: [0, 1, 2], cut: [5, 3], optional: [1])
        for found in unusual {
            table.append([
                text.money(found.receipt.amount), text.money(found.usual), text.score(found.score),
                text.name(found.receipt.category),
                "#\(found.receipt.receiptID) " + found.receipt.dateTime.isoDate, found.receipt.shop ?? "—",
            ])
        }
        return table.render(width: width)
    }

    /// The items spent on most (as many as `--top` asks).
    private func items() -> String {
        var table = TextTable(
            header: [text.total, text.items, text.category, text.item], rightAligned: [0, 1], cut: [3, 2])
        for item in statistics.topItems {
            table.append([text.money(item.total), String(item.items), text.name(item.category), item.name])
        }
        return table.render(width: width)
    }

    /// Parts joined by ` · `, a new line started wherever the next part would not fit.
    static func flow(_ parts: [String], width: Int) -> String {
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, last.cells + 3 + part.cells <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines.append(part)
            }
        }
        return lines.joined(separator: "\n")
    }
}
