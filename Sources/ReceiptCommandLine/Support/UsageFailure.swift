import ArgumentParser
import Foundation
import ReceiptCore

/// What the argument parser has to say before a command runs: help, or a usage error.
///
/// The parser writes its messages in English; in Russian they are translated by ``ParserWords``,
/// while the help texts themselves come from ``HelpText``.
enum UsageFailure {
    /// Prints help to standard output or the usage error to standard error; returns the exit code.
    static func report(_ error: any Error, arguments: [String]) -> Int32 {
        if Receipts.exitCode(for: error) == .success {
            Console.standard.output(translate(Receipts.fullMessage(for: error, columns: HelpScreen.width)))
            return ExitStatus.ok.rawValue
        }
        let text = translate(Receipts.fullMessage(for: error))
        let errors = CommandRun.current.context.errors
        errors.write("\(Console.paint("receipts: \(HelpText.usagePrefix):", code: "31", on: errors)) \(text)\n")
        return ExitStatus.usage.rawValue
    }

    /// The parser's English in the run's language.
    static func translate(_ text: String, to language: Language = HelpText.language) -> String {
        let result = text.hasPrefix("Error: ") ? String(text.dropFirst("Error: ".count)) : text
        guard language == .russian else { return result }
        if result.hasPrefix("OVERVIEW: ") || result.hasPrefix("USAGE: ") { return ParserWords.russianHelp(result) }
        return ParserWords.russianError(result)
    }
}
