import GRDB
import ReceiptCore

/// A row of `places`.
struct PlaceRecord: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "places"

    var id: String
    var name: String
    var latitude: Double
    var longitude: Double
    var category: String
    var address: String

    init(_ place: Place) {
        id = place.id
        name = place.name
        latitude = place.coordinate.latitude
        longitude = place.coordinate.longitude
        category = place.category.rawValue
        address = place.address
    }

    /// A row read by column position, in the order of ``columns``: places are compared on every
    /// imported page, and decoding by name costs more than the lookup.
    init(columns row: DirectBindings.Columns) {
        id = row.text(0) ?? ""
        name = row.text(1) ?? ""
        latitude = row.double(2)
        longitude = row.double(3)
        category = row.text(4) ?? ""
        address = row.text(5) ?? ""
    }

    /// The columns of a place, in the order ``bind(to:)`` binds them.
    static let columns = "id, name, latitude, longitude, category, address"
    /// Writes a place, replacing the one of the same id.
    static let upsertSQL = """
        INSERT INTO places (\(columns)) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
            longitude = excluded.longitude, category = excluded.category, address = excluded.address
        """

    /// Binds the values of ``upsertSQL``.
    func bind(to values: inout DirectBindings) {
        values.add(id)
        values.add(name)
        values.add(latitude)
        values.add(longitude)
        values.add(category)
        values.add(address)
    }

    func place() throws(RecordError) -> Place {
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw RecordError(row: "places.id=\(id)", reason: error.message(in: .english))
        }
        // A category this version does not know (written by a newer one) reads as uncategorised.
        return Place(
            id: id, name: name, coordinate: coordinate, category: Category(rawValue: category) ?? .uncategorized,
            address: address)
    }
}
