/// An item name reduced to what it says, so that the ways printers write one product meet on one key:
/// `МОЛОКО ПАСТ.3,2% 930МЛ`, `*Молоко паст. 3.2% 0,93 л` and `МОЛОКО  ПАСТ 3,2% 930 МЛ` all become
/// `молоко паст`.
///
/// Lower case with ё read as е; punctuation, `*`/`#` markers and article numbers dropped; every word
/// that starts with a digit (weights, volumes, fat, counts: `930мл`, `3,2%`, `10шт`) dropped, with a
/// unit standing after it on its own; pharmacy counts (`N50`) and the weighed-goods marker `вес` dropped.
public enum ItemName {
    /// The key of a printed name; empty when nothing but numbers and marks is left.
    public static func key(_ name: String) -> String {
        var words: [String] = []
        var previousWasNumber = false
        for word in split(name.lowercased()) {
            let first = word.unicodeScalars.first.map { $0.properties.numericType != nil } ?? false
            if first {
                previousWasNumber = true
                continue
            }
            if previousWasNumber, units.contains(word) {
                previousWasNumber = false
                continue
            }
            previousWasNumber = false
            if dropped.contains(word) || isCount(word) { continue }
            words.append(word)
        }
        return words.joined(separator: " ")
    }

    /// Words of the name: letters and digits, with a decimal point or comma kept inside numbers.
    private static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isWordPart = scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "%"
            let isDecimalMark =
                (scalar == "," || scalar == ".") && index > 0 && index + 1 < scalars.count
                && scalars[index - 1].properties.numericType != nil && scalars[index + 1].properties.numericType != nil
            if isWordPart || isDecimalMark {
                current.append(scalar == "ё" ? "е" : scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current.removeAll()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
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
    private static let dropped: Set<String> = ["вес", "весовой", "весов"]
}
