import Foundation
import ReceiptReports
import Synchronization

/// The last line of standard error on a terminal, redrawn in place: an import's progress, and above
/// it in importance the wait for a server that does not answer. Every other message of the command
/// goes through it, so that none lands in the middle of that line: the line is erased, the message
/// written, and the line drawn again below it. ``end()`` ends it for good before the last words.
final class LiveLine: Sendable {
    /// The one live line of the run; drawn only when standard error is a terminal.
    static let standardError = LiveLine(terminal: isatty(STDERR_FILENO) == 1)

    private struct State {
        var progress: String?
        var status: String?
        var drawn = false
    }

    let terminal: Bool
    private let state = Mutex(State())

    init(terminal: Bool) {
        self.terminal = terminal
    }

    /// Shows the progress of a long task; nil leaves only the status, if any.
    func setProgress(_ text: String?) {
        update { $0.progress = text }
    }

    /// Shows what is being waited for, over the progress until it is cleared with nil.
    func setStatus(_ text: String?) {
        update { $0.status = text }
    }

    /// Writes whole lines to standard error above the live line.
    func write(_ text: String) {
        state.withLock { state in
            Self.emit(Self.erase(state) + text + Self.draw(state), to: .standardError)
        }
    }

    /// Writes a result to standard output: the live line is ended first, since a result on the same
    /// terminal would otherwise run into it.
    func output(_ text: String) {
        end()
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Ends the live line before the last words of a run: the status is erased, the progress stays as
    /// a line of its own.
    func end() {
        state.withLock { state in
            guard state.drawn else { return }
            let last = state.progress.map { "\r" + Self.fitted($0) + "\u{1B}[K\n" } ?? "\r\u{1B}[K"
            Self.emit(last, to: .standardError)
            state = State()
        }
    }

    private func update(_ change: (inout State) -> Void) {
        guard terminal else { return }
        state.withLock { state in
            change(&state)
            let text = state.status ?? state.progress
            Self.emit(text.map { "\r" + Self.fitted($0) + "\u{1B}[K" } ?? "\r\u{1B}[K", to: .standardError)
            state.drawn = text != nil
        }
    }

    private static func erase(_ state: State) -> String { state.drawn ? "\r\u{1B}[K" : "" }

    private static func draw(_ state: State) -> String {
        guard state.drawn, let text = state.status ?? state.progress else { return "" }
        return "\r" + fitted(text) + "\u{1B}[K"
    }

    /// The text cut to one row of the terminal (a wrapped line could not be redrawn in place), in the
    /// middle: the end holds what changes, the time left or the rate.
    private static func fitted(_ text: String) -> String {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return text }
        return fitted(text, columns: Int(size.ws_col))
    }

    /// The text in one row of `columns` cells, the last one left free so the cursor does not wrap.
    static func fitted(_ text: String, columns: Int) -> String {
        let room = columns - 1
        guard text.cells > room else { return text }
        let tail = min(24, room / 2)
        return text.cut(toCells: room - tail) + text.suffix(cells: tail)
    }

    private static func emit(_ text: String, to handle: FileHandle) {
        guard !text.isEmpty else { return }
        handle.write(Data(text.utf8))
    }
}
