import ArgumentParser
import Foundation
import ReceiptCore

/// What the argument parser has to say before a command runs: help, or a usage error.
///
/// The parser writes its frame (headings, "Error:", "See … for more information") in English; in
/// Russian those parts are translated here, while the help texts themselves come from ``Strings``.
enum UsageFailure {
    /// Prints help to standard output or the usage error to standard error; returns the exit code.
    static func report(_ error: any Error, arguments: [String]) -> Int32 {
        let text = translate(Receipts.fullMessage(for: error))
        if Receipts.exitCode(for: error) == .success {
            Console.standard.output(text)
            return ExitStatus.ok.rawValue
        }
        let prefix = Console.paint("receipts: \(Strings.usagePrefix):", code: "31", on: STDERR_FILENO)
        FileHandle.standardError.write(Data("\(prefix) \(text)\n".utf8))
        return ExitStatus.usage.rawValue
    }

    /// The parser's English frame in the run's language.
    static func translate(_ text: String, to language: Language = Strings.language) -> String {
        var result = text.hasPrefix("Error: ") ? String(text.dropFirst("Error: ".count)) : text
        guard language == .russian else { return result }
        for (english, russian) in russianFrame {
            result = result.replacingOccurrences(of: english, with: russian)
        }
        return result
    }

    private static let russianFrame: [(String, String)] = [
        ("OVERVIEW:", "ОПИСАНИЕ:"),
        ("USAGE:", "ИСПОЛЬЗОВАНИЕ:"),
        ("ARGUMENTS:", "АРГУМЕНТЫ:"),
        ("OPTIONS:", "ПАРАМЕТРЫ:"),
        ("SUBCOMMANDS:", "КОМАНДЫ:"),
        ("Show help information.", "Показать эту справку."),
        ("' for detailed help.", "'."),
        ("See 'receipts help", "Подробная справка по команде: 'receipts help"),
        ("<subcommand>", "<команда>"),
        ("(default: ", "(по умолчанию: "),
        ("(values: ", "(значения: "),
        ("Usage: ", "Использование: "),
        ("See '", "Подробнее: '"),
        ("' for more information.", "'."),
        ("Missing expected argument ", "Не хватает аргумента "),
        ("Missing value for ", "Нет значения для "),
        ("Unknown option ", "Неизвестный параметр "),
        ("Unexpected argument ", "Лишний аргумент "),
        ("Unexpected arguments ", "Лишние аргументы "),
        ("The value ", "Значение "),
        (" is invalid for ", " не подходит для "),
        ("Please provide one of ", "Укажите одно из: "),
    ]
}
