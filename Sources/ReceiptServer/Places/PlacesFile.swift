import Foundation
public import ReceiptCore

/// Places read from a file: CSV with the header `id,name,lat,lon,category,address`, or a GeoJSON
/// FeatureCollection of points with `id`, `name`, `category` and `address` properties.
public enum PlacesFile {
    /// Every place in the file, told CSV or GeoJSON by its first character; the first bad row or
    /// feature fails the whole file, naming its line.
    public static func read(_ path: String) throws(PlacesFileError) -> [Place] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cannotRead(path: path, reason: (error as NSError).localizedDescription)
        }
        guard var text = String(data: data, encoding: .utf8) else { throw .notText(path: path) }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        if text.drop(while: \.isWhitespace).hasPrefix("{") { return try GeoJSONPlaces.parse(data, path: path) }
        return try CSVPlaces.parse(text, path: path)
    }

    /// A place from the values of one row or feature, every value checked.
    static func place(
        id: String, name: String, lat: Double?, lon: Double?, category: String, address: String
    ) throws(PlacesFileError.Problem) -> Place {
        guard !id.isEmpty else { throw .missing("id") }
        guard !name.isEmpty else { throw .missing("name") }
        guard let lat, let lon else { throw .badCoordinate("lat/lon must be numbers") }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: lat, longitude: lon)
        } catch {
            throw .badCoordinate(error.message(in: .english))
        }
        guard let found = Category(lookingUp: category) else { throw .unknownCategory(category) }
        return Place(id: id, name: name, coordinate: coordinate, category: found, address: address)
    }
}

/// Why a places file cannot be loaded; nothing of it is loaded then.
public enum PlacesFileError: Error, Equatable, LocalizedMessage {
    case cannotRead(path: String, reason: String)
    case notText(path: String)
    case badHeader(path: String, found: String)
    case badRow(path: String, line: Int, problem: Problem)
    case badGeoJSON(path: String, reason: String)
    case badFeature(path: String, index: Int, problem: Problem)

    /// What is wrong with one row or feature.
    public enum Problem: Error, Equatable, Sendable {
        case columnCount(Int)
        case missing(String)
        case badCoordinate(String)
        case unknownCategory(String)
        case duplicateID(String, firstLine: Int)
        case unterminatedQuote

        func message(in language: Language) -> String {
            let ru = language == .russian
            switch self {
            case .columnCount(let count):
                return ru ? "нужно 6 полей, а здесь \(count)" : "expected 6 fields, found \(count)"
            case .missing(let field): return ru ? "пустое поле \(field)" : "\(field) is empty"
            case .badCoordinate(let reason): return ru ? "неверные координаты: \(reason)" : "bad coordinates: \(reason)"
            case .unknownCategory(let text):
                let known = Category.allCases.map(\.rawValue).joined(separator: ", ")
                return ru
                    ? "неизвестная категория «\(text)» (есть: \(known))"
                    : "unknown category “\(text)” (known: \(known))"
            case .duplicateID(let id, let line):
                return ru ? "id \(id) уже был в строке \(line)" : "id \(id) already appears on line \(line)"
            case .unterminatedQuote: return ru ? "не закрыта кавычка" : "a quote is not closed"
            }
        }
    }

    /// Names the file, the line or feature, and what is wrong: `places.csv, line 3: bad coordinates: …`.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .cannotRead(let path, let reason):
            return ru ? "не удаётся прочитать \(path): \(reason)" : "cannot read \(path): \(reason)"
        case .notText(let path): return ru ? "\(path): не текст UTF-8" : "\(path) is not UTF-8 text"
        case .badHeader(let path, let found):
            return ru
                ? "\(path), строка 1: заголовок должен быть id,name,lat,lon,category,address, а не «\(found)»"
                : "\(path), line 1: the header must be id,name,lat,lon,category,address, not “\(found)”"
        case .badRow(let path, let line, let problem):
            return ru
                ? "\(path), строка \(line): \(problem.message(in: language))"
                : "\(path), line \(line): \(problem.message(in: language))"
        case .badGeoJSON(let path, let reason):
            return ru
                ? "\(path): не GeoJSON FeatureCollection: \(reason)"
                : "\(path) is not a GeoJSON FeatureCollection: \(reason)"
        case .badFeature(let path, let index, let problem):
            return ru
                ? "\(path), объект №\(index + 1): \(problem.message(in: language))"
                : "\(path), feature #\(index + 1): \(problem.message(in: language))"
        }
    }
}
