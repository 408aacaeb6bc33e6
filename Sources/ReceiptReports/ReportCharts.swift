public import ReceiptCore
public import ReceiptStats

/// The report's charts one at a time, each an SVG document of its own: for the web app, which
/// shows them as pictures (the report itself puts them inline).
public enum ReportCharts {
    /// Spending by category per month as stacked bars, oldest month on the left, drawn for a phone
    /// (`narrow`) or a wider screen.
    public static func spendingByMonth(_ statistics: SpendingStatistics, language: Language, narrow: Bool) -> String {
        SVGCharts.stackedBars(statistics.months, text: ReportText(language), in: narrow ? .narrow : .wide)
    }
}
