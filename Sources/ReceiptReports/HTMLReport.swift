public import ReceiptCore
public import ReceiptStats
import ReceiptStore

/// Statistics as one self-contained HTML page: inline CSS and SVG, no scripts, nothing fetched.
///
/// `selected` is what the report is about; `history` (usually the twelve months up to its last)
/// gives the charts their context.
public enum HTMLReport {
    /// The whole page: the total, the stacked bars over `history`, the split of the newest selected
    /// month, the trend of up to five largest categories, a table a selected month, the top shops
    /// and items.
    public static func render(
        _ selected: SpendingStatistics, history: SpendingStatistics, language: Language,
        insights: ReportInsights = ReportInsights()
    ) -> String {
        let text = ReportText(language)
        let latest = selected.months.first
        let trendCategories = Array(
            history.categoryTotals.filter { $0.category != .uncategorized && $0.total.kopecks > 0 }.prefix(5)
                .map(\.category))
        var html = """
            <!doctype html>
            <html lang="\(language == .russian ? "ru" : "en")">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped("\(text.title): \(text.rangeName(selected.range))"))</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <header>
            <h1>\(escaped(text.title)): \(escaped(text.rangeName(selected.range)))</h1>
            <p class="total" id="total">\(escaped(text.money(selected.total)))</p>

            """
        if let latest, selected.months.count == 1 {
            html += """
                <p class="meta">\(escaped("\(text.receipts): \(latest.receipts) · \(text.items): \(latest.items) · \(text.versusPrevious): \(text.change(from: latest.previous, to: latest.total, in: latest)) · \(text.versusAverage): \(text.change(from: latest.average, to: latest.total, in: latest))"))</p>

                """
            if ReportText.hidesChanges(latest) { html += "<p class=\"meta\">\(escaped(text.smallBaseNote))</p>\n" }
        }
        html += "</header>\n"
        html += section(text.byMonth, id: "by-month") {
            bothFrames { SVGCharts.stackedBars(history.months, text: text, in: $0) }
                + legend(history.categoryTotals.map(\.category), text)
        }
        if let latest {
            html += section("\(text.split): \(text.monthName(latest))", id: "split") {
                latest.total.kopecks > 0
                    ? bothFrames { SVGCharts.split(latest, text: text, in: $0) } : "<p>\(escaped(text.noData))</p>"
            }
        }
        if !trendCategories.isEmpty, history.months.count > 1 {
            html += section(text.trend, id: "trend") {
                bothFrames { SVGCharts.trend(history.months, categories: trendCategories, text: text, in: $0) }
                    + legend(trendCategories, text)
            }
        }
        for month in selected.months {
            html += section("\(text.monthName(month)): \(text.money(month.total))", id: "month-\(month.month)") {
                monthTable(month, text)
            }
        }
        for insight in InsightTable.of(insights, text: text) {
            html += section(insight.title, id: insight.id) { insightBody(insight) }
        }
        html += section(text.topShops, id: "shops") {
            table(
                [text.shop, text.total, text.receipts],
                selected.topShops.map { [$0.shop.isEmpty ? "—" : $0.label, text.money($0.total), String($0.receipts)] })
        }
        html += section(text.topItems, id: "items") {
            table(
                [text.item, text.category, text.total, text.items],
                selected.topItems.map { [$0.name, text.name($0.category), text.money($0.total), String($0.items)] })
        }
        html += "<footer>\(escaped(text.generatedBy))</footer>\n</main>\n</body>\n</html>\n"
        return html
    }

    private static func section(_ title: String, id: String, _ body: () -> String) -> String {
        "<section id=\"\(id)\">\n<h2>\(escaped(title))</h2>\n\(body())\n</section>\n"
    }

    /// A chart drawn for wide screens and for phones; the style shows one of them.
    private static func bothFrames(_ draw: (ChartFrame) -> String) -> String {
        draw(.wide) + draw(.narrow)
    }

    private static func legend(_ categories: [Category], _ text: ReportText) -> String {
        "<ul class=\"legend\">"
            + categories.map {
                "<li><span style=\"background:\(CategoryPalette.colour($0))\"></span>\(escaped(text.name($0)))</li>"
            }.joined() + "</ul>"
    }

    private static func monthTable(_ month: SpendingStatistics.MonthLine, _ text: ReportText) -> String {
        var rows = month.categories.map { line in
            [
                text.name(line.category), text.money(line.total), text.percent(line.share), String(line.receipts),
                String(line.items), text.change(from: line.previous, to: line.total, in: month),
                text.change(from: line.average, to: line.total, in: month),
            ]
        }
        rows.append([
            text.totalRow, text.money(month.total), month.total.kopecks > 0 ? text.percent(1) : "—",
            String(month.receipts),
            String(month.items), text.change(from: month.previous, to: month.total, in: month),
            text.change(from: month.average, to: month.total, in: month),
        ])
        return table(
            [
                text.category, text.total, text.share, text.receipts, text.items, text.versusPrevious,
                text.versusAverage,
            ],
            rows, lastIsTotal: true)
    }

