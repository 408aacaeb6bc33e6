import Foundation
import Logging
import PostgresNIO
import ReceiptCore

/// ``PlaceStorage``: places in the database, and the `LISTEN/NOTIFY` channel that tells every
/// instance of changes.
extension PostgresStorage {
    func upsert(places: [Place]) async throws {
        guard !places.isEmpty else { return }
        // One id once per statement: the last of a file's repeats wins, as row by row it would.
        var latest: [String: Int] = [:]
        for (index, place) in places.enumerated() { latest[place.id] = index }
        let unique = places.enumerated().filter { latest[$0.element.id] == $0.offset }.map(\.element)
        try await transaction { connection, logger in
            for chunk in Self.chunks(unique) {
                try await connection.query(
                    """
                    INSERT INTO places (id, name, latitude, longitude, category, address)
                    SELECT * FROM unnest(\(chunk.map(\.id))::text[], \(chunk.map(\.name))::text[],
                        \(chunk.map(\.coordinate.latitude))::float8[], \(chunk.map(\.coordinate.longitude))::float8[],
                        \(chunk.map(\.category.rawValue))::text[], \(chunk.map(\.address))::text[])
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
                        longitude = excluded.longitude, category = excluded.category, address = excluded.address
                    """, logger: logger)
            }
            // Delivered to every listening instance when the transaction commits.
            try await connection.query("SELECT pg_notify(\(Self.placesChannel), '')", logger: logger)
        }
    }

    /// The channel instances hear place changes on.
    private static let placesChannel = "receipts_places"

    /// Listens on a connection of its own; when it breaks, waits a second, connects again, and calls
    /// `changed` once (a change may have come in between).
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async {
        var first = true
        while !Task.isCancelled {
            do {
                let listener = try await PostgresConnection.connect(configuration: connection, id: 2, logger: logger)
                defer { Task { try? await listener.close() } }
                try await listener.listen(on: Self.placesChannel) { notifications in
                    if !first { await changed() }
                    first = false
                    for try await _ in notifications { await changed() }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "listening for place changes: \(PostgresProblem(error).message(in: .english)); trying again in a second"
                )
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    func places() async throws -> [Place] {
        try await call(changesAnswers: false) { client in
            var found: [Place] = []
            let rows = try await client.query("SELECT id, name, latitude, longitude, category, address FROM places")
            for try await (id, name, latitude, longitude, category, address) in rows.decode(
                (String, String?, Double?, Double?, String?, String?).self)
            {
                if let place = Self.place(id: id, (name, latitude, longitude, category, address)) {
                    found.append(place)
                }
            }
            return found
        }
    }

    static func place(
        id: String,
        _ columns: (name: String?, latitude: Double?, longitude: Double?, category: String?, address: String?)
    ) -> Place? {
        guard let name = columns.name, let latitude = columns.latitude, let longitude = columns.longitude,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        return Place(
            id: id, name: name, coordinate: coordinate,
            category: columns.category.flatMap(Category.init(rawValue:)) ?? .uncategorized,
            address: columns.address ?? "")
    }
}
