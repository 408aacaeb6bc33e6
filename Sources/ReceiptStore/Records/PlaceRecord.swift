import GRDB
import ReceiptCore

/// A row of `places`.
struct PlaceRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
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
