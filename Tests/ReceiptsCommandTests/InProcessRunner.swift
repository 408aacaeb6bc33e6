import Foundation
import ReceiptCommandLine
import ReceiptTesting

/// Runs `receipts` in this process, as `main` does, with an environment and streams of its own: what
/// a command prints, its exit status and its files, without starting a process. ``CommandRunner``
/// stays for what only a process shows (signals, a terminal, the file-mode mask, the working folder,
/// the time zone, a run killed halfway).
struct InProcessRunner: Sendable {
    /// The whole environment of a run: nothing is inherited from the test's own.
    var environment: [String: String] = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]

    /// A runner with a bare environment (`PATH` and `HOME` only).
    init() {}

    /// Runs `receipts` with `arguments`, `input` as its standard input, and returns what it printed.
    /// A time zone other than the process's cannot be given in process: the test is told so.
    func run(_ arguments: [String], input: String? = nil) async throws -> CommandRunner.Result {
        try await run(arguments, input: input, terminalColumns: nil)
    }

    /// Runs `receipts` with its standard output taken for a terminal `columns` wide, as
    /// ``CommandRunner/runOnTerminal(_:columns:)`` does with a pseudo-terminal (standard error not a
    /// terminal, standard input empty).
    func runOnTerminal(_ arguments: [String], columns: Int = 80) async throws -> CommandRunner.Result {
        try await run(arguments, input: nil, terminalColumns: columns)
    }

    private func run(_ arguments: [String], input: String?, terminalColumns: Int?) async throws
        -> CommandRunner.Result
    {
        if Self.asProcesses {
            var runner = CommandRunner()
            runner.environment = environment
            guard let terminalColumns else { return try await runner.run(arguments, input: input) }
            return try await runner.runOnTerminal(arguments, columns: terminalColumns)
        }
        if let zone = environment["TZ"], zone != ProcessInfo.processInfo.environment["TZ"] {
            throw InProcessLimit(reason: "TZ=\(zone) differs from the test process's; run it with CommandRunner")
        }
        let output = CommandOutput.buffer(terminalColumns: terminalColumns)
        let errors = CommandOutput.buffer()
        let context = CommandContext(
            environment: environment, output: output, errors: errors, input: .text(input ?? ""))
        let status = await ReceiptsCommandLine.run(arguments: arguments, context: context)
        return CommandRunner.Result(status: status, output: output.data, errors: errors.data)
    }

    /// Whether the runs are processes after all (`RECEIPTS_TEST_COMMANDS=process`): to compare, or to
    /// tell whether a failure is one of running in process.
    static let asProcesses = ProcessInfo.processInfo.environment["RECEIPTS_TEST_COMMANDS"] == "process"

    /// The same runner with messages in English.
    func english() -> InProcessRunner {
        var runner = self
        runner.environment["LANG"] = "en_US.UTF-8"
        return runner
    }

    /// The same runner with messages in Russian.
    func russian() -> InProcessRunner {
        var runner = self
        runner.environment["LANG"] = "ru_RU.UTF-8"
        return runner
    }
}

/// What a run in process cannot do that a process can.
struct InProcessLimit: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
