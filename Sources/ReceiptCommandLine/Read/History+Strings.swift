// The words of `receipts history`, in Russian and English.
extension HelpText {
    static var historyAbstract: String {
        pick("Последние 5 поисковых запросов.", "The last 5 search texts.")
    }
    static var historyPrefixHelp: String {
        pick(
            "Только содержащие этот текст (для дополнения в оболочке).",
            "Only those containing this text (for shell completion).")
    }
    static var clearHelp: String { pick("Очистить историю.", "Clear the history.") }
}

extension Words {
    var historyCleared: String { pick("История поиска очищена.", "Search history cleared.") }
}
