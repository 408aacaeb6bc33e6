import Foundation
import ReceiptCore

/// Distances on the Earth's surface along great circles.
public enum GreatCircle {
    /// The mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres between two points (haversine formula, accurate to well
    /// under a metre at city scale and correct across the antimeridian and at the poles).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180
        let φ2 = b.latitude * .pi / 180
        let Δφ = φ2 - φ1
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }
}
