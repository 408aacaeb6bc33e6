import Foundation
public import ReceiptCore

/// A distance as people read it: `350 м`, `1,2 км`; `350 m`, `1.2 km`.
public enum DistanceText {
    /// `metres` in whole metres under a kilometre, else in kilometres to one decimal.
    public static func text(_ metres: Double, in language: Language) -> String {
        let ru = language == .russian
        if metres < 1000 { return "\(Int(metres.rounded())) " + (ru ? "м" : "m") }
        let kilometres = String((metres / 100).rounded() / 10)
        return ru ? kilometres.replacingOccurrences(of: ".", with: ",") + " км" : kilometres + " km"
    }
}
