/// Russian letters in Latin ones, as card payments and passports write them (`Пятёрочка` is
/// `Pyaterochka`, `Щёлково` is `Shchelkovo`): for names that must be ASCII (ledger accounts) and for
/// comparing a bank's Latin merchant with a shop's Russian name.
public enum Transliteration {
    /// `text` with each Cyrillic letter replaced by its Latin spelling, the case of its first letter
    /// kept (`Ж` is `Zh`); every other character as it is.
    public static func latin(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            let lower = Character(character.lowercased())
            guard let spelling = letters[lower] else {
                result.append(character)
                continue
            }
            if character != lower, let first = spelling.first {
                result += first.uppercased() + spelling.dropFirst()
            } else {
                result += spelling
            }
        }
        return result
    }

    private static let letters: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
        "э": "e", "ю": "yu", "я": "ya",
    ]
}
