import ArgumentParser
import Foundation
import ReceiptCore

/// The help screens, drawn here rather than by the argument parser: in the run's language, frame
/// included, wrapped to the terminal after translation, and for the command that was named: `places
/// --help` is the help of the `places` group, not of its default subcommand.
enum HelpScreen {
    /// The command whose help the arguments ask for (`--help`, `-h`, `help COMMAND…`, or a group with
    /// no default subcommand named alone), or nil.
    static func requested(by arguments: [String]) -> (any ParsableCommand.Type)? {
        var words: [String] = []
        var asked = false
        var rest = arguments.prefix { $0 != "--" }[...]
        while let argument = rest.popFirst() {
            let name = String(argument.prefix { $0 != "=" })
            if GlobalOptions.valuedNames.contains(argument) {
                rest = rest.dropFirst()
            } else if ["-h", "--help", "-help"].contains(argument) {
                asked = true
            } else if !GlobalOptions.flagNames.contains(argument), !GlobalOptions.valuedNames.contains(name) {
                words.append(argument)
            }
        }
        if words.first == "help" {
            asked = true
            words.removeFirst()
        }
        let named = Receipts.command(namedBy: words)
        // A group that has no default subcommand, named alone, can only show its help.
        let group = named.words == words.count && !named.command.configuration.subcommands.isEmpty
        let bareGroup = group && named.command.configuration.defaultSubcommand == nil
        return asked || bareGroup ? named.command : nil
    }

    /// The help the arguments ask for (as ``requested(by:)`` finds it), rendered as `receipts` prints
    /// it, in `language` and `width` columns; nil when they ask for none. What the process does before
    /// parsing, in process: help tests read every screen without starting a process.
    static func screen(for arguments: [String], language: Language, width: Int) -> String? {
        HelpText.$language.withValue(language) {
            requested(by: GlobalOptions.movedAfterCommand(arguments)).map {
                text(for: $0, language: language, width: width)
            }
        }
    }

    /// The help of `command`, in `language`, wrapped to `width` columns.
    static func text(
        for command: any ParsableCommand.Type, language: Language = HelpText.language, width: Int = HelpScreen.width
    ) -> String {
        // Rendered unwrapped, so that no phrase to translate is broken across lines.
        let unwrapped = Receipts.helpMessage(for: command, columns: 100_000)
        let translated = language == .russian ? ParserWords.russianHelp(unwrapped) : unwrapped
        return translated.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrap(String($0), width: max(width, 40), language: language) }
            .joined(separator: "\n")
    }

    /// The tables' width (`COLUMNS`, else the terminal's), else 80, as the argument parser does: help
    /// is prose, wrapped into a pipe too (tables are the ones left whole there).
    static var width: Int {
        let width = Console.width
        return width >= Int.max / 2 ? 80 : width
    }

    /// Where the help column starts, as the argument parser lays it out.
    static let labelColumn = 26

    /// One line of help, wrapped the way the argument parser wraps it: an option's help under its
    /// help column, the usage under its first argument (its title in `language`), any other
    /// paragraph from its first column.
    static func wrap(_ line: String, width: Int, language: Language) -> String {
        guard line.count > width else { return line }
        let characters = Array(line)
        let leading = characters.prefix { $0 == " " }.count
        if leading >= 2, characters.count > labelColumn,
            leading >= labelColumn || characters[(labelColumn - 2)..<labelColumn].allSatisfy({ $0 == " " })
        {
            let label = String(characters[..<labelColumn])
            return label
                + fill(String(characters[labelColumn...]), width: width - labelColumn, indent: labelColumn)
        }
        if let colon = line.range(of: ": "), line.hasPrefix(ParserWords.usageTitle(language)) {
            let title = String(line[..<colon.upperBound])
            let synopsis = String(line[colon.upperBound...])
            return title + fill(synopsis, width: width - title.count, indent: title.count, keepingBrackets: true)
        }
        return String(repeating: " ", count: leading)
            + fill(String(characters[leading...]), width: width - leading, indent: leading)
    }

    /// Words laid out in lines of at most `width` characters (a longer word alone on its line), the
    /// lines after the first indented. A usage's bracketed groups stay whole.
    private static func fill(_ text: String, width: Int, indent: Int, keepingBrackets: Bool = false) -> String {
        var lines: [String] = []
        var current = ""
        let words = keepingBrackets ? groups(text) : text.split(separator: " ").map(String.init)
        for word in words {
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// The words of `text`, a word being what lies between spaces outside brackets.
    private static func groups(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == " ", depth == 0 {
                if !current.isEmpty { result.append(current) }
                current = ""
                continue
            }
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">", depth > 0 { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
