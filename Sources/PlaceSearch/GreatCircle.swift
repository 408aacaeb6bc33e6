import Foundation
public import ReceiptCore

/// Distances on the Earth's surface along great circles.
public enum GreatCircle {
    /// The mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres between two points (haversine formula, accurate to well
    /// under a metre at city scale and correct across the antimeridian and at the poles).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        Origin(a).distance(to: b)
    }

    /// A point distances are measured from many times: its latitude's cosine is worked out once.
    public struct Origin: Sendable {
        let coordinate: Coordinate
        let latitude: Double
        let cosine: Double

        /// An origin at `coordinate`, its latitude in radians and their cosine computed now.
        public init(_ coordinate: Coordinate) {
            self.coordinate = coordinate
            latitude = coordinate.latitude * .pi / 180
            cosine = cos(latitude)
        }

        /// The same haversine as ``GreatCircle/distance(_:_:)``, bit for bit.
        public func distance(to b: Coordinate) -> Double {
            let lat2 = b.latitude * .pi / 180
            let dLat = lat2 - latitude
            let dLon = (b.longitude - coordinate.longitude) * .pi / 180
            let h = sin(dLat / 2) * sin(dLat / 2) + cosine * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
            return 2 * earthRadius * asin(min(1, h.squareRoot()))
        }
    }
}
