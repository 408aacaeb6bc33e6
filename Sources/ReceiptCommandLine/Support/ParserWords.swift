import Foundation
import ReceiptCore

/// The argument parser's own English, in Russian: the frame of its help screens (headings,
/// defaults, the help flag) and its usage errors (a missing argument, an unknown option, a wrong
/// value). The texts of each option and command come from ``HelpText`` and are Russian already.
///
/// Swift Argument Parser 1.8.2 has no localisation; its messages are fixed templates, matched here
/// whole so that a quoted name or value inside them stays as the user wrote it.
enum ParserWords {
    /// The title of the usage line of a help screen.
    static func usageTitle(_ language: Language) -> String {
        language == .russian ? "ИСПОЛЬЗОВАНИЕ: " : "USAGE: "
    }

    /// A help screen, rendered without wrapping, in Russian.
    static func russianHelp(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { russianHelpLine(String($0)) }
            .joined(separator: "\n")
    }

    /// A usage error as the parser writes it (without its `Error: `), in Russian.
    static func russianError(_ text: String) -> String {
        var result = text
        result.replace(#/Missing expected argument '(.+?)'/#) { "не хватает аргумента '\($0.1)'" }
        result.replace(#/Missing one of: /#) { _ in "не хватает одного из: " }
        result.replace(#/Missing value for '(.+?)' in '(.+?)'/#) { "нет значения для '\($0.1)' в '\($0.2)'" }
        result.replace(#/Missing value for '(.+?)'/#) { "нет значения для '\($0.1)'" }
        result.replace(#/Unknown option '(.+?)'\. Did you mean '(.+?)'\?/#) {
            "неизвестный параметр '\($0.1)'; может быть, '\($0.2)'?"
        }
        result.replace(#/Unknown option '(.+?)'/#) { "неизвестный параметр '\($0.1)'" }
        result.replace(#/\n   or: /#) { _ in "\n   или: " }
        result.replace(#/Unexpected argument '(.+)'/#) { "лишний аргумент '\($0.1)'" }
        result.replace(#/(\d+) unexpected arguments: /#) { "лишние аргументы (\($0.1)): " }
        result.replace(#/The value '(.*?)' is invalid for '(.+?)'/#) { "значение '\($0.1)' не подходит для '\($0.2)'" }
        result.replace(#/The value '(.*?)' is invalid\./#) { "значение '\($0.1)' не подходит." }
        result.replace(#/\. Please provide one of the following:/#) { _ in ". Укажите одно из:" }
        result.replace(#/\. Please provide one of (.+)\./#) { match in
            ". Укажите одно из: "
                + match.1.replacingOccurrences(of: "' or '", with: "' или '")
                .replacingOccurrences(of: "' and '", with: "' или '") + "."
        }
        result.replace(#/The option '(.+?)' does not take any value, but '(.*?)' was specified\./#) {
            "параметр '\($0.1)' не принимает значения, а дано '\($0.2)'."
        }
        result.replace(#/Value to be set with (.+) had already been set with (.+)/#) {
            "значение, заданное через \($0.1), уже задано через \($0.2)".replacingOccurrences(of: "flag ", with: "")
        }
        result.replace(#/Invalid option: /#) { _ in "неверный параметр: " }
        result.replace(#/Missing required subcommand\./#) { _ in "не указана команда." }
        result.replace(#/(^|\n)Help:  /#) { "\($0.1)Справка:  " }
        result.replace(#/(^|\n)Usage: /#) { "\($0.1)Использование: " }
        result.replace(#/  See '(.+?)' for more information\./#) { "  Подробнее: '\($0.1)'." }
        return result.replacingOccurrences(of: "<options>", with: "<параметры>")
            .replacingOccurrences(of: "<subcommand>", with: "<команда>")
    }

    private static func russianHelpLine(_ line: String) -> String {
        let headings = [
            "ARGUMENTS:": "АРГУМЕНТЫ:", "OPTIONS:": "ПАРАМЕТРЫ:", "SUBCOMMANDS:": "КОМАНДЫ:",
        ]
        if let heading = headings[line] { return heading }
        // A default subcommand's label grows: its help moves to keep the column.
        if let match = line.wholeMatch(of: #/  (\S+) \(default\) +(.*)/#) {
            let label = "  \(match.1) (по умолчанию)"
            let gap = HelpScreen.labelColumn - label.count
            return gap > 0
                ? label + String(repeating: " ", count: gap) + match.2
                : label + "\n" + String(repeating: " ", count: HelpScreen.labelColumn) + match.2
        }
        var result = line
        if result.hasPrefix("OVERVIEW: ") { result = "ОПИСАНИЕ: " + result.dropFirst("OVERVIEW: ".count) }
        if result.hasPrefix("USAGE: ") { result = usageTitle(.russian) + result.dropFirst("USAGE: ".count) }
        result = result.replacing(#/  See '(.+) <subcommand>' for detailed help\./#) {
            "  Справка по команде: '\($0.1) <команда>'."
        }
        for (english, russian) in helpPhrases {
            result = result.replacingOccurrences(of: english, with: russian)
        }
        return result
    }

    private static let helpPhrases: [(String, String)] = [
        ("Show help information.", "Показать эту справку."),
        ("Show the version.", "Показать версию."),
        ("<subcommand>", "<команда>"),
        ("<options>", "<параметры>"),
        ("(default: ", "(по умолчанию: "),
        ("(default as flag: ", "(без значения: "),
        ("(values: ", "(значения: "),
        ("; default: ", "; по умолчанию: "),
        ("; default as flag: ", "; без значения: "),
    ]
}
