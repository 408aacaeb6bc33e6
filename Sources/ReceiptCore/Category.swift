/// What a purchase was for: the built-in taxonomy that statistics are counted by.
///
/// ``uncategorized`` is a category of its own and always shown, never folded into ``other``.
public enum Category: String, Sendable, Hashable, CaseIterable, Codable {
    case groceries
    case cafes
    case transport
    case fuel
    case health
    case household
    case clothing
    case electronics
    case beauty
    case kids
    case pets
    case entertainment
    case telecom
    case alcoholTobacco = "alcohol_tobacco"
    case other
    case uncategorized

    /// The category's name for people.
    public func name(in language: Language) -> String {
        let names: (ru: String, en: String) =
            switch self {
            case .groceries: ("Продукты", "Groceries")
            case .cafes: ("Кафе и рестораны", "Cafés and restaurants")
            case .transport: ("Транспорт", "Transport")
            case .fuel: ("Топливо", "Fuel")
            case .health: ("Аптека и здоровье", "Pharmacy and health")
            case .household: ("Товары для дома", "Household")
            case .clothing: ("Одежда и обувь", "Clothing and shoes")
            case .electronics: ("Электроника", "Electronics")
            case .beauty: ("Красота и гигиена", "Beauty and hygiene")
            case .kids: ("Дети", "Kids")
            case .pets: ("Животные", "Pets")
            case .entertainment: ("Развлечения", "Entertainment")
            case .telecom: ("Связь", "Telecom")
            case .alcoholTobacco: ("Алкоголь и табак", "Alcohol and tobacco")
            case .other: ("Другое", "Other")
            case .uncategorized: ("Без категории", "Uncategorized")
            }
        return language == .russian ? names.ru : names.en
    }

    /// Finds a category by its identifier or by its name in either language, ignoring case, accents,
    /// ё and the difference between `_`, `-` and a space (`Alcohol-tobacco`, `кафе и рестораны`).
    public init?(lookingUp text: String) {
        guard let found = Self.byComparableName[Self.comparable(text)] else { return nil }
        self = found
    }

    /// Every category under its identifier and its names, as ``comparable(_:)`` makes them; the first
    /// category keeps a name two would share. Made once: a rules file looks a category up on every
    /// line.
    private static let byComparableName: [String: Category] = {
        var names: [String: Category] = [:]
        for category in allCases {
            for name in [category.rawValue] + Language.allCases.map({ category.name(in: $0) }) {
                let key = comparable(name)
                if names[key] == nil { names[key] = category }
            }
        }
        return names
    }()

    private static func comparable(_ text: String) -> String {
        String(text.lowercased().map { folds[$0] ?? $0 })
            .split { $0 == " " || $0 == "_" || $0 == "-" }.joined(separator: " ")
    }

    /// The accented letters of the names (and their neighbours), and ё, as people type them without.
    private static let folds: [Character: Character] = [
        "ё": "е", "à": "a", "á": "a", "â": "a", "ä": "a", "ç": "c", "è": "e", "é": "e", "ê": "e", "ë": "e",
        "î": "i", "ï": "i", "ñ": "n", "ô": "o", "ö": "o", "ù": "u", "û": "u", "ü": "u",
    ]
}
