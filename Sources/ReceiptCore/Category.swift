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

    /// Finds a category by its identifier or by its name in either language, ignoring case.
    public init?(lookingUp text: String) {
        let wanted = text.trimmingWhitespace().lowercased()
        let found = Category.allCases.first { category in
            category.rawValue == wanted
                || Language.allCases.contains { category.name(in: $0).lowercased() == wanted }
        }
        guard let found else { return nil }
        self = found
    }
}
