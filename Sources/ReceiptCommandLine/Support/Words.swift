import ReceiptCore

/// What the command line prints while a command runs, in one language: messages, headings, table
/// columns, failures and plurals.
///
/// A command's `run()` makes one from the language its options resolved (`Console(global).words`,
/// or `Words(global)`) and hands it, or its ``language``, to every renderer and helper it calls;
/// none of them reads the language from the process, so anything can be rendered in either
/// language in the same process. A failure's message takes the language it is asked for
/// (`CommandFailure { Words($0).… }`).
///
/// A command's words live beside it, in `<Command>+Strings.swift` in the command's folder, as an
/// extension of `Words`; this file holds the words every command shares. Help texts, which exist
/// before the arguments are parsed, are ``HelpText``.
struct Words: Sendable {
    /// The language every word is in.
    let language: Language

    init(_ language: Language) {
        self.language = language
    }

    /// The words of the language `--lang` or the environment chose for this run.
    init(_ options: OutputOptions) {
        self.init(options.language())
    }

    /// The words of the language `--lang` or the environment chose for this run.
    init(_ options: GlobalOptions) {
        self.init(options.output)
    }

    /// The one of two texts in ``language``.
    func pick(_ russian: String, _ english: String) -> String {
        language.pick(russian, english)
    }

    // MARK: Words several commands share

    func badServerURL(_ text: String) -> String {
        pick(
            "«\(text)» — не адрес сервера: нужен http:// или https:// с именем хоста, например \(GlobalOptions.defaultServer)",
            "“\(text)” is not a server address: give http:// or https:// with a host, for example \(GlobalOptions.defaultServer)"
        )
    }
    func nextPage(_ page: Int) -> String { pick("дальше: --page \(page)", "more: --page \(page)") }
    var noReceipts: String { pick("Чеков нет.", "No receipts.") }
    /// «чек», «чека» or «чеков»: the form Russian wants after `count`.
    func russianReceiptsWord(_ count: Int) -> String { Language.russianReceiptsWord(count) }

    /// A database file others could read or write, now narrowed to its owner.
    func narrowed(_ file: String) -> String {
        pick(
            "receipts: предупреждение: \(file) могли читать или менять другие пользователи; теперь он доступен "
                + "только владельцу (права 0600)",
            "receipts: warning: other users could read or change \(file); it is now for its owner only (mode 0600)")
    }

    /// A read-only command goes on without the user's rules file; `reason` names file:line.
    func rulesIgnored(_ reason: String) -> String {
        pick(
            "receipts: предупреждение: правила категорий не прочитаны — \(reason); категории показаны, "
                + "как они были, а stats, report и categories не запустятся, пока файл не исправлен",
            "receipts: warning: the category rules were not read — \(reason); categories are shown as they were, "
                + "and stats, report and categories refuse until the file is fixed")
    }

    // MARK: Failures

    var errorPrefix: String { pick("ошибка", "error") }
    var warningPrefix: String { pick("предупреждение", "warning") }
}
