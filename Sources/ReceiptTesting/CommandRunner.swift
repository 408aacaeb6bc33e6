public import Foundation

/// Runs the built `receipts` executable as a person would, and collects what it printed.
public struct CommandRunner: Sendable {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        /// The exit code.
        public let status: Int32
        /// Standard output.
        public let output: String
        /// Standard error.
        public let errors: String

        /// A result from its parts: what a run in process gathered in its buffers.
        public init(status: Int32, output: Data, errors: Data) {
            self.status = status
            self.output = String(decoding: output, as: UTF8.self)
            self.errors = String(decoding: errors, as: UTF8.self)
        }

        init(_ outcome: ChildProcess.Outcome) {
            self.init(status: outcome.status, output: outcome.output, errors: outcome.errors)
        }
    }

    /// The executable next to the test bundle, which `swift build` puts in the same folder.
    public static var executable: URL {
        get throws {
            var folder = Bundle.main.bundleURL
            for _ in 0..<3 {
                let candidate = folder.appendingPathComponent("receipts")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
            throw CocoaError(.fileNoSuchFile)
        }
    }

    /// The whole environment of a run: nothing is inherited from the test's own.
    public var environment: [String: String] = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]

    /// The folder the command runs in; the test's own when nil.
    public var currentDirectory: String?

    /// The file-mode creation mask the command runs under; the test's own when nil.
    public var umask: Int?

    /// A runner with a bare environment (`PATH` and `HOME` only).
    public init() {}

    /// The process that runs `receipts` with `arguments`: directly, or through `sh` to set ``umask``.
    func process(_ arguments: [String]) throws -> Process {
        let process = Process()
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\"", try Self.executable.path] + arguments
        } else {
            process.executableURL = try Self.executable
            process.arguments = arguments
        }
        process.environment = environment
        return process
    }

    /// Runs `receipts` with `arguments`, writing `input` to its standard input, and awaits its end
    /// without holding a thread of Swift's concurrency pool (see ``ChildProcess``).
    public func run(_ arguments: [String], input: String? = nil) async throws -> Result {
        Result(try await launch(arguments, input: input).finished())
    }

    /// Starts `receipts` with `arguments`, its output and errors collected and `input` written to it.
    private func launch(_ arguments: [String], input: String?) throws -> ChildProcess {
        let process = try process(arguments)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = Pipe()
        return try ChildProcess(process, input: Data((input ?? "").utf8))
    }

    /// Starts `receipts` with `arguments` in the background, its output thrown away: for a test that
    /// acts while the command runs (kills it, or copies the database from under it).
    public func start(_ arguments: [String]) throws -> ChildProcess {
        let process = try process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return try ChildProcess(process)
    }

    /// The same runner with messages in English.
    public func english() -> CommandRunner {
        var runner = self
        runner.environment["LANG"] = "en_US.UTF-8"
        return runner
    }

    /// The same runner with messages in Russian.
    public func russian() -> CommandRunner {
        var runner = self
        runner.environment["LANG"] = "ru_RU.UTF-8"
        return runner
    }
}
