import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore
import Synchronization

/// The server's SQLite database, in WAL mode with foreign keys on.
final class ServerDatabase: Sendable {
    let pool: DatabasePool
    let path: String
    /// Places as the feeds' JSON, keyed by the whole place (a changed place is a new key): every
    /// feed page names dozens of places, each written once rather than for every page.
    let encodedPlaces = Mutex<[Place: WrittenJSON<PlaceEntry>]>([:])

    init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.label = "receipts-server"
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        pool = try DatabasePool(path: path, configuration: configuration)
        self.path = path
        try ServerSchema.migrator.migrate(pool)
    }

    /// A random secret kept in the database, so that cursors stay valid across restarts and cannot be
    /// forged by clients.
    func secret(named name: String) throws -> Data {
        try pool.write { db in
            if let value = try Data.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [name]) {
                return value
            }
            var generator = SystemRandomNumberGenerator()
            let value = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [name, value])
            return value
        }
    }

    // MARK: Places

    func upsert(places: [Place]) throws {
        try pool.write { db in
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
    }

    func places() throws -> [Place] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM places").compactMap(Self.place(from:))
        }
    }

    func place(id: String, in db: Database) throws -> Place? {
        try Row.fetchOne(db, sql: "SELECT * FROM places WHERE id = ?", arguments: [id]).flatMap(Self.place(from:))
    }

    static func place(from row: Row) -> Place? {
        guard let coordinate = try? Coordinate(latitude: row["latitude"], longitude: row["longitude"]) else {
            return nil
        }
        return Place(
            id: row["id"], name: row["name"], coordinate: coordinate,
            category: Category(rawValue: row["category"]) ?? .uncategorized, address: row["address"])
    }

    func counts() throws -> (receipts: Int, places: Int) {
        try pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM places") ?? 0
            )
        }
    }
}
