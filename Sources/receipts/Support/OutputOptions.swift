import ArgumentParser

/// The options of every command, `receipts serve` included: the language and how talkative.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp(Strings.langHelp, valueName: "ru|en"))
    var language: LanguageChoice?

    @Flag(help: ArgumentHelp(Strings.quietHelp))
    var quiet = false

    @Flag(help: ArgumentHelp(Strings.verboseHelp))
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError(Strings.quietAndVerbose) }
    }
}

/// `--lang ru|en`. It is read before parsing (help texts need it, see `Strings.language`); the
/// parser's part is to refuse any other value.
enum LanguageChoice: String, ExpressibleByArgument, CaseIterable {
    case ru, en
}
