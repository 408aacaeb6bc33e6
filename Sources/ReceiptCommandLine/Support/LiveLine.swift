import Foundation
import ReceiptReports
import Synchronization

/// The last line of standard error on a terminal, redrawn in place: an import's progress, and above
/// it in importance the wait for a server that does not answer. Every other message of the command
/// goes through it, so that none lands in the middle of that line: the line is erased, the message
/// written, and the line drawn again below it. ``end()`` ends it for good before the last words.
final class LiveLine: Sendable {
    /// The live line of the run this task belongs to (``CommandRun/current``); drawn only when its
    /// standard error is a terminal.
    static var current: LiveLine { CommandRun.current.liveLine }

    private struct State {
        var progress: String?
        var status: String?
        var drawn = false
    }

    let terminal: Bool
    private let output: CommandOutput
    private let errors: CommandOutput
    private let state = Mutex(State())

    init(output: CommandOutput, errors: CommandOutput) {
        self.output = output
        self.errors = errors
        self.terminal = errors.isTerminal
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
            emit(Self.erase(state) + text + draw(state), to: errors)
        }
    }

    /// Writes a result to standard output: the live line is ended first, since a result on the same
    /// terminal would otherwise run into it.
    func output(_ text: String) {
        end()
        output.write(text)
    }

    /// Ends the live line before the last words of a run: the status is erased, the progress stays as
    /// a line of its own.
    func end() {
        state.withLock { state in
            guard state.drawn else { return }
            let last = state.progress.map { "\r" + fitted($0) + "\u{1B}[K\n" } ?? "\r\u{1B}[K"
            emit(last, to: errors)
            state = State()
        }
    }

    private func update(_ change: (inout State) -> Void) {
        guard terminal else { return }
        state.withLock { state in
            change(&state)
            let text = state.status ?? state.progress
            emit(text.map { "\r" + fitted($0) + "\u{1B}[K" } ?? "\r\u{1B}[K", to: errors)
            state.drawn = text != nil
        }
    }

    private static func erase(_ state: State) -> String { state.drawn ? "\r\u{1B}[K" : "" }

    private func draw(_ state: State) -> String {
        guard state.drawn, let text = state.status ?? state.progress else { return "" }
        return "\r" + fitted(text) + "\u{1B}[K"
    }

    /// The text cut to one row of the terminal (a wrapped line could not be redrawn in place), in the
    /// middle: the end holds what changes, the time left or the rate.
    private func fitted(_ text: String) -> String {
        guard let columns = errors.columns, columns > 1 else { return text }
        return Self.fitted(text, columns: columns)
    }

    /// The text in one row of `columns` cells, the last one left free so the cursor does not wrap.
    static func fitted(_ text: String, columns: Int) -> String {
        let room = columns - 1
        guard text.cells > room else { return text }
        let tail = min(24, room / 2)
        return text.cut(toCells: room - tail) + text.suffix(cells: tail)
    }

    private func emit(_ text: String, to stream: CommandOutput) {
        stream.write(text)
    }
}
