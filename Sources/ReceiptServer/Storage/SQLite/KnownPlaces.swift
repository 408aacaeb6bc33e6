import Foundation
import GRDB
import ReceiptCore
import Synchronization

/// The places feed pages name, each read from the file once: a page names dozens, and reading and
/// decoding them again for every page was a tenth of the feed's time. Every write of places
/// forgets them all; a reading that began before such a write keeps nothing it read.
final class KnownPlaces: Sendable {
    private struct State {
        var places: [String: Place] = [:]
        /// Counts the writes of places, so that a reading that overlapped one is not kept.
        var generation = 0
    }
    private let state = Mutex(State())

    /// Places with these ids, from memory or else from the file within the caller's transaction.
    func places(ids: Set<String>, in db: Database) throws -> [String: Place] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: Place] = [:]
        var missing: [String] = []
        let generation = state.withLock { state in
            for id in ids {
                if let place = state.places[id] { found[id] = place } else { missing.append(id) }
            }
            return state.generation
        }
        guard !missing.isEmpty else { return found }
        let marks = Array(repeating: "?", count: missing.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: "SELECT id, name, latitude, longitude, category, address FROM places WHERE id IN (\(marks))")
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments(missing))
        var read: [Place] = []
        while let row = try rows.next() {
            guard let coordinate = try? Coordinate(latitude: row[2], longitude: row[3]) else { continue }
            read.append(
                Place(
                    id: row[0], name: row[1], coordinate: coordinate,
                    category: Category(rawValue: row[4]) ?? .uncategorized, address: row[5]))
        }
        state.withLock { state in
            guard state.generation == generation else { return }
            // Grown past any real map's places, it starts afresh rather than grow without bound.
            if state.places.count + read.count > 200_000 { state.places.removeAll() }
            for place in read { state.places[place.id] = place }
        }
        for place in read { found[place.id] = place }
        return found
    }

    /// Called after places were written: what was read before is no longer known to be true.
    func forget() {
        state.withLock { state in
            state.generation += 1
            state.places.removeAll()
        }
    }
}
