import Foundation
import ReceiptTesting
import Testing

/// What `make install` puts in place, checked on the debug build (a release build takes many minutes):
/// the completion scripts, the man page, the installed tree that still runs after it is moved, and
/// `make uninstall` taking exactly that away.
@Suite("make install", .tags(.process), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct InstallTests {
    /// Every top-level command, which the completions and the man page must all know.
    static let commands = [
        "login", "logout", "passwd", "whoami", "import", "list", "show", "search", "history", "stats", "categories",
        "report", "places", "qr", "scan", "add", "serve", "demo", "backup", "fns", "complete",
    ]

    private struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    private func run(
        _ tool: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "en_US.UTF-8"]
            .merging(environment) { $1 }
        process.currentDirectoryURL = folder
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        let finished = try await ChildProcess(process).finished()
        return Run(
            status: finished.status, output: String(decoding: finished.output, as: UTF8.self),
            errors: String(decoding: finished.errors, as: UTF8.self))
    }

    /// The man page that swift-argument-parser's generate-manual writes for the built `receipts`.
    private func manual(in folder: TemporaryFolder) async throws -> String {
        let binaries = try CommandRunner.executable.deletingLastPathComponent()
        let tool = binaries.appendingPathComponent("generate-manual-tool").path
        try #require(
            FileManager.default.isExecutableFile(atPath: tool),
            "no generate-manual-tool: `make test` builds it (swift package plugin generate-manual --help)")
        let made = try await run(tool, [try CommandRunner.executable.path, "--output-directory", folder.path])
        #expect(made.status == 0, "\(made.errors)")
        return folder.file("receipts.1")
    }

    @Test("the completion scripts are valid and know every command")
    func completions() async throws {
        let folder = try TemporaryFolder()
        for shell in ["bash", "zsh", "fish"] {
            let script = try await CommandRunner().run(["--generate-completion-script", shell])
            #expect(script.status == 0, "\(shell): \(script.errors)")
            for command in Self.commands {
                #expect(script.output.contains(command), "the \(shell) completion misses \(command)")
            }
            let file = try folder.write(script.output, to: "receipts.\(shell)")
            if shell == "bash" {
                let checked = try await run("/bin/bash", ["-n", file])
                #expect(checked.status == 0, "bash -n: \(checked.errors)")
            }
        }
        #expect(
            try await CommandRunner().run(["--generate-completion-script", "zsh"]).output.hasPrefix("#compdef receipts")
        )
        #expect(
            try await CommandRunner().run(["--generate-completion-script", "fish"]).output.contains(
                "complete -c 'receipts'"))
    }

    @Test("the man page describes every command and renders")
    func manPage() async throws {
        let folder = try TemporaryFolder()
        let page = try String(contentsOfFile: try await manual(in: folder), encoding: .utf8)
        #expect(page.contains(".Dt RECEIPTS 1"))
        for command in Self.commands {
            #expect(page.contains(".It Em \(command)\n"), "the man page misses \(command)")
        }
        let rendered = try await run("/usr/bin/groff", ["-mdoc", "-Tutf8", folder.file("receipts.1")])
        #expect(rendered.status == 0, "\(rendered.errors)")
        #expect(rendered.output.contains("Exit codes"))
    }

    @Test("the installed tree runs from anywhere, moved too, and uninstall leaves no file of it")
    func installMoveUninstall() async throws {
        let folder = try TemporaryFolder()
        let manualFolder = try TemporaryFolder()
        let manualPage = try await manual(in: manualFolder)
        let binaries = try CommandRunner.executable.deletingLastPathComponent().path
        let make = Repository.root
        let installed = try await run(
            "/usr/bin/make",
            ["install-files", "PREFIX=\(folder.file("prefix"))", "BIN_PATH=\(binaries)", "MANUAL=\(manualPage)"],
            in: make)
        try #require(installed.status == 0, "\(installed.output)\(installed.errors)")

        try FileManager.default.moveItem(atPath: folder.file("prefix"), toPath: folder.file("moved"))
        let prefix = folder.file("moved")
        for file in [
            "bin/receipts", "libexec/receipts/receipts", "libexec/receipts/receipts_ReceiptAPI.resources/openapi.yaml",
            "libexec/receipts/receipts_ReceiptStats.resources/category-rules.txt",
            "share/bash-completion/completions/receipts", "share/zsh/site-functions/_receipts",
            "share/fish/vendor_completions.d/receipts.fish", "share/man/man1/receipts.1",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is not installed")
        }
        // fish finds the completion where the prefix puts it (its vendor folder under XDG_DATA_DIRS; for
        // the default ~/.local, ~/.local/share/fish/vendor_completions.d, which fish reads too).
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "make setup installs fish")
        let completed = try await run(
            "/usr/bin/fish", ["-c", "complete -C 'receipts st'"], in: URL(fileURLWithPath: NSTemporaryDirectory()),
            environment: ["XDG_DATA_DIRS": prefix + "/share", "PATH": prefix + "/bin:/usr/bin:/bin"])
        #expect(completed.output.hasPrefix("stats\t"), "fish: \(completed.output)\(completed.errors)")

        let help = try await run(prefix + "/bin/receipts", ["--help"], in: URL(fileURLWithPath: NSTemporaryDirectory()))
        #expect(help.status == 0 && help.output.contains("SUBCOMMANDS"), "\(help.errors)")
        let parsed = try await run(
            prefix + "/bin/receipts",
            ["qr", "parse", "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"],
            in: URL(fileURLWithPath: NSTemporaryDirectory()))
        #expect(parsed.status == 0 && parsed.output.contains("9251440300007971"), "\(parsed.errors)")

        let removed = try await run("/usr/bin/make", ["uninstall", "PREFIX=\(prefix)"], in: make)
        #expect(removed.status == 0, "\(removed.errors)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter { path in
            let type = try? FileManager.default.attributesOfItem(atPath: prefix + "/" + path)[.type]
            return type as? FileAttributeType != .typeDirectory
        }
        #expect(left.isEmpty, "uninstall left \(left)")
    }
}
