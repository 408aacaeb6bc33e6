/// A point on the Earth in degrees (WGS 84), as maps and phones give it.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// −90…90, north positive.
    public let latitude: Double
    /// −180…180, east positive.
    public let longitude: Double

    /// A point whose latitude and longitude are finite numbers within their ranges.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A point from numbers that may stray: latitude clamped to −90…90, longitude wrapped into
    /// −180…180, anything not finite read as 0. For generated and computed points, not for input.
    public init(clampingLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude.isFinite ? min(90, max(-90, latitude)) : 0
        var wrapped = longitude.isFinite ? longitude.truncatingRemainder(dividingBy: 360) : 0
        if wrapped > 180 { wrapped -= 360 }
        if wrapped < -180 { wrapped += 360 }
        self.longitude = wrapped
    }

    /// `55.7558,37.6173`, the form the command line accepts.
    public var description: String { "\(latitude),\(longitude)" }

    private enum CodingKeys: String, CodingKey { case lat, lon }

    /// Reads `{"lat", "lon"}`, the wire's form; a point out of range is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .lat)
        let longitude = try container.decode(Double.self, forKey: .lon)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.message(in: .english)))
        }
    }

    /// Writes `{"lat", "lon"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .lat)
        try container.encode(longitude, forKey: .lon)
    }
}

/// Why a latitude or longitude is not a point on the Earth.
public enum CoordinateError: Error, Equatable, LocalizedMessage {
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)

    /// Names the coordinate and the range it left.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.latitudeOutOfRange(let value), .russian): return "широта \(value) вне диапазона −90…90"
        case (.latitudeOutOfRange(let value), .english): return "latitude \(value) is outside −90…90"
        case (.longitudeOutOfRange(let value), .russian): return "долгота \(value) вне диапазона −180…180"
        case (.longitudeOutOfRange(let value), .english): return "longitude \(value) is outside −180…180"
        }
    }
}
