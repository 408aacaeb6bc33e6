/// The unit a line's quantity is counted in, as FFD 1.2 codes it (`itemsQuantityMeasure`, tag 2108).
///
/// A till that sets it says what the quantity is; older documents print a unit (`кг`) or nothing,
/// and the name has to be read instead.
public struct Measure: RawRepresentable, Sendable, Hashable, Codable {
    /// The code as documents write it; codes this tool does not know are kept as they came.
    public let rawValue: Int
    /// Any code, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Pieces or units (0).
    public static let piece = Measure(rawValue: 0)
    /// Grams (10).
    public static let gram = Measure(rawValue: 10)
    /// Kilograms (11).
    public static let kilogram = Measure(rawValue: 11)
    /// Tonnes (12).
    public static let tonne = Measure(rawValue: 12)
    /// Metres (22).
    public static let metre = Measure(rawValue: 22)
    /// Square metres (32).
    public static let squareMetre = Measure(rawValue: 32)
    /// Millilitres (40).
    public static let millilitre = Measure(rawValue: 40)
    /// Litres (41).
    public static let litre = Measure(rawValue: 41)
    /// Cubic metres (42).
    public static let cubicMetre = Measure(rawValue: 42)
    /// Kilowatt-hours (50).
    public static let kilowattHour = Measure(rawValue: 50)

    private static let names: [Int: (russian: String, english: String)] = [
        0: ("шт", "pcs"), 10: ("г", "g"), 11: ("кг", "kg"), 12: ("т", "t"), 20: ("см", "cm"), 21: ("дм", "dm"),
        22: ("м", "m"), 30: ("см²", "cm²"), 31: ("дм²", "dm²"), 32: ("м²", "m²"), 40: ("мл", "ml"), 41: ("л", "l"),
        42: ("м³", "m³"), 50: ("кВт·ч", "kWh"), 51: ("Гкал", "Gcal"), 70: ("сут", "days"), 71: ("ч", "h"),
        72: ("мин", "min"), 73: ("с", "s"), 80: ("КБ", "KB"), 81: ("МБ", "MB"), 82: ("ГБ", "GB"), 83: ("ТБ", "TB"),
    ]

    /// The unit's short name as receipts print it (`кг`, `л`); a code this tool does not know, or
    /// 255 («иная»), has none.
    public func name(in language: Language) -> String? {
        guard let names = Self.names[rawValue] else { return nil }
        return language == .russian ? names.russian : names.english
    }
}
