import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptScan
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

/// The HTML report as a person sees it: rendered by a real headless Chromium (Debian's package,
/// installed by `make setup`), then read back from the screenshot's pixels and the printed PDF's text.
@Suite("HTML report in a browser")
struct HTMLReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func browse(_ html: String, in folder: TemporaryFolder) throws -> (pixels: GrayAndColour, text: String) {
        let chromium = try #require(Self.chromium, "chromium is missing: run `make setup`")
        let page = folder.file("report.html")
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(folder.file("profile"))",
        ]
        try run(
            chromium, common + ["--window-size=1100,1600", "--screenshot=\(folder.file("shot.png"))", "file://\(page)"])
        try run(
            chromium,
            common + ["--no-pdf-header-footer", "--print-to-pdf=\(folder.file("page.pdf"))", "file://\(page)"])
        try run("/usr/bin/pdftotext", ["-layout", folder.file("page.pdf"), folder.file("page.txt")])
        let text = try String(contentsOfFile: folder.file("page.txt"), encoding: .utf8)
        return (try GrayAndColour(png: folder.file("shot.png")), text)
    }

    @Test("charts and totals are on the screen, in Russian and in English", arguments: [Language.russian, .english])
    func onScreen(language: Language) throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let range = try #require(Month("2026-01"))...(try #require(Month("2026-02")))
        let statistics = try #require(try SpendingStatistics.read(from: database, range: range))
        let html = HTMLReport.render(statistics, history: statistics, language: language)
        let (pixels, text) = try browse(html, in: folder)

        // The stacked bars, the split and the trend lines are drawn in the categories' colours.
        for category in [Category.groceries, .health, .alcoholTobacco] {
            #expect(pixels.count(of: CategoryPalette.colour(category)) > 300, "\(category) is not drawn")
        }
        let total = Money(kopecks: 52_385 + 17_501).formatted(in: language)
        let flattened = text.replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(flattened.contains(total.replacingOccurrences(of: "\u{00A0}", with: " ")))
        #expect(flattened.contains(Category.health.name(in: language)))
        #expect(flattened.contains(try Month(year: 2026, month: 2).name(in: language)))
    }
}

/// A PNG screenshot's pixels, counted by colour.
struct GrayAndColour {
    private let counts: [UInt32: Int]

    init(png path: String) throws {
        counts = try PNGCodec.decodeColour(Data(contentsOf: URL(fileURLWithPath: path))).colourCounts
    }

    /// How many pixels have exactly this `#rrggbb` colour.
    func count(of hex: String) -> Int {
        guard let value = UInt32(hex.dropFirst(), radix: 16) else { return 0 }
        return counts[value] ?? 0
    }
}
