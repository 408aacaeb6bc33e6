public import ReceiptCore

/// Where a page of results ended: the last result's distance and id. Results continue strictly
/// after it in (distance, id) order, so pages neither skip nor repeat.
public struct PlaceCursor: Sendable, Hashable, Codable {
    /// The last result's distance in metres.
    public let distance: Double
    /// The last result's place id, which orders places at the same distance.
    public let id: String

    /// A cursor after the place `id` at `distance`, as a page's last hit gives them.
    public init(distance: Double, id: String) {
        self.distance = distance
        self.id = id
    }
}

/// What to look for: the nearest places to a point, optionally within a radius and matching text.
public struct PlaceQuery: Sendable {
    /// The point distances are measured from.
    public var center: Coordinate
    /// Words that must begin words of the name (see ``PlaceText``); empty for every place.
    public var text: String
    /// The largest distance in metres, or nil for any.
    public var radius: Double?
    /// How many places a page holds (at least one).
    public var limit: Int
    /// Where the previous page ended; nil for the first page.
    public var after: PlaceCursor?

    /// The first 50 places nearest to `center` unless told otherwise.
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
    /// The place, as the index was given it.
    public let place: Place
    /// Metres along the Earth from the query's point.
    public let distance: Double
}

/// One page of results, nearest first, ties in distance broken by id.
public struct PlacePage: Sendable, Equatable {
    /// At most `limit` places, nearest first.
    public let hits: [PlaceHit]
    /// Where the next page starts, or nil when this is the last one.
    public let next: PlaceCursor?
}
