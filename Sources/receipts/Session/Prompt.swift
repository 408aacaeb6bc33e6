import Foundation

/// Questions to a person at the terminal.
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// A line for the person answering, shown even with `--quiet`: it is part of the dialogue.
    static func tell(_ text: String) {
        LiveLine.standardError.write(text + "\n")
    }

    static func ask(_ question: String) -> String? {
        LiveLine.standardError.end()
        FileHandle.standardError.write(Data(question.utf8))
        return readLine(strippingNewline: true)
    }

    /// Reads a line with the terminal's echo off, so the password is not shown. The echo goes off
    /// before the question is shown, and nothing typed is thrown away: a password typed (or pasted)
    /// the moment the question appears is neither shown nor lost.
    static func secret(_ question: String) -> String? {
        LiveLine.standardError.end()
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        }
        FileHandle.standardError.write(Data(question.utf8))
        defer {
            if hasTerminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &original)
                FileHandle.standardError.write(Data("\n".utf8))
            }
        }
        return readLine(strippingNewline: true)
    }

    /// An answer that must not be empty (a login, a password): a usage failure when it is.
    static func required(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
        return value
    }
}
