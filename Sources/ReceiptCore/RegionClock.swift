import Foundation

/// The offset from UTC of the clocks in each of Russia's regions, by the two-digit region code that
/// fiscal documents carry (`"region": "27"`) and car plates use.
///
/// A receipt prints the shop's local time; banks write Moscow time. The table is the zones as they
/// stand since 2020 (Volgograd back on Moscow time, Saratov and Astrakhan at UTC+4). A region that
/// spans several zones (Yakutia) is given the zone most of its people live in.
public enum RegionClock {
    /// Minutes east of UTC in the region with this code (`"25"`, `"7"`, `"077"`), or nil for a code
    /// that names no region.
    public static func offsetMinutes(region code: String) -> Int? {
        let digits = code.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            return nil
        }
        return hours[number].map { $0 * 60 }
    }

    /// Hours east of UTC by region code.
    private static let hours: [Int: Int] = {
        var table: [Int: Int] = [:]
        let zones: [(Int, [Int])] = [
            (2, [39]),
            (
                3,
                [
                    1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 20, 21, 23, 26, 29, 31, 32, 33, 34, 35, 36, 37, 40, 43,
                    44,
                    46, 47, 48, 50, 51, 52, 53, 57, 58, 60, 61, 62, 67, 68, 69, 71, 76, 77, 78, 82, 83, 90, 92, 93, 94,
                    95,
                ]
            ),
            (4, [18, 30, 63, 64, 73]),
            (5, [2, 45, 56, 59, 66, 72, 74, 86, 89]),
            (6, [55]),
            (7, [4, 17, 19, 22, 24, 42, 54, 70]),
            (8, [3, 38]),
            (9, [14, 28, 75]),
            (10, [25, 27, 79]),
            (11, [49, 65]),
            (12, [41, 87]),
        ]
        for (hours, codes) in zones {
            for code in codes { table[code] = hours }
        }
        return table
    }()
}
