public import Foundation
import Synchronization

/// The built `receipts` on a pseudo-terminal of its own, as a person at a terminal runs it: its
/// standard input, output and error are the terminal, so it prompts, hides a password, draws
/// progress and status lines in place; the test reads what it drew and types answers.
public final class TerminalSession: Sendable {
    /// Everything the program drew so far, as the terminal got it (`\r\n` line ends, escape codes).
    public var transcript: String { String(decoding: received.bytes.withLock { $0 }, as: UTF8.self) }

    private let process: ChildProcess
    private let master: Int32
    private let received = Received()
    /// Fulfilled when the reader has read the terminal to its end.
    private let drained = Eventual<Bool>()

    /// What the reader thread has read from the terminal, and what is to be done the moment some
    /// text appears in it.
    private final class Received: Sendable {
        let bytes = Mutex(Data())
        let watches = Mutex<[(text: String, action: @Sendable () -> Void)]>([])

        /// Runs, once each, the actions whose text the terminal now shows.
        func fire() {
            let now = String(decoding: bytes.withLock { $0 }, as: UTF8.self)
            let due = watches.withLock { watches in
                let due = watches.filter { now.contains($0.text) }
                watches.removeAll { now.contains($0.text) }
                return due
            }
            for watch in due { watch.action() }
        }
    }

    /// Starts `receipts arguments` with `runner`'s environment on a terminal `columns` wide.
    public init(_ arguments: [String], runner: CommandRunner = CommandRunner(), columns: Int = 80) throws {
        // posix_openpt and ptsname are not visible to Swift (they need _XOPEN_SOURCE): the same by
        // Linux's multiplexer and its two ioctls, TIOCSPTLCK and TIOCGPTN (asm-generic/ioctls.h).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var size = winsize(ws_row: 40, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        guard let terminal = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)") else {
            close(master)
            throw POSIXError(.ENOTTY)
        }
        self.master = master
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = arguments
        var environment = runner.environment
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        self.process = try ChildProcess(process)
        try terminal.close()
        let received = self.received
        let drained = self.drained
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            // Ends with EIO once the program has exited and no one holds the terminal's other end.
            while case let count = read(master, &buffer, buffer.count), count > 0 {
                received.bytes.withLock { $0.append(contentsOf: buffer[0..<count]) }
                received.fire()
            }
            drained.fulfil(true)
        }.start()
    }

    /// Runs `action` once, the moment the program has drawn `text`: on the thread that reads the
    /// terminal, so that what a test does then (stopping a server mid-import) does not wait for a
    /// task to be resumed on a busy machine.
    public func whenDrawn(_ text: String, _ action: @escaping @Sendable () -> Void) {
        received.watches.withLock { $0.append((text, action)) }
        received.fire()
    }

    /// Awaits the program's drawing `text` `times` times in all and returns the transcript then;
    /// throws when `seconds` pass first.
    @discardableResult
    public func waitFor(_ text: String, times: Int = 1, seconds: TimeInterval = 60) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let now = drawn(text, times: times) { return now }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw notDrawn(text)
    }

    /// The transcript if it holds `text` at least `times` times.
    private func drawn(_ text: String, times: Int) -> String? {
        let now = transcript
        return now.components(separatedBy: text).count > times ? now : nil
    }

    private func notDrawn(_ text: String) -> CocoaError {
        CocoaError(
            .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no \"\(text)\" in: \(transcript.debugDescription)"]
        )
    }

    /// Types `line` and Enter, as a person answering a prompt.
    public func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Awaits the program's end and what it drew last, and returns its exit code.
    public func wait() async -> Int32 {
        let status = await process.exit()
        // What it wrote last may still be on its way through the terminal.
        _ = await drained.arrived()
        return status
    }

    /// The running program's process id, for signals.
    public var processIdentifier: Int32 { process.processIdentifier }

    deinit {
        process.terminate()
        close(master)
    }
}
