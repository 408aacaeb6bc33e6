import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptCommandLine

/// Every help screen and usage error of the command line, read as a Russian user reads them.
@Suite("receipts: help in both languages, usage errors, global options", .timeLimit(.minutes(20)))
struct HelpCommandTests {
    /// Latin words a Russian help screen may show besides option names and command names: names of
    /// formats and files, environment variables, values the user types, and examples.
    static let allowedLatin: Set<String> = [
        "receipts", "JSON", "CSV", "HTML", "Markdown", "PNG", "JPEG", "WebP", "PGM/PPM", "GeoJSON", "SQLite", "QR",
        "EXIF", "bcrypt", "ru", "en", "ru|en", "html", "md", "csv", "json", "html,md,csv,json", "category", "shop",
        "item", "month", "category|shop|item|month", "groceries", "demo", "Reports", "Reports/", "LANG", "RECEIPTS_DB",
        "RECEIPTS_LANG", "RECEIPTS_SERVER", "RECEIPTS_SERVER_DB", "id,name,lat,lon,category,address", "check.png",
        "PRAGMA", "integrity_check", "web", "N", "API", "UTC", "SMS", "+7XXXXXXXXXX", "fns|proverkacheka",
        "proverkacheka", "proverkacheka.com", "proverkacheka-token", "RECEIPTS_FNS_URL", "RECEIPTS_PROVERKACHEKA_TOKEN",
        "logfmt", "logfmt|json", "request_id", "PostgreSQL", "PGPASSWORD", "PGUSER", "sslmode", "OFX", "UTF-8",
        "Windows-1251", "OK", "beancount", "hledger", "beancount|hledger", "category|item", "cash", "Assets:Cash",
        "Assets:Card", "Assets:Prepaid", "Liabilities:Credit", "Assets:Receivable", "card", "prepaid", "credit",
        "x-forwarded-for|forwarded", "x-forwarded-for", "forwarded", "X-Forwarded-Proto", "nginx", "HAProxy", "Caddy",
        "RFC", "splitwise", "Splitwise", "beancount|hledger|splitwise", "RECEIPTS_LKDR_URL", "refreshToken", "owner",
        "editor", "viewer", "mbox", "Maildir", "IMAP", ".eml", "TLS", "INBOX", "PEM", "eml",
    ]

    /// The Latin words of `text` that are none of the allowed ones: not an option (`--json`), not a
    /// command, not a path, address or payload, and not in ``allowedLatin``.
    static func englishWords(in text: String, commands: Set<String>) -> [String] {
        let trim = CharacterSet(charactersIn: "()[]<>«»\"'.,;:…")
        return text.split(whereSeparator: \.isWhitespace).map(String.init).filter { word in
            let bare = word.trimmingCharacters(in: trim)
            guard bare.range(of: "[A-Za-z]", options: .regularExpression) != nil else { return false }
            if bare.hasPrefix("-") || bare.hasPrefix("$") || bare.contains("/") || bare.contains("=") { return false }
            if bare.hasPrefix("QR-") { return false }
            return !allowedLatin.contains(bare) && !commands.contains(bare)
        }
    }

