import Foundation
import GRDB
import ReceiptCore

/// ``PlaceStorage``: places in the file.
extension SQLiteStorage {
    func upsert(places: [Place]) async throws {
        try await write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO places (id, name, latitude, longitude, category, address) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
                        longitude = excluded.longitude, category = excluded.category, address = excluded.address
                    """)
            for place in places {
                try statement.execute(arguments: [
                    place.id, place.name, place.coordinate.latitude, place.coordinate.longitude,
                    place.category.rawValue, place.address,
                ])
            }
        }
        knownPlaces.forget()
    }

    func places() async throws -> [Place] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM places").compactMap(Self.place(from:))
        }
    }

    /// One process owns an SQLite file: nobody else changes its places.
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async {}

    private static func place(from row: Row) -> Place? {
        guard let coordinate = try? Coordinate(latitude: row["latitude"], longitude: row["longitude"]) else {
            return nil
        }
        return Place(
            id: row["id"], name: row["name"], coordinate: coordinate,
            category: Category(rawValue: row["category"]) ?? .uncategorized, address: row["address"])
    }
}
