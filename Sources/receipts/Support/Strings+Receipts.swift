import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

extension Strings {
    // MARK: import

    static var importAbstract: String {
        pick(
            "Загрузить чеки с сервера (или из файлов ФНС и ОФД).",
            "Import receipts from the server (or from tax service and OFD files).")
    }
    static var importDiscussion: String {
        pick(
            "Без файлов забирает чеки учётной записи по 50 за страницу, пока они не кончатся; каждая страница пишется "
                + "вместе с позицией синхронизации, поэтому прерванный импорт продолжается с того же места, а повторный "
                + "переносит только изменения. С файлами — импортирует экспорт приложений ФНС и ОФД (JSON).",
            "Without files it pulls the account's receipts 50 a page until none are left; each page is written together "
                + "with the sync position, so an interrupted import resumes where it stopped and a later one moves only "
                + "what changed. With files it imports the JSON the tax service's and OFDs' apps export.")
    }
    static var importFilesHelp: String { pick("Файлы экспорта (JSON).", "Exported files (JSON).") }
    static func importingAs(_ session: SavedSession) -> String {
        switch session.kind {
        case .anonymous:
            return pick("импорт (анонимно) с \(session.server)", "importing (anonymous) from \(session.server)")
        case .authorized:
            let login = session.login ?? ""
            return pick("импорт для \(login) с \(session.server)", "importing for \(login) from \(session.server)")
        }
    }
    static var sessionDiedQuestion: String {
        pick(
            "Сессия закончилась. Войти снова (л), продолжить анонимно (а) или прекратить (Enter)? ",
            "The session has ended. Log in again (l), go on anonymously (a), or stop (Enter)? ")
    }
    static func imported(_ summary: ImportSummary) -> String {
        pick(
            "Импорт: новых \(summary.imported), обновлено \(summary.updated), без изменений \(summary.unchanged); страниц \(summary.pages).",
            "Imported \(summary.imported) new, \(summary.updated) updated, \(summary.unchanged) unchanged; \(summary.pages) pages."
        )
    }
    static func importedFiles(_ summary: ImportSummary, files: Int) -> String {
        pick(
            "Из файлов (\(files)): новых \(summary.imported), обновлено \(summary.updated), без изменений \(summary.unchanged).",
            "From \(files) file(s): \(summary.imported) new, \(summary.updated) updated, \(summary.unchanged) unchanged."
        )
    }
    static func progress(pages: Int, receipts: Int, rate: Int) -> String {
        pick("страниц \(pages), чеков \(receipts), \(rate)/с", "\(pages) pages, \(receipts) receipts, \(rate)/s")
    }
    static func cannotReadFile(_ reason: String) -> String {
        pick("не удаётся прочитать: \(reason)", "cannot read: \(reason)")
    }
    static func fileFailed(_ file: String, _ reason: String) -> String { "\(file): \(reason)" }

    // MARK: list and show

    static var listAbstract: String {
        pick(
            "Чеки по месяцам, новые сначала — из локальной базы, без сети.",
            "Receipts by month, newest first — from the local database, offline.")
    }
    static var monthHelp: String { pick("Только этот месяц.", "Only this month.") }
    static var fromHelp: String { pick("С этого месяца.", "From this month.") }
    static var toHelp: String { pick("По этот месяц.", "Through this month.") }
    static var pageHelp: String { pick("Страница по 50 чеков (с 1).", "Page of 50 receipts (from 1).") }
    static var monthOrRange: String { pick("--month или --from/--to, не вместе", "--month or --from/--to, not both") }
    static func rangeBackwards(_ first: Month, _ last: Month) -> String {
        pick("--from \(first) позже --to \(last)", "--from \(first) is after --to \(last)")
    }
    static func badMonth(_ text: String) -> String {
        pick(
            "«\(text)» — не месяц; пишите ГГГГ-ММ, например 2025-03",
            "“\(text)” is not a month; write YYYY-MM, for example 2025-03")
    }
    static var badPage: String { pick("--page: нужно число от 1", "--page: give a number from 1") }
    static func noSuchPage(_ page: Int) -> String { pick("страницы \(page) нет", "there is no page \(page)") }
    static var noReceipts: String { pick("Чеков нет.", "No receipts.") }
    static func nextPage(_ page: Int) -> String { pick("дальше: --page \(page)", "more: --page \(page)") }
    static func monthHeading(_ month: MonthListing) -> String {
        let name = month.month.name(in: language)
        let count = month.receiptCount
        return pick(
            "\(name.prefix(1).uppercased() + name.dropFirst()) — \(count) \(russianReceiptsWord(count)), \(month.total.formatted(in: .russian))",
            "\(name) — \(count) receipt\(count == 1 ? "" : "s"), \(month.total.formatted(in: .english))")
    }
    static func itemCount(_ count: Int, pending: Bool) -> String {
        if pending { return pick("ожидает", "pending") }
        return pick("\(count) поз.", "\(count) item\(count == 1 ? "" : "s")")
    }
    static var showAbstract: String { pick("Чек целиком.", "A receipt in full.") }
    static var shareHelp: String {
        pick("Простым текстом, чтобы переслать.", "As plain text to paste into a messenger.")
    }
    static var showIDHelp: String { pick("Номер чека из receipts list.", "The receipt's number from receipts list.") }
    static func noReceiptWithID(_ id: Int64) -> String { pick("чека #\(id) нет", "there is no receipt #\(id)") }
}

