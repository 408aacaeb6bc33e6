/// The language a person reads the tool in: every user-facing message exists in both.
public enum Language: String, Sendable, CaseIterable, Codable {
    case russian = "ru"
    case english = "en"

    /// Reads a language tag as people write it: `ru`, `en`, `ru_RU.UTF-8`, `en-GB`, `RU`.
    ///
    /// Returns nil for anything that is not Russian or English, including `C` and `POSIX`.
    public init?(tag: String) {
        let primary = tag.lowercased().prefix { $0.isLetter }
        switch primary {
        case "ru", "rus", "russian": self = .russian
        case "en", "eng", "english": self = .english
        default: return nil
        }
    }

    /// The one of two texts written in this language: how every module picks its words.
    public func pick(_ russian: String, _ english: String) -> String {
        self == .russian ? russian : english
    }

    /// A whole number with its thousands grouped as the language writes them: `14 704` (a no-break
    /// space) or `14,704`.
    public func grouped(_ value: UInt64) -> String {
        let separator: Character = self == .russian ? "\u{00A0}" : ","
        let digits = Array(String(value))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(separator) }
            result.append(digit)
        }
        return result
    }
}

/// Something that can be told to a person in either language: errors, notices, labels.
public protocol LocalizedMessage: Sendable {
    /// The text in the given language, one or more complete sentences without a trailing newline.
    func message(in language: Language) -> String
}

/// A message already said in both languages: carries a ``LocalizedMessage`` through a module that
/// does not know its type (a JSON reading error inside a network problem).
public struct LocalizedText: LocalizedMessage, Hashable {
    /// The Russian text.
    public let russian: String
    /// The English text.
    public let english: String

    /// The two texts as given.
    public init(russian: String, english: String) {
        self.russian = russian
        self.english = english
    }

    /// The message in both languages, as it reads now.
    public init(_ message: some LocalizedMessage) {
        self.init(russian: message.message(in: .russian), english: message.message(in: .english))
    }

    /// The text in `language`.
    public func message(in language: Language) -> String {
        language == .russian ? russian : english
    }
}

extension Language {
    /// How many receipts, with the word the language wants after the number: `12 чеков`, `1 receipt`.
    public func receipts(_ count: Int) -> String {
        self == .russian ? "\(count) \(Self.russianReceiptsWord(count))" : "\(count) receipt\(count == 1 ? "" : "s")"
    }

    /// «чек», «чека» or «чеков»: the form Russian wants after `count`.
    public static func russianReceiptsWord(_ count: Int) -> String {
        let tens = count % 100
        let ones = count % 10
        if (11...14).contains(tens) { return "чеков" }
        if ones == 1 { return "чек" }
        if (2...4).contains(ones) { return "чека" }
        return "чеков"
    }

    /// `1.6 MB` / `1,6 МБ`: a file's size, in the largest unit that keeps a whole number before the point.
    public func byteSize(_ bytes: Int64) -> String {
        let units = self == .russian ? ["Б", "КБ", "МБ", "ГБ"] : ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        let point = self == .russian ? "," : "."
        let number = unit == 0 ? "\(bytes)" : "\(tenths / 10)\(point)\(tenths % 10)"
        return "\(number) \(units[unit])"
    }
}
