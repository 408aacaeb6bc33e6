import Foundation

/// The offset from UTC of the clocks in each of Russia's regions, by the two-digit region code that
/// fiscal documents carry (`"region": "27"`) and car plates use, and the region an address names.
///
/// A receipt prints the shop's local time; banks write Moscow time. Each region has the time zone
/// of the tz database that keeps its clocks (`Asia/Novosibirsk`), so that a receipt of 2016, when
/// Novosibirsk was at UTC+6, is read at UTC+6; where the system has no tz database, the zones as
/// they stand since 2020 (Volgograd back on Moscow time, Saratov and Astrakhan at UTC+4). A region
/// that spans several zones (Yakutia) is given the zone most of its people live in.
public enum RegionClock {
    /// Minutes east of UTC in the region with this code (`"25"`, `"7"`, `"077"`) today, or nil for
    /// a code that names no region.
    public static func offsetMinutes(region code: String) -> Int? {
        number(region: code).flatMap { hours[$0] }.map { $0 * 60 }
    }

    /// Minutes east of UTC in region `region` (its number) when its clocks showed `local`.
    public static func offsetMinutes(region: Int, at local: LocalDateTime) -> Int? {
        guard let today = hours[region] else { return nil }
        guard let identifier = zones[region], let zone = TimeZone(identifier: identifier) else { return today * 60 }
        // The instant is the local time less the offset it had: two steps find it, but for the
        // hour a region moved its clocks.
        let asIfUTC = Date(timeIntervalSince1970: TimeInterval(local.secondsAsIfUTC))
        let first = zone.secondsFromGMT(for: asIfUTC.addingTimeInterval(-TimeInterval(today * 3600)))
        return zone.secondsFromGMT(for: asIfUTC.addingTimeInterval(-TimeInterval(first))) / 60
    }

    /// The region a code names (`"54"`, `"054"`), as a number; nil for none.
    public static func number(region code: String) -> Int? {
        let digits = code.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), let number = Int(digits),
            hours[number] != nil
        else { return nil }
        return number
    }

    /// Hours east of UTC by region code, as they stand since 2020.
    private static let hours: [Int: Int] = {
        var table: [Int: Int] = [:]
        for (code, zone) in zones {
            table[code] = zoneHours[zone]
        }
        return table
    }()

    /// Each zone's hours east of UTC since 2020.
    private static let zoneHours: [String: Int] = [
        "Europe/Kaliningrad": 2, "Europe/Moscow": 3, "Europe/Simferopol": 3, "Europe/Volgograd": 3,
        "Europe/Kirov": 3, "Europe/Samara": 4, "Europe/Astrakhan": 4, "Europe/Saratov": 4, "Europe/Ulyanovsk": 4,
        "Asia/Yekaterinburg": 5, "Asia/Omsk": 6, "Asia/Novosibirsk": 7, "Asia/Barnaul": 7, "Asia/Tomsk": 7,
        "Asia/Novokuznetsk": 7, "Asia/Krasnoyarsk": 7, "Asia/Irkutsk": 8, "Asia/Chita": 9, "Asia/Yakutsk": 9,
        "Asia/Vladivostok": 10, "Asia/Magadan": 11, "Asia/Sakhalin": 11, "Asia/Kamchatka": 12, "Asia/Anadyr": 12,
    ]

    /// The tz database's zone of each region, by region code.
    static let zones: [Int: String] = {
        var table: [Int: String] = [:]
        let moscow = [
            1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 20, 21, 23, 26, 29, 31, 32, 33, 35, 36, 37, 40, 44, 46, 47,
            48, 50, 51, 52, 53, 57, 58, 60, 61, 62, 67, 68, 69, 71, 76, 77, 78, 83, 90, 93, 94, 95,
        ]
        for code in moscow { table[code] = "Europe/Moscow" }
        let others: [(String, [Int])] = [
            ("Europe/Kaliningrad", [39]), ("Europe/Simferopol", [82, 91, 92]), ("Europe/Volgograd", [34]),
            ("Europe/Kirov", [43]), ("Europe/Samara", [18, 63]), ("Europe/Astrakhan", [30]),
            ("Europe/Saratov", [64]), ("Europe/Ulyanovsk", [73]),
            ("Asia/Yekaterinburg", [2, 45, 56, 59, 66, 72, 74, 86, 89]), ("Asia/Omsk", [55]),
            ("Asia/Novosibirsk", [54]), ("Asia/Barnaul", [4, 22]), ("Asia/Tomsk", [70]),
            ("Asia/Novokuznetsk", [42]), ("Asia/Krasnoyarsk", [17, 19, 24]), ("Asia/Irkutsk", [3, 38]),
            ("Asia/Chita", [75]), ("Asia/Yakutsk", [14, 28]), ("Asia/Vladivostok", [25, 27, 79]),
            ("Asia/Magadan", [49]), ("Asia/Sakhalin", [65]), ("Asia/Kamchatka", [41]), ("Asia/Anadyr", [87]),
        ]
        for (zone, codes) in others {
            for code in codes { table[code] = zone }
        }
        return table
    }()
}
