import ReceiptCore
import ReceiptStats

/// The report's charts as inline SVG: nothing to load, nothing to run.
enum SVGCharts {
    /// Spending by category per month as stacked bars, oldest month on the left.
    static func stackedBars(_ months: [SpendingStatistics.MonthLine], text: ReportText, in frame: ChartFrame)
        -> String
    {
        let ordered = months.reversed()
        let width = frame.width
        let height = frame.barsHeight
        let left = frame.axisWidth
        let bottom = 36.0
        let top = 12.0
        let plotHeight = height - bottom - top
        let maximum =
            ordered.map { month in
                month.categories.reduce(Int64(0)) { $0 + max(0, $1.total.kopecks) }
            }.max() ?? 0
        let scale = niceScale(maximum)
        let slot = (width - left - 8) / Double(max(1, ordered.count))
        let barWidth = min(56, slot * 0.7)
        var svg = svgOpen(frame, height: height, label: text.byMonth)
        for tick in scale.ticks {
            let y = top + plotHeight * (1 - Double(tick) / Double(scale.maximum))
            svg += #"<line x1="\#(left)" x2="\#(width - 8)" y1="\#(y)" y2="\#(y)" \#(paint(.grid, frame))/>"#
            svg +=
                #"<text x="\#(left - 8)" y="\#(y + 4)" \#(paint(.axis, frame)) text-anchor="end">\#(escaped(axisLabel(tick, text)))</text>"#
        }
        for (index, month) in ordered.enumerated() {
            let x = left + slot * Double(index) + (slot - barWidth) / 2
            var y = top + plotHeight
            for line in month.categories.reversed() where line.total.kopecks > 0 {
                let barHeight = plotHeight * Double(line.total.kopecks) / Double(scale.maximum)
                y -= barHeight
                svg +=
                    #"<rect x="\#(x)" y="\#(y)" width="\#(barWidth)" height="\#(barHeight)" fill="\#(CategoryPalette.colour(line.category))">"#
                svg +=
                    "<title>\(escaped("\(text.monthName(month.month)) · \(text.name(line.category)): \(text.money(line.total))"))</title></rect>"
            }
            if frame.labelsMonth(index, of: ordered.count, spacing: slot) {
                svg +=
                    #"<text x="\#(x + barWidth / 2)" y="\#(height - bottom + 18)" \#(paint(.axis, frame)) text-anchor="middle">\#(escaped(shortMonth(month.month, text)))</text>"#
            }
        }
        return svg + "</svg>"
    }

    /// One month's categories as horizontal bars with their amounts and shares: the name on the left
    /// of its bar, or, in a narrow frame, the name and the amount on a line above it.
    static func split(_ month: SpendingStatistics.MonthLine, text: ReportText, in frame: ChartFrame) -> String {
        let lines = month.categories.filter { $0.total.kopecks > 0 }
        let stacked = frame.labelsAboveBars
        let rowHeight = stacked ? 46.0 : 30.0
        let width = frame.width
        let labelWidth = stacked ? 0 : 220.0
        let valueWidth = stacked ? 0 : 230.0
        let height = rowHeight * Double(max(1, lines.count)) + 8
        let maximum = lines.map(\.total.kopecks).max() ?? 1
        var svg = svgOpen(frame, height: height, label: text.split)
        for (index, line) in lines.enumerated() {
            let y = 4 + rowHeight * Double(index)
            let barWidth = max(2, (width - labelWidth - valueWidth) * Double(line.total.kopecks) / Double(maximum))
            let name = escaped(text.name(line.category))
            let value = escaped("\(text.money(line.total)) · \(text.percent(line.share))")
            let colour = CategoryPalette.colour(line.category)
            if stacked {
                svg += #"<text x="0" y="\#(y + 15)" \#(paint(.label, frame))>\#(name)</text>"#
                svg +=
                    #"<text x="\#(width)" y="\#(y + 15)" \#(paint(.value, frame)) text-anchor="end">\#(value)</text>"#
                svg += #"<rect x="0" y="\#(y + 22)" width="\#(barWidth)" height="14" rx="3" fill="\#(colour)"/>"#
            } else {
                svg +=
                    #"<text x="\#(labelWidth - 10)" y="\#(y + 19)" \#(paint(.label, frame)) text-anchor="end">\#(name)</text>"#
                svg +=
                    #"<rect x="\#(labelWidth)" y="\#(y + 4)" width="\#(barWidth)" height="\#(rowHeight - 8)" rx="3" fill="\#(colour)"/>"#
                svg +=
                    #"<text x="\#(labelWidth + barWidth + 8)" y="\#(y + 19)" \#(paint(.value, frame))>\#(value)</text>"#
            }
        }
        return svg + "</svg>"
    }

