/// An item name reduced to what it says, so that the ways printers write one product meet on one key:
/// `МОЛОКО ПАСТ.3,2% 930МЛ`, `*Молоко паст. 3.2% 0,93 л` and `МОЛОКО  ПАСТ 3,2% 930 МЛ` all become
/// `молоко паст 3,2%`.
///
/// Letters folded as search folds them (``SearchText/foldLetters(_:)``: lower case, ё read as е, Latin
/// letters without their diacritics); punctuation, `*`/`#` markers and article numbers dropped; every word
/// that starts with a digit (weights, volumes, counts: `930мл`, `10шт`) dropped, with a unit standing
/// after it on its own; pharmacy counts (`N50`) and the weighed-goods marker `вес` dropped. What names
/// a different product stays: a percentage (`3,2%`, `15 %`: the fat of milk or sour cream, the
/// strength of a drink) and a fuel's grade (`АИ-95` is `аи95`); a fuel pump's number (`ТРК 12`) and
/// its ecological class (`К5`) do not; `б/` is `без` (`Б/САХАРА`, `без сахара`). A Latin letter that
/// looks like a Cyrillic one, inside a word with Cyrillic letters, is read as that letter: some tills
/// print `МОЛОKО` or `Kефир` with a Latin K.
public enum ItemName {
    /// Which reading of names the keys were made with: a database whose names were read otherwise
    /// gives every printed name its key anew when it is next opened for writing. Raise it with any
    /// change to what ``key(_:)`` gives.
    public static let rulesVersion = 5

    /// The key of a printed name; empty when nothing but numbers and marks is left.
    public static func key(_ name: String) -> String {
        var words: [String] = []
        var previousWasNumber = false
        var fuel = false
        let parts = split(SearchText.foldLetters(name))
        let nameIsCyrillic = parts.contains { $0.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }
        for (index, word) in parts.enumerated() {
            let first = word.unicodeScalars.first.map(isNumeric) ?? false
            if first {
                previousWasNumber = true
                if let last = words.last, last == "аи" || last == "ai", word.allSatisfy(\.isNumber) {
                    // A fuel's grade: `аи 95`, `AI-95`.
                    words[words.count - 1] = "аи" + word
                    fuel = true
                } else if word.hasSuffix("%") {
                    words.append(String(word.map { $0 == "." ? "," : $0 }))
                } else if index + 1 < parts.count, parts[index + 1] == "%" {
                    words.append(String(word.map { $0 == "." ? "," : $0 }) + "%")
                }
                continue
            }
            if previousWasNumber, units.contains(word) {
                previousWasNumber = false
                continue
            }
            previousWasNumber = false
            if word == "дт" { fuel = true }
            if let grade = fuelGrade(word) {
                words.append(grade)
                fuel = true
                continue
            }
            if fuel, word.count == 2, word.first == "к", word.last?.isNumber == true { continue }
            if dropped.contains(word) || isCount(word) { continue }
            // `б/` before a word is `без`; a `б` at the end is something else (`ж/б`, a tin).
            let next = index + 1 < parts.count ? parts[index + 1] : nil
            let without = word == "б" && next.map { !($0.first?.isNumber ?? true) } == true
            words.append(without ? "без" : cyrillic(word, nameIsCyrillic: nameIsCyrillic))
        }
        return words.joined(separator: " ")
    }

    /// A printed name as people read it: as the receipt printed it (its letters' case kept), with
    /// the till's codes before it (`*3383916`, `4690228004018`, `3:3757`, `31903#`, `****`, `[M]`) and
    /// the padding removed: `  4690228004018 МОЛОКО ДОМИК В ДЕРЕВ` is `МОЛОКО ДОМИК В ДЕРЕВ`.
    public static func heading(_ printed: String) -> String {
        var words = printed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first, words.count > 1, isTillCode(first) { words.removeFirst() }
        if var first = words.first {
            // `31903#БЕНЗИН`, `*ПИВО`: the code or mark glued to the first word.
            if let mark = first.lastIndex(where: { $0 == "#" || $0 == "*" }),
                mark != first.index(before: first.endIndex)
            {
                first = String(first[first.index(after: mark)...])
            }
            words[0] = first
        }
        let text = words.joined(separator: " ")
        return text.isEmpty ? printed : text
    }

