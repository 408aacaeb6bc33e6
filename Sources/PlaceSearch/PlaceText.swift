/// Text matching for place names: case-insensitive, Cyrillic and Latin, `ё` read as `е`, a query
/// word matching the beginning of any word of the name.
public enum PlaceText {
    /// The words of a name or a query, lower-cased with `ё` → `е`; anything but letters and digits
    /// separates words.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character == "ё" ? "е" : character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// True when every query word begins some word of the name. An empty query matches everything.
    ///
    /// Both sides come folded from ``words(_:)``, so their UTF-8 bytes are compared: String's own
    /// prefix test compares Characters, normalising each one.
    public static func matches(query: [String], name: [String]) -> Bool {
        query.allSatisfy { wanted in name.contains { $0.utf8.starts(with: wanted.utf8) } }
    }
}
