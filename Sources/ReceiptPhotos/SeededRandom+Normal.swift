import Foundation
import ReceiptCore

extension SeededRandom {
    /// A sample of the standard normal distribution (Box–Muller): the sensor noise of a photo.
    mutating func normal() -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let v = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
