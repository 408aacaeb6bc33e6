/// A global trade item number (the barcode's EAN-13, EAN-8, UPC-A or GTIN-14), checked and written
/// as 14 digits, so that an EAN-13 and the GTIN-14 that is it with a leading zero are one code.
public struct GTIN: Sendable, Hashable, CustomStringConvertible {
    /// The 14 digits, leading zeros included.
    public let digits: String

    /// The code in `text` (8, 12, 13 or 14 digits, spaces around allowed) when its check digit
    /// holds; nil for anything else.
    public init?(checking text: String) {
        let bytes = Array(text.utf8).drop(while: { $0 == 0x20 }).reversed().drop(while: { $0 == 0x20 }).reversed()
        guard [8, 12, 13, 14].contains(bytes.count), bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        let values = bytes.map { Int($0 - 0x30) }
        // From the right, the digits before the check digit weigh 3, 1, 3, 1…
        var total = 0
        for (offset, value) in values.dropLast().reversed().enumerated() { total += value * (offset % 2 == 0 ? 3 : 1) }
        guard (10 - total % 10) % 10 == values[values.count - 1] else { return nil }
        digits = String(repeating: "0", count: 14 - values.count) + String(decoding: bytes, as: UTF8.self)
    }

    /// The code as an EAN-13 prints it when it is one (a GTIN-14 with a leading zero), else all 14 digits.
    public var description: String { digits.hasPrefix("0") ? String(digits.dropFirst()) : digits }
}
