import ReceiptCore

extension Language {
    /// The language chosen for this run: `--lang` wins, then `RECEIPTS_LANG`, then the POSIX locale
    /// variables in their usual order (`LC_ALL`, `LC_MESSAGES`, `LANG`); English when none says.
    ///
    /// `--lang` is read from the raw arguments because help texts are built before the arguments
    /// are parsed; a value that is not a language is left for the parser to reject.
    static func preferred(arguments: [String], environment: [String: String]) -> Language {
        if let flag = flagValue("--lang", in: arguments), let language = Language(tag: flag) {
            return language
        }
        for key in ["RECEIPTS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            // An explicit setting that names another language ends the search: that person does
            // not read Russian, so English it is.
            return Language(tag: value) ?? .english
        }
        return .english
    }

    private static func flagValue(_ flag: String, in arguments: [String]) -> String? {
        var result: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == flag, arguments.index(after: index) < arguments.endIndex {
                result = arguments[arguments.index(after: index)]
                index += 1
            } else if argument.hasPrefix(flag + "=") {
                result = String(argument.dropFirst(flag.count + 1))
            }
            index += 1
        }
        return result
    }
}
