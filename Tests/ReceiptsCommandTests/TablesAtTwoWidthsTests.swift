import Foundation
import ReceiptTesting
import Testing

/// Every command that prints a table, run as a user runs it: the built `receipts` on a terminal with
/// `COLUMNS` at 60 and at 120, in Russian and in English, over a database of real receipts
/// (Tests/Fixtures/real-receipts), a T-Bank statement paired with them, the sample photos and the
/// demo server's places.
@Suite(
    "Tables at 60 and 120 columns in both languages, over real receipts", .tags(.process, .server),
    .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct TablesAtTwoWidthsTests {
    /// Amounts and percentages as both languages print them: what is never cut.
    static let amounts = try? NSRegularExpression(
        pattern: #"-?RUB -?[\d,]+\.\d\d|-?\d{1,3}(?:\x{A0}\d{3})*,\d\d\x{A0}₽|[+−-]?\d+,\d\x{A0}%|[+−-]?\d+\.\d%"#)

    /// Terminal cells, counted here on their own rather than by the code under test: none for a
    /// combining mark or a format character, two for a wide East Asian character or an emoji.
    static func cells(_ text: some StringProtocol) -> Int {
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
        ]
        return text.unicodeScalars.reduce(0) { sum, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return sum
            default:
                let double = scalar.properties.isEmojiPresentation || wide.contains { $0.contains(scalar.value) }
                return sum + (double ? 2 : 1)
            }
        }
    }

    /// Each amount of `text` as it stands (sorted): the same whatever the width.
    static func amounts(in text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return (amounts?.matches(in: text, range: range) ?? []).compactMap { Range($0.range, in: text) }
            .map { String(text[$0]) }.sorted()
    }

    /// An amount in a table's cell: after the start of the line or the two spaces between columns,
    /// before the end or two spaces (a `*` mark, as `list` puts it, is part of the cell); as cells,
    /// from its first to past its last.
    struct Cell {
        let line: Int
        let start: Int
        let end: Int
    }

    static func cells(inTable line: String, number: Int) -> [Cell] {
        let range = NSRange(line.startIndex..., in: line)
        return (amounts?.matches(in: line, range: range) ?? []).compactMap { match -> Cell? in
            guard var found = Range(match.range, in: line) else { return nil }
            if line[found.upperBound...].hasPrefix("*") {
                found = found.lowerBound..<line.index(after: found.upperBound)
            }
            let before = line[..<found.lowerBound]
            let after = line[found.upperBound...]
            guard before.isEmpty || before.hasSuffix("  "), after.isEmpty || after.hasPrefix("  ") else { return nil }
            let start = cells(before)
            return Cell(line: number, start: start, end: start + cells(line[found]))
        }
    }

    /// Numeric columns whose right edges do not line up: within a block (lines between blank ones),
    /// among rows with as many amounts, two amounts that share a cell must end in the same one.
    static func ragged(_ text: String) -> [String] {
        var found: [String] = []
        for block in text.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n").map(String.init)
            let rows = lines.enumerated().map { cells(inTable: $1, number: $0) }.filter { !$0.isEmpty }
            for (index, row) in rows.enumerated() {
                for other in rows[(index + 1)...] where other.count == row.count {
                    for (a, b) in zip(row, other) where max(a.start, b.start) < min(a.end, b.end) && a.end != b.end {
                        found.append("\(lines[a.line])\n\(lines[b.line])")
                    }
                }
            }
        }
        return found
    }

    /// The lines wider than `columns`, but for those that hold a single unbreakable token (a path, a
    /// word) wider than the columns themselves: nothing could make such a line fit.
    static func tooWide(_ text: String, columns: Int) -> [String] {
        text.split(separator: "\n").filter { line in
            cells(line) > columns && !line.split(separator: " ").contains { cells($0) > columns }
        }.map(String.init)
    }

    @Test("the checks can fail: a column ending one cell apart, a line one cell too wide")
    func checksCanFail() {
        #expect(!Self.ragged("#1  1,00\u{A0}₽  x\n#2  12,00\u{A0}₽  y").isEmpty)
        #expect(Self.ragged("#1   1,00\u{A0}₽  x\n#2  12,00\u{A0}₽  y").isEmpty)
        #expect(Self.tooWide(String(repeating: "ab ", count: 20) + "c", columns: 60).count == 1)
    }

    /// One language's run a case, so that the two run side by side.
    @Test(
        "every table fits 60 and 120 columns with its amounts whole and aligned; at 120 what fits is as unlimited",
        arguments: ["ru", "en"])
    func everyTable(language: String) async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let folder = try TemporaryFolder()
        var base = server.runner()
        base.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        let fixtures = Repository.url("Tests/Fixtures/real-receipts").path
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".json") }
        // In the order of their names, so that the receipts' numbers are the same on every run.
        let imported = try await base.run(["import"] + files.sorted().map { fixtures + "/" + $0 })
        #expect(imported.status == 0, "\(imported.errors)")
        let statement = try folder.write(BankCommandTests.december, to: "december.csv")
        #expect(try await base.run(["bank", "import", statement]).status == 0)
        #expect(try await base.run(["budget", "set", "groceries", "30000", "--month", "2024-12"]).status == 0)
        #expect(try await base.run(["budget", "set", "household", "5000", "--month", "2024-12"]).status == 0)

        let commands: [[String]] = [
            ["list"], ["list", "--month", "2024-12"], ["show", "1"], ["show", "2"], ["search", "молоко"],
            ["stats"], ["stats", "--month", "2024-12"], ["stats", "--by", "month", "--to", "2024-12"],
            ["stats", "--by", "shop", "--month", "2024-12"], ["stats", "--by", "item", "--month", "2024-12"],
            ["categories"], ["categories", "uncategorized"], ["categories", "guesses"], ["prices", "молоко"],
            ["inflation"], ["budget", "--month", "2024-12"], ["recurring"], ["shops"], ["match"],
            ["qr", "parse", ScanCommandTests.payload], ["scan", Repository.url("Data/samples/photos").path],
            ["places", "--near", "55.7558,37.6173"],
        ]
        var narrowed = 0
        do {
            var run = base
            run.environment["RECEIPTS_LANG"] = language
            for command in commands {
                let unlimited = try await run.run(command)
                let widest = unlimited.output.split(separator: "\n").map { Self.cells($0) }.max() ?? 0
                if widest > 60 { narrowed += 1 }
                for columns in [60, 120] {
                    var sized = run
                    sized.environment["COLUMNS"] = String(columns)
                    let shown = try await sized.runOnTerminal(command, columns: columns)
                    let what = "\(language) \(columns) \(command.joined(separator: " ")):\n\(shown.output)"
                    #expect(shown.status == 0 && unlimited.status == 0, "\(what)\(shown.errors)")
                    #expect(Self.tooWide(shown.output, columns: columns).isEmpty, "\(what)")
                    #expect(Self.ragged(shown.output).isEmpty, "\(what)\(Self.ragged(shown.output))")
                    // Amounts are never cut; only an optional column may go: budget's projection,
                    // and the usual amount beside an unusual receipt in stats (its deviation stays).
                    let amounts = Self.amounts(in: shown.output)
                    if command.first == "budget" || command.first == "stats" {
                        #expect(Set(amounts).isSubset(of: Self.amounts(in: unlimited.output)), "\(what)")
                    } else {
                        #expect(amounts == Self.amounts(in: unlimited.output), "\(what)")
                    }
                    if columns == 120, widest <= 120 { #expect(shown.output == unlimited.output, "\(what)") }
                }
            }
        }
        // Most tables of these receipts are wider than 60 when nothing is fitted: the test fits them.
        #expect(narrowed >= 10)
        guard language == "ru" else { return }

        var russian = base
        russian.environment["RECEIPTS_LANG"] = "ru"
        russian.environment["COLUMNS"] = "60"
        let december = try await russian.runOnTerminal(["list", "--month", "2024-12"], columns: 60).output
            .replacingOccurrences(of: "\u{A0}", with: " ")
        // No-break spaces read as spaces here. The widest of each column: «#26», «30.12.2024 16:30» (16), «15 734,73 ₽» (11; «586,00 ₽*»,
        // the settlement its prepayment paid, is 9), «11 поз.» (7); with the gaps, 3 + 16 + 11 + 7 +
        // 4 × 2 = 45 cells, and the shop gets 60 − 45 = 15: «Гипермаркет АШАН Сити» cut to 14 and «…».
        #expect(december.contains("\n#10  24.12.2024 19:45     239,80 ₽  2 поз.   Гипермаркет АШ…\n"), "\(december)")
        #expect(december.contains("\n#2   23.12.2024 08:46  15 734,73 ₽  26 поз.  METRO\n"), "\(december)")
        #expect(december.contains("\n#25  30.12.2024 14:30    586,00 ₽*  1 поз.   Ozon\n"), "\(december)")
    }
}