    /// The largest categories' monthly spending as lines, oldest month on the left.
    static func trend(
        _ months: [SpendingStatistics.MonthLine], categories: [Category], text: ReportText, in frame: ChartFrame
    ) -> String {
        let ordered = Array(months.reversed())
        let width = frame.width
        let height = frame.trendHeight
        let left = frame.axisWidth
        let bottom = 36.0
        let top = 12.0
        let right = frame.trendRight
        let plotHeight = height - bottom - top
        func amount(_ month: SpendingStatistics.MonthLine, _ category: Category) -> Int64 {
            max(0, month.categories.first { $0.category == category }?.total.kopecks ?? 0)
        }
        let maximum = ordered.flatMap { month in categories.map { amount(month, $0) } }.max() ?? 0
        let scale = niceScale(maximum)
        let step = ordered.count > 1 ? (width - left - right) / Double(ordered.count - 1) : 0
        func point(_ index: Int, _ value: Int64) -> (Double, Double) {
            let x = ordered.count > 1 ? left + step * Double(index) : (left + width - right) / 2
            return (x, top + plotHeight * (1 - Double(value) / Double(scale.maximum)))
        }
        var svg = svgOpen(frame, height: height, label: text.trend)
        for tick in scale.ticks {
            let y = top + plotHeight * (1 - Double(tick) / Double(scale.maximum))
            svg += #"<line x1="\#(left)" x2="\#(width - right)" y1="\#(y)" y2="\#(y)" \#(paint(.grid, frame))/>"#
            svg +=
                #"<text x="\#(left - 8)" y="\#(y + 4)" \#(paint(.axis, frame)) text-anchor="end">\#(escaped(axisLabel(tick, text)))</text>"#
        }
        for (index, month) in ordered.enumerated() where frame.labelsMonth(index, of: ordered.count, spacing: step) {
            let (x, _) = point(index, 0)
            svg +=
                #"<text x="\#(x)" y="\#(height - bottom + 18)" \#(paint(.axis, frame)) text-anchor="middle">\#(escaped(shortMonth(month.month, text)))</text>"#
        }
        for category in categories {
            let colour = CategoryPalette.colour(category)
            let points = ordered.enumerated().map { point($0.offset, amount($0.element, category)) }
            let path = points.map { "\($0.0),\($0.1)" }.joined(separator: " ")
            svg +=
                #"<polyline points="\#(path)" fill="none" stroke="\#(colour)" stroke-width="3" stroke-linejoin="round"/>"#
            for ((x, y), month) in zip(points, ordered) {
                svg += #"<circle cx="\#(x)" cy="\#(y)" r="4.5" fill="\#(colour)">"#
                svg +=
                    "<title>\(escaped("\(text.monthName(month.month)) · \(text.name(category)): \(text.money(Money(kopecks: amount(month, category))))"))</title></circle>"
            }
        }
        return svg + "</svg>"
    }

    /// What a chart's lines and words are: each drawn with its colour and size as attributes, so
    /// that a chart looks the same inline in the report and served alone as a picture.
    enum Paint {
        case grid, axis, label, value
    }

    static let fontFamily = "DejaVu Sans, Segoe UI, Roboto, Helvetica, Arial, sans-serif"

    /// The attributes of `paint` in `frame`: its class, colour and, for words, size.
    private static func paint(_ paint: Paint, _ frame: ChartFrame) -> String {
        let narrow = frame.labelsAboveBars
        switch paint {
        case .grid: return ##"class="grid" stroke="#e4e8ec" stroke-width="1""##
        case .axis: return ##"class="axis" fill="#66788a" font-size="\##(narrow ? 12 : 13)""##
        case .label: return ##"class="label" fill="#1f2933" font-size="\##(narrow ? 14 : 15)""##
        case .value: return ##"class="value" fill="#66788a" font-size="\##(narrow ? 13 : 14)""##
        }
    }

    private static func svgOpen(_ frame: ChartFrame, height: Double, label: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" class="\#(frame.name)" viewBox="0 0 \#(frame.width) \#(height)" role="img" aria-label="\#(escaped(label))" font-family="\#(fontFamily)">"#
    }

    /// A round top for the axis and its ticks: 1, 2 or 5 times a power of ten, four or five steps.
    static func niceScale(_ maximum: Int64) -> (maximum: Int64, ticks: [Int64]) {
        guard maximum > 0 else { return (100, [0, 100]) }
        var unit: Int64 = 1
        while unit * 10 <= maximum / 4 { unit *= 10 }
        let step = [1, 2, 5, 10].map { unit * $0 }.first { $0 * 5 >= maximum } ?? unit * 10
        let top = (maximum + step - 1) / step * step
        return (top, Array(stride(from: 0, through: top, by: Int(step))))
    }

    /// An axis amount in whole roubles, thousands shortened: `12 тыс. ₽`, `RUB 12k`.
    private static func axisLabel(_ kopecks: Int64, _ text: ReportText) -> String {
        let roubles = kopecks / 100
        if roubles >= 1000, roubles % 1000 == 0 {
            return text.language == .russian ? "\(roubles / 1000)\u{00A0}тыс.\u{00A0}₽" : "RUB \(roubles / 1000)k"
        }
        return text.language == .russian ? "\(roubles)\u{00A0}₽" : "RUB \(roubles)"
    }

    private static func shortMonth(_ month: Month, _ text: ReportText) -> String {
        let name = text.monthName(month)
        return String(name.prefix(3)) + " " + String(month.year % 100 < 10 ? "0" : "") + String(month.year % 100)
    }
}
