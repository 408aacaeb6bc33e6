import Foundation
import ReceiptTesting
import Testing

/// A receipt whose shop and item names carry terminal escape sequences, a line break and HTML, as
/// the security review sent them (issue 31): every command that prints names shows them, at a
/// terminal, without obeying them; the CSV and Markdown reports keep them as text.
@Suite(
    "receipts prints names from receipts without obeying them",
    .timeLimit(.minutes(20)))
struct EscapedNamesCommandTests {
    /// OSC 0 retitles the window, CSI 2J clears the screen, OSC 52 writes the clipboard.
    static let sequences = ["\u{1B}]0;pwned", "\u{1B}[2J", "\u{1B}]52;", "\u{07}", "\nFAKE LINE"]

    @Test("list, show, search, stats, shops, categories and prices at a pseudo-terminal; CSV and Markdown files")
    func escapedEverywhere() async throws {
        let folder = try TemporaryFolder()
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        // The names as JSON escapes them, in a document shaped as the tax service's app exports one.
        let file = try folder.write(
            #"""
            {"dateTime": "2019-03-20T12:00:00", "operationType": 1, "totalSum": 100, "cashTotalSum": 0,
             "ecashTotalSum": 100, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 77,
             "fiscalSign": 4087570038, "user": "=HYPERLINK(\"http://x\") Evil\u001b]0;pwned\u0007",
             "userInn": "5401234567",
             "retailPlace": "=HYPERLINK(\"http://x\")\u001b[2J<img src=x onerror=alert(1)>",
             "items": [{"name": "Молоко <b>\u001b]52;c;ZXZpbA==\u0007\nFAKE LINE", "price": 100, "quantity": 1,
                        "sum": 100, "nds": 2}]}
            """#, to: "evil.json")
        #expect(try await run.run(["import", file]).status == 0)
        for command in [
            ["list"], ["show", "1"], ["search", "молоко"], ["stats"], ["stats", "--by", "shop"], ["shops"],
            ["categories"], ["prices", "молоко"], ["stats", "--csv", "--by", "item"],
        ] {
            let result = try await run.runOnTerminal(command, columns: 200)
            #expect(result.status == 0, "\(command): \(result.errors)")
            // CSV keeps a line break inside its quoted cell, as RFC 4180 writes one.
            for sequence in Self.sequences where !(command.contains("--csv") && sequence == "\nFAKE LINE") {
                #expect(!result.output.contains(sequence), "\(command) printed \(sequence.debugDescription)")
            }
            // `categories` lists categories, and no name of this receipt is left to choose for.
            if command != ["categories"] { #expect(result.output.contains("␛"), "\(command): \(result.output)") }
        }
        // The CSV begins the shop's cell with ' (no formula); the Markdown writes its HTML as text.
        #expect(try await run.run(["report", "--format", "csv,md", "--out", folder.file("reports")]).status == 0)
        let csv = try String(contentsOfFile: folder.file("reports/spending-2019-03.csv"), encoding: .utf8)
        #expect(!csv.contains("\u{1B}"))
        let shops = try await run.run(["stats", "--csv", "--by", "shop"]).output
        // The shop is named by its seller, quotes dropped (ShopName): `=HYPERLINK(http://x) Evil…`.
        #expect(shops.contains("\n'=HYPERLINK("), "\(shops)")
        let markdown = try String(contentsOfFile: folder.file("reports/spending-2019-03.md"), encoding: .utf8)
        #expect(markdown.contains("| Молоко &lt;b&gt;␛\\]52;c;ZXZpbA==␇␊FAKE LINE |"), "\(markdown)")
        #expect(!markdown.contains("<") && !markdown.contains("\u{1B}") && !markdown.contains("\nFAKE LINE"))
    }

    /// A run in English over a database of its own in `folder`, with `document` (shaped as the tax
    /// service's app exports one) imported.
    static func importing(_ document: String, in folder: TemporaryFolder) async throws -> InProcessRunner {
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        #expect(try await run.run(["import", try folder.write(document, to: "receipt.json")]).status == 0)
        return run
    }

    /// Issue 49: `show` printed a seller's and an address's line breaks as they came, so a receipt
    /// could print lines of its own under the shop. Before the change this test failed with lines
    /// `FAKE SELLER, INN 5401234567` and `FAKE ADDRESS` of their own; now each field is one line,
    /// its breaks shown as `␊` (and `\r` as `␍`).
    @Test("show prints a seller and an address with line breaks on one line each")
    func lineBreaksInFields() async throws {
        let folder = try TemporaryFolder()
        let run = try await Self.importing(
            #"""
            {"dateTime": "2019-03-20T12:00:00", "operationType": 1, "totalSum": 100, "cashTotalSum": 0,
             "ecashTotalSum": 100, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 78,
             "fiscalSign": 4087570039, "user": "ООО Ромашка\nFAKE SELLER", "userInn": "5401234567",
             "retailPlaceAddress": "г. Москва,\r\nFAKE ADDRESS",
             "items": [{"name": "Хлеб", "price": 100, "quantity": 1, "sum": 100, "nds": 2}]}
            """#, in: folder)
        for command in [["show", "1"], ["show", "1", "--share"], ["list"], ["shops"], ["search", "хлеб"]] {
            let result = try await run.runOnTerminal(command, columns: 200)
            #expect(result.status == 0, "\(command): \(result.errors)")
            let lines = result.output.split(separator: "\n").map { String($0) }
            #expect(!lines.contains { $0.hasPrefix("FAKE") }, "\(command): \(result.output)")
            #expect(!result.output.contains("\r"), "\(command): \(result.output)")
        }
        // The seller's line as `show` prints it: `ООО Ромашка␊FAKE SELLER, INN 5401234567`; the
        // address `г. Москва,␍␊FAKE ADDRESS`.
        let shown = try await run.runOnTerminal(["show", "1"], columns: 200).output
        #expect(shown.contains("ООО Ромашка␊FAKE SELLER, INN 5401234567"), "\(shown)")
        #expect(shown.contains("г. Москва,␍␊FAKE ADDRESS"), "\(shown)")
    }

    /// Issue 49: a Markdown report kept a name's `![x](http://…)` and `[x](http://…)` live, so a
    /// viewer fetched the image on opening the report. Read by a real CommonMark renderer
    /// (markdown-it-py, which `make test` installs in `.build/markdown-venv`), the report's cells are
    /// text: no `<img>`, no `<a>`. Before the change this test failed: the HTML held
    /// `<img src="http://127.0.0.1:9/a.png" alt="x" />` and `<a href="http://127.0.0.1:9/">click</a>`.
    @Test("a Markdown report shows link and image syntax in names as text", .tags(.process), .wholeSuiteOnly)
    func markdownLinksInert() async throws {
        let folder = try TemporaryFolder()
        let run = try await Self.importing(
            #"""
            {"dateTime": "2019-03-20T12:00:00", "operationType": 1, "totalSum": 300, "cashTotalSum": 0,
             "ecashTotalSum": 300, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 79,
             "fiscalSign": 4087570040, "user": "![x](http://127.0.0.1:9/a.png)", "userInn": "5401234567",
             "retailPlace": "![x](http://127.0.0.1:9/a.png)",
             "items": [{"name": "[click](http://127.0.0.1:9/)", "price": 100, "quantity": 1, "sum": 100, "nds": 2},
                       {"name": "<http://127.0.0.1:9/auto>", "price": 100, "quantity": 1, "sum": 100, "nds": 2},
                       {"name": "\\[x\\](http://127.0.0.1:9/b)", "price": 100, "quantity": 1, "sum": 100, "nds": 2}]}
            """#, in: folder)
        #expect(try await run.run(["report", "--format", "md", "--out", folder.file("reports")]).status == 0)
        let markdown = try String(contentsOfFile: folder.file("reports/spending-2019-03.md"), encoding: .utf8)
        // Each of `[ ] ! ( )` and a name's own backslash is escaped: `\[click\]\(http://127.0.0.1:9/\)`.
        #expect(markdown.contains(#"\[click\]\(http://127.0.0.1:9/\)"#), "\(markdown)")
        let python = Repository.url(".build/markdown-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record(
                "no markdown-it-py at \(python): `make test` installs it (make .build/markdown-venv/markdown-it-py-4.0.0.installed)"
            )
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c",
            "import sys; from markdown_it import MarkdownIt; "
                + "sys.stdout.write(MarkdownIt('commonmark').enable('table').render(open(sys.argv[1]).read()))",
            folder.file("reports/spending-2019-03.md"),
        ]
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        let rendered = try await ChildProcess(process).finished()
        #expect(rendered.status == 0, "\(String(decoding: rendered.errors, as: UTF8.self))")
        let html = String(decoding: rendered.output, as: UTF8.self)
        #expect(!html.contains("<img") && !html.contains("<a "), "\(html)")
        // The names are there, as text: the item's cell reads `[click](http://127.0.0.1:9/)`, the
        // autolink's `&lt;http://127.0.0.1:9/auto&gt;`, the escaped one `\[x\](http://127.0.0.1:9/b)`.
        #expect(html.contains("<td>[click](http://127.0.0.1:9/)</td>"), "\(html)")
        #expect(html.contains("&lt;http://127.0.0.1:9/auto&gt;"), "\(html)")
        #expect(html.contains(#"<td>\[x\](http://127.0.0.1:9/b)</td>"#), "\(html)")
        #expect(html.contains("http://127.0.0.1:9/a.png"), "\(html)")
    }
}