extension Strings {
    static var demoAbstract: String {
        pick("Показать всё на встроенном демо-сервере.", "Show the main job on an embedded demo server.")
    }
    static var demoDiscussion: String {
        pick(
            "Запускает демо-сервер внутри процесса на свободном порту, входит как demo, импортирует чеки в базу "
                + "(--db) и показывает последние месяцы. Данные демо-сервера исчезают после выхода.",
            "Starts the demo server inside this process on a free loopback port, logs in as demo, imports the receipts "
                + "into the database (--db) and shows the last months. The demo server's own data is gone afterwards.")
    }
    static var demoMonthsHelp: String {
        pick("Сколько последних месяцев показать (по умолчанию 3).", "How many recent months to show (default 3).")
    }
    static var badDemoMonths: String { pick("--months: от 1 до 24", "--months: 1 to 24") }
    static func demoImporting(_ server: String, database: String) -> String {
        pick("импорт с \(server) в \(database)", "importing from \(server) into \(database)")
    }
}

extension Strings {
    static var searchAbstract: String {
        pick("Поиск по товарам и магазинам в локальной базе.", "Search items and shops in the local database.")
    }
    static var searchDiscussion: String {
        pick(
            "Слова ищутся как начала слов в названиях товаров и магазинов, без учёта регистра, ё = е. Фильтры "
                + "сочетаются с текстом; --last-filters берёт фильтры прошлого поиска. Последние 5 запросов: receipts history.",
            "Words match the beginnings of words in item and shop names, any case, ё = е. Filters combine with the text; "
                + "--last-filters reuses the last search's filters. The last 5 texts: receipts history.")
    }
    static var textValue: String { pick("текст", "text") }
    static var searchTextHelp: String { pick("Что искать.", "What to look for.") }
    static var categoryHelp: String {
        pick("Категория магазина (например groceries).", "The shop's category (for example groceries).")
    }
    static var shopHelp: String {
        pick("Магазин (начала слов названия).", "The shop (beginnings of its name's words).")
    }
    static var minHelp: String { pick("Сумма чека не меньше (рубли).", "Receipt total at least (roubles).") }
    static var maxHelp: String { pick("Сумма чека не больше (рубли).", "Receipt total at most (roubles).") }
    static var lastFiltersHelp: String { pick("Фильтры прошлого поиска.", "The filters of the last search.") }
    static func unknownCategory(_ text: String) -> String {
        let known = Category.allCases.map(\.rawValue).joined(separator: ", ")
        return pick("неизвестная категория «\(text)»; есть: \(known)", "unknown category “\(text)”; known: \(known)")
    }
    static func badAmount(_ text: String) -> String {
        pick(
            "«\(text)» — не сумма в рублях (пример: 150 или 99,90)",
            "“\(text)” is not an amount in roubles (for example 150 or 99.90)")
    }
    static var searchNeedsSomething: String {
        pick(
            "укажите текст или фильтр (см. receipts search --help)",
            "give a text or a filter (see receipts search --help)")
    }
    static var nothingFound: String { pick("Ничего не найдено.", "Nothing found.") }
    static var historyAbstract: String {
        pick("Последние 5 поисковых запросов.", "The last 5 search texts.")
    }
    static var historyPrefixHelp: String {
        pick(
            "Только содержащие этот текст (для дополнения в оболочке).",
            "Only those containing this text (for shell completion).")
    }
    static var clearHelp: String { pick("Очистить историю.", "Clear the history.") }
    static var historyCleared: String { pick("История поиска очищена.", "Search history cleared.") }
}
