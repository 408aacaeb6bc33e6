import Foundation
import ReceiptCore

/// Where the command line writes: results to standard output, everything else to standard error,
/// colours only on a terminal and never with `NO_COLOR`. Standard error passes through the
/// ``LiveLine``, so that no message runs into a progress bar or a status line.
///
/// A console also carries the run's ``Words``: the helpers a command hands its console to speak in
/// the command's language.
struct Console: Sendable {
    var quiet = false
    var verbose = false
    /// The words of the run, in the language its options chose.
    let words: Words

    /// The console of the argument parser, before and after a command runs: in the run's language
    /// (``HelpText/language``).
    static var standard: Console { Console(words: Words(HelpText.language)) }

    init(quiet: Bool = false, verbose: Bool = false, words: Words) {
        self.quiet = quiet
        self.verbose = verbose
        self.words = words
    }

    init(_ options: OutputOptions) {
        self.init(quiet: options.quiet, verbose: options.verbose, words: Words(options))
    }

    init(_ options: GlobalOptions) {
        self.init(options.output)
    }

    /// A result: always printed. Like every message, shown as a terminal may show it without obeying
    /// it: the control characters a receipt's names may hold appear as `␛`, `␇`… (``Swift/StringProtocol/visible(keepingLines:)``).
    func output(_ text: String, terminator: String = "\n") {
        LiveLine.current.output((text + terminator).visible(keepingLines: true))
    }

    /// A drawing made of the program's own characters (a QR code in half blocks): always printed, as
    /// dark ink on a light background whatever the terminal's colours, when standard output is a
    /// terminal that takes colours.
    func output(drawing lines: [String]) {
        let painted = Self.usesColour(CommandRun.current.context.output)
        let text = lines.map { painted ? "\u{1B}[30;107m\($0)\u{1B}[0m" : $0 }.joined(separator: "\n")
        LiveLine.current.output(text + "\n")
    }

    /// A note for a person watching, left out with `--quiet`.
    func note(_ text: String) {
        guard !quiet else { return }
        LiveLine.current.write((text + "\n").visible(keepingLines: true))
    }

    /// A detail for someone finding out what happened, shown with `--verbose` only.
    func detail(_ text: String) {
        guard verbose else { return }
        LiveLine.current.write((text + "\n").visible(keepingLines: true))
    }

    /// A warning the user must see: printed on standard error even with `--quiet`, after
    /// `receipts: warning:` (yellow on a terminal).
    func warning(_ text: String) {
        let errors = CommandRun.current.context.errors
        let prefix = Self.paint("receipts: \(words.warningPrefix):", code: "33", on: errors)
        LiveLine.current.write("\(prefix) \(text)\n".visible(keepingLines: true))
    }

    /// Prints why a command failed and returns the exit code that says so.
    func fail(_ error: any Error) -> Int32 {
        let failure = CommandFailure(error)
        LiveLine.current.end()
        let errors = CommandRun.current.context.errors
        let prefix = Self.paint("receipts: \(words.errorPrefix):", code: "31", on: errors)
        let message = failure.message(in: words.language).visible(keepingLines: true)
        errors.write("\(prefix) \(message)\n")
        return failure.status.rawValue
    }

    /// Wraps text in an ANSI colour when the stream is a terminal and `NO_COLOR` is not set.
    static func paint(_ text: String, code: String, on stream: CommandOutput) -> String {
        guard usesColour(stream) else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    static func usesColour(_ stream: CommandOutput) -> Bool {
        stream.isTerminal && CommandRun.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    /// The width tables must fit: `COLUMNS` when it is set, wherever the output goes (as `ls` and the
    /// help screens take it); else the terminal's own (80 when it does not say); unlimited when the
    /// output goes to a file or a pipe, so that lines stay whole for `grep` and `cut`. Shells keep
    /// `COLUMNS` to themselves unless it is exported, so a pipe is cut only when asked.
    static var width: Int {
        if let columns = CommandRun.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        let output = CommandRun.current.context.output
        guard output.isTerminal else { return Int.max / 2 }
        return output.columns ?? 80
    }
}
