import Foundation
import ReceiptCore

/// Distances on the Earth's surface along great circles.
public enum GreatCircle {
    /// The mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres between two points (haversine formula, accurate to well
    /// under a metre at city scale and correct across the antimeridian and at the poles).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }
}