    /// An insight's note and table; rows that warn in the warning colour, a price's months as a
    /// small line beside it.
    private static func insightBody(_ insight: InsightTable) -> String {
        var html = insight.note.map { "<p class=\"meta\">\(escaped($0))</p>\n" } ?? ""
        let charted = !insight.series.isEmpty
        html +=
            "<div class=\"scroll\"><table>\n<thead><tr>"
            + (insight.header + (charted ? [""] : [])).map { "<th>\(escaped($0))</th>" }.joined()
            + "</tr></thead>\n<tbody>\n"
        for (index, row) in insight.rows.enumerated() {
            html += insight.warnings.contains(index) ? "<tr class=\"warn\">" : "<tr>"
            html += cells(row, insight.header)
            if charted {
                html +=
                    "<td class=\"chart\">\(sparkline(index < insight.series.count ? insight.series[index] : []))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div>"
    }

    /// Values month by month as a small line, its lowest at the bottom.
    private static func sparkline(_ values: [Int64]) -> String {
        guard values.count > 1, let low = values.min(), let high = values.max() else { return "" }
        let (width, height) = (120.0, 28.0)
        let span = Double(max(high - low, 1))
        let points = values.enumerated().map { index, value in
            let x = 2 + (width - 4) * Double(index) / Double(values.count - 1)
            let y = height - 2 - (height - 4) * Double(value - low) / span
            return "\((x * 10).rounded() / 10),\((y * 10).rounded() / 10)"
        }.joined(separator: " ")
        return "<svg class=\"spark\" viewBox=\"0 0 120 28\" width=\"120\" height=\"28\" role=\"img\">"
            + "<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" points=\"\(points)\"/></svg>"
    }

    private static func table(_ header: [String], _ rows: [[String]], lastIsTotal: Bool = false) -> String {
        var html =
            "<div class=\"scroll\"><table>\n<thead><tr>" + header.map { "<th>\(escaped($0))</th>" }.joined()
            + "</tr></thead>\n<tbody>\n"
        for (index, row) in rows.enumerated() {
            let total = lastIsTotal && index == rows.count - 1
            html += (total ? "<tr class=\"sum\">" : "<tr>") + cells(row, header) + "</tr>\n"
        }
        return html + "</tbody>\n</table></div>"
    }

    /// A row's cells, each labelled with its column's heading: on a phone a row is a card of
    /// `label value` lines, since a table of five or seven columns fits no 390 px screen.
    private static func cells(_ row: [String], _ header: [String]) -> String {
        row.enumerated().map { index, value in
            let label = index < header.count ? header[index] : ""
            return "<td data-label=\"\(escaped(label))\">\(escaped(value))</td>"
        }.joined()
    }

    private static let style = """
        :root { color-scheme: light; --ink: #1f2933; --muted: #66788a; --line: #e4e8ec; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #f5f7f9; color: var(--ink);
          font: 15px/1.45 "DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        main { max-width: 1040px; margin: 0 auto; padding: 28px 20px 40px; }
        header h1 { margin: 0; font-size: 26px; font-weight: 600; }
        .total { margin: 6px 0 0; font-size: 40px; font-weight: 700; letter-spacing: -0.5px; }
        .meta { margin: 4px 0 0; color: var(--muted); }
        section { background: #fff; border-radius: 10px; padding: 18px 22px; margin-top: 20px;
          box-shadow: 0 1px 3px rgba(31, 41, 51, 0.08); }
        h2 { margin: 0 0 12px; font-size: 18px; font-weight: 600; }
        svg { width: 100%; height: auto; display: block; }
        svg.narrow { display: none; max-width: 520px; margin: 0 auto; }
        .legend { list-style: none; padding: 0; margin: 12px 0 0; display: flex; flex-wrap: wrap; gap: 6px 16px;
          font-size: 13px; color: var(--muted); }
        .legend span { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 6px;
          vertical-align: -1px; }
        .scroll { overflow-x: auto; }
        table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        th, td { padding: 7px 10px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
        th:first-child, td:first-child { text-align: left; white-space: normal; min-width: 7em; position: sticky;
          left: 0; background: #fff; }
        th { color: var(--muted); font-weight: 600; font-size: 13px; }
        tr.sum td { font-weight: 700; border-bottom: none; }
        tr.warn td { color: #b3261e; font-weight: 600; }
        svg.spark { color: #3b6ea8; vertical-align: middle; }
        footer { margin-top: 24px; color: var(--muted); font-size: 12px; text-align: center; }
        @media (max-width: 840px) {
          main { padding: 18px 10px 28px; }
          header h1 { font-size: 22px; }
          .total { font-size: 32px; }
          section { padding: 14px 12px; margin-top: 14px; border-radius: 8px; }
          svg.wide { display: none; }
          svg.narrow { display: block; }
          th, td { padding: 6px 7px; }
          th { white-space: normal; }
        }
        @media (max-width: 640px) {
          .scroll { overflow-x: visible; }
          table, tbody, tr, td { display: block; width: 100%; }
          thead { display: none; }
          tr { padding: 8px 0; border-bottom: 1px solid var(--line); }
          tr.sum { border-bottom: none; }
          td { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; padding: 2px 0;
            border: none; white-space: nowrap; }
          td::before { content: attr(data-label); color: var(--muted); font-size: 13px; font-weight: 400;
            text-align: left; white-space: normal; min-width: 0; }
          td:first-child { display: block; position: static; min-width: 0; padding-bottom: 4px; font-weight: 600;
            overflow-wrap: anywhere; background: none; }
          td:first-child::before { content: none; }
          td.chart { justify-content: flex-end; }
        }
        @media print { body { background: #fff; } section { box-shadow: none; border: 1px solid var(--line); }
          svg.wide { display: block; } svg.narrow { display: none; } }
        """
}
