import Foundation
import ReceiptTesting
import Testing

@Suite("Tables on a terminal", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct TerminalWidthTests {
    /// Amounts, percentages, dates and distances as both languages print them: what must stay whole.
    static let numbers = try? NSRegularExpression(
        pattern: #"RUB -?[\d,]+\.\d\d|-?\d{1,3}(?:\x{A0}\d{3})*,\d\d\x{A0}₽|[+-]?\d+,\d\x{A0}%|[+-]?\d+\.\d%"#
            + #"|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d|\d+(?:[.,]\d)? (?:m|km|м|км)\b"#)

    static func numbers(in text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return (numbers?.matches(in: text, range: range) ?? []).compactMap { Range($0.range, in: text) }
            .map { String(text[$0]) }.sorted()
    }

    /// Terminal cells: one a character for the text the demo prints (Cyrillic, `₽`, no-break spaces).
    static func widest(_ text: String) -> Int { text.split(separator: "\n").map(\.count).max() ?? 0 }

    @Test("every table fits a 60-column terminal with its numbers whole; into a pipe nothing is cut")
    func sixtyColumns() async throws {
        let server = try await DemoServerProcess(receipts: 300)
        let english = server.runner()
        #expect(try await english.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await english.run(["import", "--quiet"]).status == 0)
        let listing = try JSONSerialization.jsonObject(
            with: Data(try await english.run(["list", "--json"]).output.utf8))
        let months = try #require((listing as? [String: Any])?["months"] as? [[String: Any]])
        let month = try #require(months.dropFirst().first?["month"] as? String)
        let receipts = months.flatMap { $0["receipts"] as? [[String: Any]] ?? [] }
        // The receipt with the longest shop name, so that something must be cut.
        let long = try #require(
            receipts.max { ($0["place"] as? String ?? "").count < ($1["place"] as? String ?? "").count })
        let id = try #require(long["id"] as? Int)
        let commands: [[String]] = [
            ["list"], ["list", "--month", month], ["show", String(id)], ["search", "молоко"], ["stats"],
            ["stats", "--month", month], ["stats", "--by", "month"], ["stats", "--by", "item"],
            ["stats", "--by", "shop"], ["categories"], ["places", "--near", "55.7558,37.6173"],
        ]
        var cut = false
        for language in ["en", "ru"] {
            let run = server.runner(language: language)
            for command in commands {
                let terminal = try await run.runOnTerminal(command, columns: 60)
                let pipe = try await run.run(command)
                #expect(terminal.status == 0 && pipe.status == 0, "\(command) \(terminal.errors)")
                #expect(Self.widest(terminal.output) <= 60, "\(language) \(command):\n\(terminal.output)")
                #expect(
                    Self.numbers(in: terminal.output) == Self.numbers(in: pipe.output),
                    "\(language) \(command):\n\(terminal.output)")
                #expect(!pipe.output.contains("…"), "\(command)")
                cut = cut || terminal.output.contains("…")
            }
            #expect(Self.widest(try await run.run(["list"]).output) > 60)
            #expect(Self.widest(try await run.run(["stats", "--month", month]).output) > 60)
        }
        #expect(cut)
    }

}

/// What a terminal's width does to the tables, in process: standard output a terminal 200 columns
/// wide (``InProcessRunner/runOnTerminal(_:columns:)``), over the demo's receipts written straight
/// into the database (``DemoDatabase``). `TerminalWidthTests` draws them on a real pseudo-terminal.
@Suite("Tables on a terminal as wide as COLUMNS says", .timeLimit(.minutes(20)))
struct ColumnsVariableTests {
    @Test("COLUMNS sets the width on a terminal and into a pipe; without it a pipe is never cut")
    func columnsVariable() async throws {
        let folder = try TemporaryFolder()
        var run = try DemoDatabase.runner(receipts: 60, in: folder).russian()
        let listing = try JSONSerialization.jsonObject(with: Data(try await run.run(["list", "--json"]).output.utf8))
        let months = try #require((listing as? [String: Any])?["months"] as? [[String: Any]])
        // A whole month: its table has both change columns, wider than 60 when nothing is fitted.
        let command = ["stats", "--month", try #require(months.dropFirst().first?["month"] as? String)]
        #expect(TerminalWidthTests.widest(try await run.runOnTerminal(command, columns: 200).output) > 60)
        let whole = try await run.run(command)
        #expect(TerminalWidthTests.widest(whole.output) > 60)
        run.environment["COLUMNS"] = "60"
        let narrow = try await run.runOnTerminal(command, columns: 200)
        #expect(narrow.status == 0)
        #expect(TerminalWidthTests.widest(narrow.output) <= 60)
        // Asked for, the width holds into a pipe too: the same lines as on the terminal.
        #expect(try await run.run(command).output == narrow.output)
        #expect(TerminalWidthTests.numbers(in: whole.output) == TerminalWidthTests.numbers(in: narrow.output))
    }
}
