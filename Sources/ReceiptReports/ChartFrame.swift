/// The measures one drawing of a chart is made in.
///
/// The report draws each chart twice, wide for screens from a tablet up (and for print) and narrow
/// for phones, and its CSS shows the one that fits: one drawing scaled down to a phone's width would
/// leave its text a few pixels high.
struct ChartFrame: Sendable {
    /// The CSS class that shows or hides this drawing.
    let name: String
    /// The width of the `viewBox`, in the units the font sizes are given in.
    let width: Double
    /// The room on the left for the amounts of the axis.
    let axisWidth: Double
    /// The least distance between two month labels under the axis.
    let monthLabelWidth: Double
    /// The room on the right of the trend lines, for the newest month's label.
    let trendRight: Double
    /// Heights of the stacked bars and of the trend lines.
    let barsHeight: Double
    let trendHeight: Double
    /// Whether the split puts each category's name and amount on a line above its bar (too narrow to
    /// have them beside it).
    let labelsAboveBars: Bool

    static let wide = ChartFrame(
        name: "wide", width: 960, axisWidth: 96, monthLabelWidth: 56, trendRight: 40, barsHeight: 340,
        trendHeight: 300, labelsAboveBars: false)
    static let narrow = ChartFrame(
        name: "narrow", width: 360, axisWidth: 80, monthLabelWidth: 50, trendRight: 22, barsHeight: 250,
        trendHeight: 230, labelsAboveBars: true)

    /// Whether the month at `index` (of `count`, `spacing` apart) gets a label: as many as fit,
    /// counted back from the newest, so that the newest month is always named.
    func labelsMonth(_ index: Int, of count: Int, spacing: Double) -> Bool {
        let every = spacing > 0 ? Int((monthLabelWidth / spacing).rounded(.up)) : 1
        return (count - 1 - index) % max(1, every) == 0
    }
}
