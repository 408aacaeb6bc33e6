import ArgumentParser
import Foundation
import ReceiptCore

/// The options of every command, `receipts serve` included: the language and how talkative.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp(HelpText.langHelp, valueName: "ru|en"))
    var chosenLanguage: LanguageChoice?

    @Flag(help: ArgumentHelp(HelpText.quietHelp))
    var quiet = false

    @Flag(help: ArgumentHelp(HelpText.verboseHelp))
    var verbose = false

    /// The language of this run: `--lang`, else `RECEIPTS_LANG`, else the locale variables, as
    /// ``ReceiptCore/Language/preferred(arguments:environment:)`` reads them.
    func language(environment: [String: String] = CommandRun.environment) -> Language {
        Language.preferred(arguments: chosenLanguage.map { ["--lang", $0.rawValue] } ?? [], environment: environment)
    }

    func validate() throws {
        if quiet && verbose { throw ValidationError(HelpText.quietAndVerbose) }
    }
}

/// `--lang ru|en`. Help texts read it before parsing, from the raw arguments (``HelpText/language``);
/// the parser's part is to refuse any other value and hand it to the command (``OutputOptions/language(environment:)``).
enum LanguageChoice: String, ExpressibleByArgument, CaseIterable {
    case ru, en
}
