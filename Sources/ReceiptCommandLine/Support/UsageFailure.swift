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
        return say(translate(Receipts.fullMessage(for: error)))
    }

    /// Writes a usage error to standard error after its prefix; the exit code of one.
    private static func say(_ text: String) -> Int32 {
        let errors = CommandRun.current.context.errors
        errors.write("\(Console.paint("receipts: \(HelpText.usagePrefix):", code: "31", on: errors)) \(text)\n")
        return ExitStatus.usage.rawValue
    }

    /// Reports a first word that names no command (`receipts lst`) as such, with the command it was
    /// likely meant to be; nil when the first word is an option or a command. The parser alone would
    /// call it an unexpected argument, or blame an option that follows it (`--lang`).
    static func unknownCommand(_ arguments: [String]) -> Int32? {
        // Past the global options, which may come first (`--lang ru lst`).
        var rest = arguments[...]
        while let first = rest.first, first.hasPrefix("-") {
            let valued = GlobalOptions.valuedNames.contains(first)
            guard valued || GlobalOptions.flagNames.contains(first) || first.contains("=") else { return nil }
            rest = rest.dropFirst(valued ? 2 : 1)
        }
        guard let word = rest.first, Receipts.command(namedBy: [word]).words == 0 else { return nil }
        let names = Receipts.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        return say(HelpText.unknownCommand(word, guess: closest(to: word, among: names)))
    }

    /// The name nearest `word` by edit distance (letters added, dropped, changed or swapped), when it
    /// is within two of it, or `word` begins it; nil when none is near.
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        let scored = names.map { name -> (String, Int) in
            let target = Array(name)
            if target.starts(with: typed), typed.count >= 2 { return (name, 0) }
            return (name, distance(typed, target))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, typed.count / 2)) else { return nil }
        return best.0
    }

    /// The optimal string alignment distance between two words.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The parser's English in the run's language.
    static func translate(_ text: String, to language: Language = HelpText.language) -> String {
        let result = text.hasPrefix("Error: ") ? String(text.dropFirst("Error: ".count)) : text
        guard language == .russian else { return result }
        if result.hasPrefix("OVERVIEW: ") || result.hasPrefix("USAGE: ") { return ParserWords.russianHelp(result) }
        return ParserWords.russianError(result)
    }
}
