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
@Suite("HTML report in a browser", .tags(.process, .browser), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct HTMLReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return try await ChildProcess(process).exit()
    }

    private func browse(_ html: String, in folder: TemporaryFolder) async throws -> (
        pixels: GrayAndColour, text: String
    ) {
        let chromium = try #require(Self.chromium, "chromium is missing: run `make setup`")
        let page = folder.file("report.html")
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(folder.file("profile"))",
        ]
        try await run(
            chromium, common + ["--window-size=1100,1600", "--screenshot=\(folder.file("shot.png"))", "file://\(page)"])
        try await run(
            chromium,
            common + ["--no-pdf-header-footer", "--print-to-pdf=\(folder.file("page.pdf"))", "file://\(page)"])
        try await run("/usr/bin/pdftotext", ["-layout", folder.file("page.pdf"), folder.file("page.txt")])
        let text = try String(contentsOfFile: folder.file("page.txt"), encoding: .utf8)
        return (try GrayAndColour(png: folder.file("shot.png")), text)
    }

    @Test("charts and totals are on the screen, in Russian and in English", arguments: [Language.russian, .english])
    func onScreen(language: Language) async throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        let range = try #require(Month("2026-01"))...(try #require(Month("2026-02")))
        let statistics = try #require(try SpendingStatistics.read(from: database, range: range))
        let html = HTMLReport.render(statistics, history: statistics, language: language)
        let (pixels, text) = try await browse(html, in: folder)

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

/// The HTML report at the widths of phones and of a desktop: no horizontal scrolling of the page,
/// nothing sticking out of its box, no table scrolling sideways inside its own nor any value of it
/// cut or off the screen (on a phone the rows stack, each value beside its column's name), charts
/// drawn to the width with text a person can read.
@Suite("HTML report from a phone to a desktop", .tags(.process, .browser), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct HTMLReportWidthTests {
    /// Measures the report inside a frame exactly `width` px wide (headless Chromium keeps its window
    /// at least 500 px wide, and the report itself runs no scripts): what overflows, how small the
    /// smallest chart text is drawn, and how many charts are shown. Writes them as JSON into `#measured`.
    private static let measure = """
        const frame = document.getElementById("report");
        frame.addEventListener("load", () => {
          const page = frame.contentDocument, view = frame.contentWindow, problems = [];
          let charts = 0, smallestText = 1000;
          if (page.documentElement.scrollWidth > view.innerWidth)
            problems.push(`the page is ${page.documentElement.scrollWidth} px wide`);
          for (const section of page.querySelectorAll("section")) {
            const box = section.getBoundingClientRect();
            for (const element of section.querySelectorAll("*")) {
              const rect = element.getBoundingClientRect();
              let scroller = element.parentElement;
              while (scroller !== section && !["auto", "scroll"].includes(view.getComputedStyle(scroller).overflowX))
                scroller = scroller.parentElement;
              if (rect.width > 0 && scroller === section && rect.right > box.right + 0.5) {
                problems.push(`#${section.id} ${element.tagName} ends at ${Math.round(rect.right)} px, past ${Math.round(box.right)}`);
                break;
              }
            }
            // Issue 50: at 390 px three of four tables scrolled sideways with no cue, amounts hidden.
            for (const scroller of section.querySelectorAll(".scroll")) {
              if (scroller.scrollWidth > scroller.clientWidth + 0.5)
                problems.push(`#${section.id} table scrolls sideways by ${scroller.scrollWidth - scroller.clientWidth} px`);
            }
            for (const cell of section.querySelectorAll("td")) {
              const range = page.createRange();
              range.selectNodeContents(cell);
              const text = range.getBoundingClientRect();
              if (text.width > 0 && (text.left < box.left - 0.5 || text.right > box.right + 0.5
                  || cell.scrollWidth > cell.clientWidth + 0.5)) {
                problems.push(`#${section.id} “${cell.textContent}” is not whole on the screen`);
                break;
              }
            }
            for (const svg of section.querySelectorAll("svg")) {
              const width = svg.getBoundingClientRect().width;
              if (width === 0) continue;
              charts += 1;
              for (const text of svg.querySelectorAll("text")) {
                const size = parseFloat(view.getComputedStyle(text).fontSize) * width / svg.viewBox.baseVal.width;
                smallestText = Math.min(smallestText, size);
              }
            }
          }
          document.getElementById("measured").textContent = JSON.stringify({ problems, charts, smallestText });
        });
        """

    private struct Measured: Decodable {
        let problems: [String]
        let charts: Int
        let smallestText: Double
    }

    private func measured(_ html: String, width: Int, in folder: TemporaryFolder) async throws -> Measured {
        let chromium = try #require(HTMLReportTests.chromium, "chromium is missing: run `make setup`")
        let attribute = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let harness = folder.file("harness-\(width).html")
        try """
        <!doctype html><body style="margin:0"><iframe id="report" style="border:0;width:\(width)px;height:900px" \
        srcdoc="\(attribute)"></iframe><pre id="measured"></pre><script>\(Self.measure)</script></body>
        """.write(toFile: harness, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(folder.file("profile"))", "--dump-dom", "file://\(harness)",
        ]
        process.standardOutput = Pipe()
        process.standardError = FileHandle.nullDevice
        let dom = String(decoding: try await ChildProcess(process).finished().output, as: UTF8.self)
        let start = try #require(dom.range(of: "<pre id=\"measured\">"), "no measurement in \(dom.prefix(300))")
        let json = dom[start.upperBound...].prefix { $0 != "<" }
        return try JSONDecoder().decode(
            Measured.self, from: Data(json.replacingOccurrences(of: "&quot;", with: "\"").utf8))
    }

    @Test(
        "nothing overflows, no table scrolls sideways, every value whole, and chart text stays readable",
        arguments: [Language.russian, .english], [360, 390, 1280])
    func fits(language: Language, width: Int) async throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        // A name without a place to break it, as tills print them.
        try database.save([
            try StatsFixture.receipt(
                6, "2026-02-12T10:00:00", total: 99_000, place: StatsFixture.grocery,
                items: [StatsFixture.item("ТОРТ«ПРАГА»ШОКОЛАДНЫЙ/ВИШНЯ/1,2КГ/ВЕСОВОЙ", 99_000)])
        ])
        let range = try #require(Month("2026-01"))...(try #require(Month("2026-02")))
        let statistics = try #require(try SpendingStatistics.read(from: database, range: range))
        let html = HTMLReport.render(statistics, history: statistics, language: language)
        let result = try await measured(html, width: width, in: folder)

        #expect(result.problems.isEmpty, "at \(width) px: \(result.problems)")
        #expect(result.charts == 3, "at \(width) px \(result.charts) charts are shown, not one of each")
        #expect(result.smallestText >= 10, "at \(width) px chart text is \(result.smallestText) px high")
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
