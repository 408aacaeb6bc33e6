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
