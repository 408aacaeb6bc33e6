import Hummingbird
import PlaceSearch
import ReceiptAPI
import ReceiptCore
import Synchronization

/// Where a places page ended, bound to the query it answers.
struct PlacesPosition: Codable, Equatable {
    let lat: Double
    let lon: Double
    let q: String
    let radius: Double?
    let distance: Double
    let id: String
}

/// Places nearest to a point, filtered by text and radius, page by page.
struct PlaceRoutes: Sendable {
    let index: PlaceDirectory
    let cursors: CursorCodec

    func register(on router: Router<ServerContext>) {
        router.get(Route.places.routerPath) { request, _ in try search(request) }
    }

    private func search(_ request: Request) throws -> Response {
        let query = QueryParameters(request)
        guard let lat = try query.number("lat", in: -90...90), let lon = try query.number("lon", in: -180...180) else {
            throw APIError.badRequest(.pointRequired)
        }
        let center = try Coordinate(latitude: lat, longitude: lon)
        let text = try query.string("q") ?? ""
        // Characters as JSON Schema's maxLength counts them: code points.
        guard text.unicodeScalars.count <= 200 else {
            throw APIError.badRequest(.textTooLong(parameter: "q", maximum: 200))
        }
        let radius = try query.number("radius", in: 1...20_037_509)
        var after: PlaceCursor?
        if let cursor = try query.string("cursor") {
            guard let position = cursors.decode(cursor, as: PlacesPosition.self),
                position.lat == lat, position.lon == lon, position.q == text, position.radius == radius
            else { throw APIError.badRequest(.foreignPlacesCursor) }
            after = PlaceCursor(distance: position.distance, id: position.id)
        }
        let page = index.search(
            PlaceQuery(center: center, text: text, radius: radius, limit: try query.pageSize(), after: after))
        let next = page.next.map {
            cursors.encode(
                PlacesPosition(lat: lat, lon: lon, q: text, radius: radius, distance: $0.distance, id: $0.id))
        }
        return jsonResponse(
            PlacesPage(
                places: page.hits.map { PlaceEntry($0.place, distance: ($0.distance * 10).rounded() / 10) },
                nextCursor: next))
    }
}

/// The place index shared by every request, updated as places are loaded.
final class PlaceDirectory: Sendable {
    private let index: Mutex<PlaceIndex>

    init(_ places: [Place]) {
        index = Mutex(PlaceIndex(places))
    }

    func search(_ query: PlaceQuery) -> PlacePage {
        index.withLock { $0.search(query) }
    }

    func insert(_ places: [Place]) {
        index.withLock { index in for place in places { index.insert(place) } }
    }

    /// Puts `places` in place of every place: the index is built before the lock is taken.
    func replace(with places: [Place]) {
        let fresh = PlaceIndex(places)
        index.withLock { $0 = fresh }
    }

    var count: Int { index.withLock { $0.count } }
}
