import Foundation

/// Questions to a person at the terminal.
enum Prompt {
    static var isInteractive: Bool {
        let context = CommandRun.current.context
        return context.input.isTerminal && context.errors.isTerminal
    }

    /// A line for the person answering, shown even with `--quiet`: it is part of the dialogue.
    static func tell(_ text: String) {
        LiveLine.current.write(text + "\n")
    }

    static func ask(_ question: String) -> String? {
        LiveLine.current.end()
        CommandRun.current.context.errors.write(question)
        return answer()
    }

    /// The next line of the run's standard input, without its line break; nil at its end.
    static func answer() -> String? {
        CommandRun.current.context.input.line()
    }

    /// Reads a line with the terminal's echo off, so the password is not shown. The echo goes off
    /// before the question is shown, and nothing typed is thrown away: a password typed (or pasted)
    /// the moment the question appears is neither shown nor lost.
    static func secret(_ question: String) -> String? {
        LiveLine.current.end()
        let context = CommandRun.current.context
        var original = termios()
        let hasTerminal = context.input.isTerminal && tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        }
        context.errors.write(question)
        defer {
            if hasTerminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &original)
                context.errors.write("\n")
            }
        }
        return answer()
    }

    /// An answer that must not be empty (a login, a password): a usage failure when it is.
    static func required(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
        return value
    }
}
