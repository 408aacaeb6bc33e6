import ReceiptCore

/// Where a page of results ended: the last result's distance and id. Results continue strictly
/// after it in (distance, id) order, so pages neither skip nor repeat.
public struct PlaceCursor: Sendable, Hashable, Codable {
    public let distance: Double
    public let id: String

    public init(distance: Double, id: String) {
        self.distance = distance
        self.id = id
    }
}

/// What to look for: the nearest places to a point, optionally within a radius and matching text.
public struct PlaceQuery: Sendable {
    public var center: Coordinate
    /// Words that must begin words of the name (see ``PlaceText``); empty for every place.
    public var text: String
    /// The largest distance in metres, or nil for any.
    public var radius: Double?
    public var limit: Int
    public var after: PlaceCursor?

    public init(
        center: Coordinate, text: String = "", radius: Double? = nil, limit: Int = 50, after: PlaceCursor? = nil
    ) {
        self.center = center
        self.text = text
        self.radius = radius
        self.limit = limit
        self.after = after
    }
}

/// A place found, with its distance in metres from the query's point.
public struct PlaceHit: Sendable, Equatable {
    public let place: Place
    public let distance: Double
}

/// One page of results, nearest first, ties in distance broken by id.
public struct PlacePage: Sendable, Equatable {
    public let hits: [PlaceHit]
    /// Where the next page starts, or nil when this is the last one.
    public let next: PlaceCursor?
}

/// The places a server knows, searchable nearest-first.
///
/// This version scans every place for each query: exact and simple, linear in the number of
/// places. The spatial index that answers in microseconds replaces it behind the same interface.
public struct PlaceIndex: Sendable {
    private var entries: [String: Entry] = [:]

    private struct Entry: Sendable {
        let place: Place
        let words: [String]
    }

    public init(_ places: some Sequence<Place> = []) {
        for place in places { insert(place) }
    }

    /// Adds a place, or replaces the one with the same id.
    public mutating func insert(_ place: Place) {
        entries[place.id] = Entry(place: place, words: PlaceText.words(place.name))
    }

    public var count: Int { entries.count }

    public func search(_ query: PlaceQuery) -> PlacePage {
        let wanted = PlaceText.words(query.text)
        let limit = max(1, query.limit)
        var hits: [PlaceHit] = []
        for entry in entries.values where PlaceText.matches(query: wanted, name: entry.words) {
            let distance = GreatCircle.distance(query.center, entry.place.coordinate)
            if let radius = query.radius, distance > radius { continue }
            if let after = query.after, (distance, entry.place.id) <= (after.distance, after.id) { continue }
            hits.append(PlaceHit(place: entry.place, distance: distance))
        }
        hits.sort { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
        let page = Array(hits.prefix(limit))
        let next = hits.count > limit ? page.last.map { PlaceCursor(distance: $0.distance, id: $0.place.id) } : nil
        return PlacePage(hits: page, next: next)
    }
}
