import CPNG
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore
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
    private var counts: [UInt32: Int] = [:]

    init(png path: String) throws {
        let decoded = try PNGPixels.read(path)
        for index in stride(from: 0, to: decoded.count, by: 4) {
            let key = UInt32(decoded[index]) << 16 | UInt32(decoded[index + 1]) << 8 | UInt32(decoded[index + 2])
            counts[key, default: 0] += 1
        }
    }

    /// How many pixels have exactly this `#rrggbb` colour.
    func count(of hex: String) -> Int {
        guard let value = UInt32(hex.dropFirst(), radix: 16) else { return 0 }
        return counts[value] ?? 0
    }
}

/// Reads a PNG file as RGBA bytes through libpng's simplified API.
enum PNGPixels {
    struct Failure: Error {}

    static func read(_ path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let started = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard started != 0 else { throw Failure() }
        defer { png_image_free(&image) }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw Failure() }
        return pixels
    }
}
