// The words of `receipts search`, in Russian and English.
extension HelpText {
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
    static var searchTextHelp: String { pick("Что искать.", "What to look for.") }
    static var categoryHelp: String {
        pick(
            "Категория, в которой считается хотя бы одна позиция чека (например groceries).",
            "A category one of the receipt's lines counts in (for example groceries).")
    }
    static var shopHelp: String {
        pick("Магазин (начала слов названия).", "The shop (beginnings of its name's words).")
    }
    static var minHelp: String { pick("Сумма чека не меньше (рубли).", "Receipt total at least (roubles).") }
    static var maxHelp: String { pick("Сумма чека не больше (рубли).", "Receipt total at most (roubles).") }
    static var lastFiltersHelp: String { pick("Фильтры прошлого поиска.", "The filters of the last search.") }
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
    static var shopValue: String { pick("магазин", "shop") }
    static var roublesValue: String { pick("рубли", "roubles") }
    static func minAboveMax(_ min: String, _ max: String) -> String {
        pick("--min \(min) больше --max \(max)", "--min \(min) is above --max \(max)")
    }
}

extension Words {
    var nothingFound: String { pick("Ничего не найдено.", "Nothing found.") }
}
