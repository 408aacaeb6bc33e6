import Foundation
import ReceiptCore

/// The command line's texts that exist before its arguments are parsed: each command's abstract and
/// discussion, each option's help and value name, and the usage errors of `validate()`.
///
/// The argument parser builds help at type level, before any command has its options, so these
/// texts cannot be told a language; they read ``language``, the language of the process, which is
/// read here and nowhere else. What a command prints while it runs is a ``Words`` value instead,
/// made by its `run()` from the language it resolved.
///
/// A command's texts live beside it, in `<Command>+Strings.swift` in the command's folder: an
/// extension of `HelpText` and one of ``Words``. This file holds the help every command shares.
enum HelpText {
    /// The language of the run: its raw `--lang`, then `RECEIPTS_LANG`, then the locale variables
    /// (``ReceiptCore/Language/preferred(arguments:environment:)``), bound by
    /// ``ReceiptsCommandLine/run(arguments:context:)`` for the whole run; help screens, usage errors
    /// and failures before or after the command itself use it. Outside a run, the process's.
    @TaskLocal static var language = Language.preferred(
        arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)

    /// The one of two texts in the process's language (``language``).
    static func pick(_ russian: String, _ english: String) -> String {
        language.pick(russian, english)
    }

    // MARK: Root and global options

    static var rootAbstract: String {
        pick(
            "Кассовые чеки: импорт, хранение без сети, статистика расходов, QR-коды и магазины рядом.",
            "Shop receipts: import, offline storage, spending statistics, QR codes and nearby shops.")
    }
    static var rootDiscussion: String {
        pick(
            "Общие параметры каждой команды, до или после её имени: --db, --server, --lang, --quiet, --verbose "
                + "(подробно: receipts <команда> --help).\n\n"
                + "Коды выхода: 0 — успех, 1 — сбой, 2 — ошибка в командной строке, 3 — не найдено, "
                + "4 — нет связи с сервером, 5 — нужен вход, 6 — неверные входные данные.",
            "Every command takes --db, --server, --lang, --quiet and --verbose, before or after its name "
                + "(see receipts <command> --help).\n\n"
                + "Exit codes: 0 ok, 1 failure, 2 usage error, 3 not found, 4 network unreachable, "
                + "5 authentication needed, 6 invalid input data.")
    }
    static var globalOptionsTitle: String { pick("Общие параметры", "Global options") }
    static var dbHelp: String {
        pick(
            "Файл базы чеков (или RECEIPTS_DB; по умолчанию $XDG_DATA_HOME/receipts/receipts.sqlite).",
            "The receipts database file (or RECEIPTS_DB; default $XDG_DATA_HOME/receipts/receipts.sqlite).")
    }
    static var serverHelp: String {
        pick(
            "Адрес сервера чеков (или RECEIPTS_SERVER; по умолчанию \(GlobalOptions.defaultServer)).",
            "The receipts server's address (or RECEIPTS_SERVER; default \(GlobalOptions.defaultServer)).")
    }
    static var langHelp: String {
        pick(
            "Язык сообщений (или RECEIPTS_LANG, иначе LANG).", "The language of messages (or RECEIPTS_LANG, else LANG)."
        )
    }
    static var quietHelp: String { pick("Печатать только результат и ошибки.", "Print only results and errors.") }
    static var verboseHelp: String { pick("Рассказывать подробно, что происходит.", "Tell in detail what happens.") }
    static var quietAndVerbose: String {
        pick("--quiet и --verbose вместе не бывают: выберите одно.", "--quiet and --verbose contradict: choose one.")
    }
    static var urlValue: String { pick("адрес", "url") }

    // MARK: Help several commands share

    static var jsonHelp: String {
        pick("Вывести JSON (суммы — целые копейки).", "Print JSON (amounts as whole kopecks).")
    }
    static var pathValue: String { pick("путь", "path") }
    static var countValue: String { pick("число", "n") }
    static var monthValue: String { pick("ГГГГ-ММ", "YYYY-MM") }
    static var categoryValue: String { pick("категория", "category") }
    static var payloadValue: String { pick("код", "payload") }
    static var textValue: String { pick("текст", "text") }
    static var pageHelp: String { pick("Страница по 50 чеков (с 1).", "Page of 50 receipts (from 1).") }
    static var badPage: String { pick("--page: нужно число от 1", "--page: give a number from 1") }

    // MARK: Months: MonthRangeOptions, and search's --from and --to

    static var monthHelp: String { pick("Только этот месяц.", "Only this month.") }
    static var fromHelp: String { pick("С этого месяца.", "From this month.") }
    static var toHelp: String { pick("По этот месяц.", "Through this month.") }
    static var monthOrRange: String { pick("--month или --from/--to, не вместе", "--month or --from/--to, not both") }
    static func rangeBackwards(_ first: Month, _ last: Month) -> String {
        pick("--from \(first) позже --to \(last)", "--from \(first) is after --to \(last)")
    }
    static func badMonth(_ text: String) -> String {
        pick(
            "«\(text)» — не месяц; пишите ГГГГ-ММ, например 2025-03",
            "“\(text)” is not a month; write YYYY-MM, for example 2025-03")
    }

    // MARK: Failures

    static var usagePrefix: String { pick("ошибка в командной строке", "usage error") }
    static func unknownCommand(_ word: String, guess: String?) -> String {
        let hint = guess.map { pick(" Может быть, receipts \($0)?", " Did you mean receipts \($0)?") } ?? ""
        return pick("нет команды «\(word)».", "no command '\(word)'.") + hint
            + pick(" Все команды: receipts --help", " Every command: receipts --help")
    }
}