    /// The commands a help screen lists under its commands heading.
    static func listedCommands(_ help: String, heading: String) -> [String] {
        guard let section = help.components(separatedBy: heading + "\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("  ") }
            .compactMap { line in
                line.hasPrefix("   ") ? nil : line.split(separator: " ").first.map(String.init)
            }
    }

    /// The help screen `receipts ARGUMENTS` prints, rendered in this process as the binary renders
    /// it (``HelpScreen/screen(for:language:width:)``), `width` columns wide.
    static func help(_ arguments: [String], _ language: Language, width: Int = 80) throws -> String {
        try #require(HelpScreen.screen(for: arguments, language: language, width: width), "\(arguments)")
    }

    /// Every command path, found by walking the help screens from the root.
    static func allCommands() throws -> [[String]] {
        var found: [[String]] = []
        var queue: [[String]] = [[]]
        while let path = queue.popLast(), path.count <= 3, found.count < 100 {
            found.append(path)
            let help = try help(path + ["--help"], .english)
            queue += listedCommands(help, heading: "SUBCOMMANDS:").map { path + [$0] }
        }
        return found
    }

    @Test("every help screen in Russian is Russian but for names and values, within 60 columns")
    func russianEverywhere() throws {
        let commands = try Self.allCommands()
        #expect(commands.count > 20)
        let names = Set(commands.flatMap { $0 } + ["help"])
        for path in commands {
            let output = try Self.help(path + ["--help", "--lang", "ru"], .russian, width: 60)
            #expect(output.contains("ИСПОЛЬЗОВАНИЕ: receipts"), "\(path)")
            let english = Self.englishWords(in: output, commands: names)
            #expect(english.isEmpty, "receipts \(path.joined(separator: " ")) --help: \(english)")
            for line in output.split(separator: "\n") where line.count > 60 {
                // Only a word too long for any line may stick out.
                #expect(line.split(separator: " ").contains { $0.count > 30 }, "too wide: \(line)")
            }
        }
    }

    @Test("a group's help is the group's, in both orders and through `help`; the root lists every command")
    func groups() async throws {
        let run = InProcessRunner()
        for group in ["places", "categories", "qr"] {
            let help = try await run.run([group, "--help", "--lang", "ru"])
            #expect(help.output.contains("ИСПОЛЬЗОВАНИЕ: receipts \(group) <команда>"), "\(group)")
            #expect(help.output.contains("КОМАНДЫ:"))
            #expect(try await run.run(["--lang", "ru", group, "--help"]).output == help.output)
            #expect(try await run.run(["help", group, "--lang", "ru"]).output == help.output)
        }
        let places = try await run.run(["places", "--help", "--lang", "ru"]).output
        #expect(places.contains("search (по умолчанию)") && places.contains("star") && places.contains("unstar"))
        let root = Self.listedCommands(try await run.run(["--help", "--lang", "en"]).output, heading: "SUBCOMMANDS:")
        for command in [
            "login", "logout", "passwd", "whoami", "import", "list", "show", "search", "history", "stats", "categories",
            "report",
            "places", "qr", "scan", "add", "serve", "demo",
        ] {
            #expect(root.contains(command), "\(command)")
        }
        #expect(try await run.run(["--lang", "ru"]).output == (try await run.run(["--help", "--lang", "ru"]).output))
        let qr = try await run.run(["qr", "--lang", "ru"])
        let qrHelp = try await run.run(["qr", "--help", "--lang", "ru"])
        #expect(qr.status == 0 && qr.output == qrHelp.output)
        #expect(try await run.run(["--lang", "ru", "qr"]).output == qr.output)
        // The screens the other tests render by `help(_:_:)` are the ones a run prints (and the built
        // binary prints the same as a run: BuiltCommandTests).
        for path in [[], ["stats"], ["bank", "import"], ["categories"]] {
            let printed = try await run.run(path + ["--help", "--lang", "ru"]).output
            #expect(printed == (try Self.help(path + ["--help", "--lang", "ru"], .russian)) + "\n", "\(path)")
        }
    }

    @Test("help texts are right: one default each, the server's database for serve, places for places")
    func helpTexts() throws {
        for path in try Self.allCommands() {
            for language in [Language.english, .russian] {
                let help = try Self.help(path + ["--help"], language)
                let word = language == .english ? "default" : "по умолчанию"
                for option in help.components(separatedBy: "\n  -").dropFirst() {
                    let mentions = option.components(separatedBy: word).count - 1
                    #expect(mentions <= 1, "\(path) \(language): \(option)")
                }
            }
        }
        let serve = try Self.help(["serve", "--help"], .english)
        #expect(serve.contains("server.sqlite") && !serve.contains("receipts.sqlite"))
        #expect(!serve.contains("--server <url>"))
        let places = try Self.help(["places", "search", "--help"], .english)
        #expect(places.contains("Page of 50 places") && !places.contains("receipts (from 1)"))
    }

    @Test("usage errors are in the user's language, exit 2")
    func usageErrors() async throws {
        let run = InProcessRunner().russian()
        let names: Set<String> = ["receipts", "qr", "parse", "list", "stats", "places", "search"]
        let cases: [([String], String)] = [
            (["qr", "parse"], "не хватает аргумента '<код>'"),
            (["qr", "parse", "--frobnicate", "x"], "неизвестный параметр '--frobnicate'"),
            (["list", "--page", "x"], "значение 'x' не подходит для '--page <число>'"),
            (["stats", "--by", "colour"], "Укажите одно из: 'category', 'shop', 'item' или 'month'."),
            (["places", "--lat"], "нет значения для '--lat <широта>'"),
            (["list", "--json=yes"], "параметр '--json' не принимает значения, а дано 'yes'."),
            (["list", "extra"], "лишний аргумент 'extra'"),
        ]
        for (arguments, message) in cases {
            let result = try await run.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
            #expect(result.errors.contains("Использование: receipts"), "\(arguments)")
            let english = Self.englishWords(in: result.errors, commands: names)
                .filter {
                    !["yes", "extra", "colour", "x"].contains($0.trimmingCharacters(in: .punctuationCharacters))
                }
            #expect(english.isEmpty, "\(arguments): \(english)")
        }
    }

    @Test("a word that names no command is said to be none, with the command it was likely meant to be (issue 50)")
    func unknownCommand() async throws {
        // Before: `Unexpected argument 'lst'`, and with `--lang ru` after it, «неизвестный параметр '--lang'».
        let cases: [([String], String)] = [
            (["lst"], "no command 'lst'. Did you mean receipts list? Every command: receipts --help"),
            (["improt", "file.json"], "no command 'improt'. Did you mean receipts import?"),
            (["bnak", "import"], "no command 'bnak'. Did you mean receipts bank?"),
            (["--lang", "ru", "stas"], "нет команды «stas». Может быть, receipts stats?"),
            (["lst", "--lang", "ru"], "нет команды «lst». Может быть, receipts list?"),
            (["xyz"], "no command 'xyz'. Every command: receipts --help"),
        ]
        for (arguments, message) in cases {
            let result = try await InProcessRunner().english().run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        // Edit distance: a swap is one step, so `lsit` is `list`; a word far from all is none.
        let names = ["list", "import", "stats", "show", "search"]
        #expect(UsageFailure.closest(to: "lsit", among: names) == "list")
        #expect(UsageFailure.closest(to: "imp", among: names) == "import")
        #expect(UsageFailure.closest(to: "zzzzzz", among: names) == nil)
    }

    @Test("global options go before or after the command, with their values apart or after =")
    func globalOptionsEitherSide() async throws {
        let folder = try TemporaryFolder()
        let database = folder.file("receipts.sqlite")
        let run = InProcessRunner()
        let payload = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"
        let after = try await run.run(["qr", "parse", payload, "--lang", "ru", "--quiet"])
        #expect(after.status == 0 && after.output.contains("Нормальный вид"))
        #expect(try await run.run(["--lang", "ru", "--quiet", "qr", "parse", payload]).output == after.output)
        #expect(try await run.run(["--lang=ru", "qr", "parse", payload]).output == after.output)

        #expect(try await run.run(["--db", database, "add", "--qr", payload]).status == 0)
        #expect(FileManager.default.fileExists(atPath: database))
        let second = folder.file("second.sqlite")
        #expect(try await run.run(["--db=\(second)", "--verbose", "add", "--qr", payload]).status == 0)
        #expect(FileManager.default.fileExists(atPath: second))
        let listed = try await run.run(["--db", second, "--lang", "en", "list", "--json"])
        #expect(listed.status == 0 && listed.output.contains("2019-03-20"))

        let server = try await run.run(["--server", "ftp://x", "--lang", "en", "whoami"])
        #expect(server.status == 2 && server.errors.contains("is not a server address"))
        #expect(try await run.run(["--quiet", "--verbose", "qr", "parse", payload]).status == 2)
        // The parser's own check still answers for what follows the command.
        #expect(try await run.run(["--lang", "ru", "places", "--lat", "-33.92"]).errors.contains("нужна точка"))
    }

    @Test("--version prints the newest version of CHANGELOG.md, in either language, and exits 0")
    func version() async throws {
        let run = InProcessRunner()
        let changelog = String(decoding: try Repository.data("CHANGELOG.md"), as: UTF8.self)
        // The first "## 0.3.0 (…)" heading: its first word is the newest version.
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let newest = String(heading.dropFirst(3).prefix { !$0.isWhitespace && $0 != ":" })
        for language in ["en", "ru"] {
            let printed = try await run.run(["--version", "--lang", language])
            #expect(printed.status == 0)
            #expect(printed.output == newest + "\n")
        }
        #expect(
            try await run.run(["help", "--lang", "ru"]).output.contains("--version               Показать версию."))
    }
}

/// The built `receipts` is the command line the in-process tests run: its `main` hands the process's
/// arguments, environment and streams to ``ReceiptsCommandLine/run(arguments:context:)``.
@Suite(
    "the built receipts prints what the command line prints in process", .tags(.process), .wholeSuiteOnly,
    .timeLimit(.minutes(20)))
struct BuiltCommandTests {
    @Test("help screens, a usage error, a failure and a result: the same text, stream and exit status")
    func sameAsInProcess() async throws {
        // Each over a database and configuration of its own, the same run after run.
        let (processFolder, inProcessFolder) = (try TemporaryFolder(), try TemporaryFolder())
        var process = CommandRunner().russian()
        process.environment["XDG_CONFIG_HOME"] = processFolder.file("config")
        process.environment["RECEIPTS_DB"] = processFolder.file("receipts.sqlite")
        var inProcess = InProcessRunner().russian()
        inProcess.environment["XDG_CONFIG_HOME"] = inProcessFolder.file("config")
        inProcess.environment["RECEIPTS_DB"] = inProcessFolder.file("receipts.sqlite")
        let payload = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"
        let runs: [(arguments: [String], status: Int32)] = [
            ([], 0), (["stats", "--help"], 0), (["bank", "import", "--help"], 0), (["categories", "--help"], 0),
            (["list", "--page", "x"], 2), (["list"], 3), (["qr", "parse", "x=1"], 6),
            (["add", "--qr", payload], 0), (["list", "--json"], 0), (["--version"], 0),
        ]
        for (arguments, status) in runs {
            let printed = try await process.run(arguments)
            let inside = try await inProcess.run(arguments)
            #expect(printed.status == status, "\(arguments): \(printed.errors)")
            #expect(inside.status == printed.status, "\(arguments)")
            // The folders' names differ where a message names the database.
            let named = { (text: String) in
                text.replacingOccurrences(of: inProcessFolder.path, with: processFolder.path)
            }
            #expect(named(inside.output) == printed.output, "\(arguments)")
            #expect(named(inside.errors) == printed.errors, "\(arguments)")
        }
    }
}