    /// A word that is a till's code, not part of a name: digits and marks (`*3383916`, `3:3757`,
    /// `****`, `9*`), or a bracketed tag (`[M]`).
    private static func isTillCode(_ word: String) -> Bool {
        if word.hasPrefix("["), word.hasSuffix("]") { return true }
        return word.allSatisfy { $0.isNumber || "*#:;№".contains($0) }
    }

    /// Words of the name: letters and digits, with a decimal point or comma kept inside numbers.
    private static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isWordPart = isAlphabetic(scalar) || isNumeric(scalar) || scalar == "%"
            let isDecimalMark =
                (scalar == "," || scalar == ".") && index > 0 && index + 1 < scalars.count
                && isNumeric(scalars[index - 1]) && isNumeric(scalars[index + 1])
            if isWordPart || isDecimalMark {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current.removeAll()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Unicode's Alphabetic property, answered without its tables for ASCII and the Russian
    /// alphabet, the letters of nearly every name: looking them up was most of a key's cost.
    static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x401, 0x410...0x44F, 0x451: true
        case 0..<0x80: false
        default: scalar.properties.isAlphabetic
        }
    }

    /// Whether a scalar has a numeric type (a digit, a fraction, a Roman numeral…), answered
    /// without Unicode's tables for ASCII and the Russian alphabet.
    static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39: true
        case 0..<0x80, 0x401, 0x410...0x44F, 0x451: false
        default: scalar.properties.numericType != nil
        }
    }

    /// The word with its Latin look-alikes read as Cyrillic letters, when it has a Cyrillic letter
    /// and a Latin one: `молоkо` is `молоко`; `kiwi` and `молоко` stay as they are.
    private static func cyrillic(_ word: String, nameIsCyrillic: Bool = false) -> String {
        // A word of one or two look-alikes in a Cyrillic name is Cyrillic too: `В/K` is `в к`.
        if nameIsCyrillic, word.count <= 2, word.unicodeScalars.allSatisfy({ lookAlikes[$0] != nil }) {
            return String(String.UnicodeScalarView(word.unicodeScalars.map { lookAlikes[$0] ?? $0 }))
        }
        var hasCyrillic = false
        var hasLookAlike = false
        for scalar in word.unicodeScalars {
            if (0x0400...0x04FF).contains(scalar.value) {
                hasCyrillic = true
            } else if lookAlikes[scalar] != nil {
                hasLookAlike = true
            }
        }
        guard hasCyrillic && hasLookAlike else { return word }
        var folded = String.UnicodeScalarView()
        for scalar in word.unicodeScalars { folded.append(lookAlikes[scalar] ?? scalar) }
        return String(folded)
    }

    /// Lower-case Latin letters that tills print for the Cyrillic ones they look like.
    private static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        "a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "k": "к", "m": "м", "o": "о", "p": "р", "t": "т",
        "x": "х", "y": "у",
    ]

    /// `аи95` of `ai95` or `аи95`: a fuel's grade written as one word; nil for any other word.
    private static func fuelGrade(_ word: String) -> String? {
        guard word.hasPrefix("ai") || word.hasPrefix("аи") else { return nil }
        let digits = word.dropFirst(2)
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return nil }
        return "аи" + digits
    }

    /// `n50`, `№20`: how many tablets or plasters, not what they are.
    private static func isCount(_ word: String) -> Bool {
        guard let first = word.first, first == "n" || first == "№", word.count > 1 else { return false }
        return word.dropFirst().allSatisfy(\.isNumber)
    }

    private static let units: Set<String> = [
        "мл", "л", "г", "гр", "кг", "шт", "м", "см", "мм", "мг", "ме", "%", "уп", "пак", "вт", "рул", "сл", "дет",
        "ml", "l", "g", "kg", "pcs",
    ]
    private static let dropped: Set<String> = ["вес", "весовой", "весов", "трк"]
}
