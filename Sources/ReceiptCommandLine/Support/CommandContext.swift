public import Foundation
import Synchronization

/// What a run of the command line is given by whoever runs it: its environment, where its results
/// and messages go, and where its answers come from. `main` gives the process's own
/// (``process``); a test gives buffers and an environment of its own, and runs the command in
/// process (``ReceiptsCommandLine/run(arguments:context:)``).
///
/// Nothing a command does reads the process's environment or writes to its standard streams
/// directly: it asks the run it belongs to (`CommandRun.current`), so that runs of one process
/// do not see each other's.
public struct CommandContext: Sendable {
    /// The variables the run sees (`RECEIPTS_DB`, `XDG_CONFIG_HOME`, `LANG`, `COLUMNS`…).
    public var environment: [String: String]
    /// Standard output: the results.
    public var output: CommandOutput
    /// Standard error: notes, progress and failures.
    public var errors: CommandOutput
    /// Standard input: answers to prompts, and data a command reads (`qr parse -`).
    public var input: CommandInput

    /// A context of the caller's own.
    public init(environment: [String: String], output: CommandOutput, errors: CommandOutput, input: CommandInput) {
        self.environment = environment
        self.output = output
        self.errors = errors
        self.input = input
    }

    /// The process's environment and its standard streams: what `main` runs with.
    public static let process = CommandContext(
        environment: ProcessInfo.processInfo.environment, output: .descriptor(STDOUT_FILENO),
        errors: .descriptor(STDERR_FILENO), input: .standardInput)
}

/// A stream a command writes to: one of the process's (a terminal, a file, a pipe), or a buffer a
/// test reads afterwards, which may pretend to be a terminal of a given width.
public final class CommandOutput: Sendable {
    private let descriptor: Int32?
    private let buffer = Mutex(Data())
    private let fixedColumns: Int?
    /// Whether the stream is a terminal: colours, live lines and tables cut to its width.
    public let isTerminal: Bool

    private init(descriptor: Int32?, isTerminal: Bool, columns: Int?) {
        self.descriptor = descriptor
        self.isTerminal = isTerminal
        self.fixedColumns = columns
    }

    /// One of the process's own streams, a terminal or not as it is.
    public static func descriptor(_ descriptor: Int32) -> CommandOutput {
        CommandOutput(descriptor: descriptor, isTerminal: isatty(descriptor) == 1, columns: nil)
    }

    /// A buffer: not a terminal, or a terminal `columns` wide when they are given.
    public static func buffer(terminalColumns columns: Int? = nil) -> CommandOutput {
        CommandOutput(descriptor: nil, isTerminal: columns != nil, columns: columns)
    }

    /// What was written to a buffer so far; empty for a stream of the process.
    public var data: Data { buffer.withLock { $0 } }

    /// The terminal's width in columns, when the stream is a terminal and says it.
    var columns: Int? {
        guard isTerminal else { return nil }
        if let fixedColumns { return fixedColumns }
        var size = winsize()
        guard let descriptor, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    func write(_ text: String) {
        write(Data(text.utf8))
    }

    func write(_ data: Data) {
        guard !data.isEmpty else { return }
        if let descriptor {
            FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(data)
        } else {
            buffer.withLock { $0.append(data) }
        }
    }
}

/// Where a command's standard input comes from: the process's, or text given beforehand.
public final class CommandInput: Sendable {
    private let fromProcess: Bool
    private let given: Mutex<Data>
    /// Whether it is a terminal: passwords are then read with the echo off.
    public let isTerminal: Bool

    private init(given: Data?, isTerminal: Bool) {
        self.fromProcess = given == nil
        self.given = Mutex(given ?? Data())
        self.isTerminal = isTerminal
    }

    /// The process's standard input.
    public static var standardInput: CommandInput { CommandInput(given: nil, isTerminal: isatty(STDIN_FILENO) == 1) }

    /// `text`, read as a pipe would give it, and then the end of input.
    public static func text(_ text: String) -> CommandInput { CommandInput(given: Data(text.utf8), isTerminal: false) }

    /// The next line without its line break, or nil at the end of input.
    func line() -> String? {
        guard !fromProcess else { return readLine(strippingNewline: true) }
        return given.withLock { data in
            guard !data.isEmpty else { return nil }
            let end = data.firstIndex(of: UInt8(ascii: "\n"))
            var line = data[..<(end ?? data.endIndex)]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            data = end.map { Data(data[data.index(after: $0)...]) } ?? Data()
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// Everything left until the end of input.
    func rest() -> Data {
        guard !fromProcess else { return FileHandle.standardInput.readDataToEndOfFile() }
        return given.withLock { data in
            defer { data = Data() }
            return data
        }
    }
}

/// One run of the command line: the context it was given, the live line over its standard error,
/// and the databases it opened, closed when it ends. Bound for the run's task and the tasks it
/// starts; outside a run, the process's.
final class CommandRun: Sendable {
    let context: CommandContext
    let liveLine: LiveLine
    let databases = OpenedDatabases()

    init(_ context: CommandContext) {
        self.context = context
        self.liveLine = LiveLine(output: context.output, errors: context.errors)
    }

    /// The run this task belongs to.
    @TaskLocal static var current = CommandRun(.process)

    /// The run's environment.
    static var environment: [String: String] { current.context.environment }
}
