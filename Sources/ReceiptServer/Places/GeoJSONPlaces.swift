import Foundation
import ReceiptCore

/// Places from a GeoJSON FeatureCollection of points.
enum GeoJSONPlaces {
    static func parse(_ data: Data, path: String) throws(PlacesFileError) -> [Place] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .badGeoJSON(path: path, reason: "not JSON")
        }
        guard let collection = object as? [String: Any], collection["type"] as? String == "FeatureCollection",
            let features = collection["features"] as? [Any]
        else { throw .badGeoJSON(path: path, reason: "expected {\"type\": \"FeatureCollection\", \"features\": […]}") }
        var places: [Place] = []
        var seen: [String: Int] = [:]
        for (index, item) in features.enumerated() {
            do throws(PlacesFileError.Problem) {
                let feature = item as? [String: Any] ?? [:]
                let geometry = feature["geometry"] as? [String: Any] ?? [:]
                let coordinates = geometry["coordinates"] as? [Any] ?? []
                guard geometry["type"] as? String == "Point", coordinates.count >= 2 else {
                    throw .badCoordinate("the geometry must be a Point [lon, lat]")
                }
                let properties = feature["properties"] as? [String: Any] ?? [:]
                let id = (properties["id"] ?? feature["id"]).map { "\($0)" } ?? ""
                let place = try PlacesFile.place(
                    id: id, name: properties["name"] as? String ?? "",
                    lat: (coordinates[1] as? NSNumber)?.doubleValue, lon: (coordinates[0] as? NSNumber)?.doubleValue,
                    category: properties["category"] as? String ?? "uncategorized",
                    address: properties["address"] as? String ?? "")
                if let earlier = seen[place.id] { throw .duplicateID(place.id, firstLine: earlier + 1) }
                seen[place.id] = index
                places.append(place)
            } catch {
                throw .badFeature(path: path, index: index, problem: error)
            }
        }
        return places
    }
}
