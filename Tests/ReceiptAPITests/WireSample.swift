import ReceiptAPI
import ReceiptCore

/// A small deterministic generator for the tests' random values.
struct Xorshift: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Random wire values with the awkward parts of real ones: Cyrillic, emoji, quotes, backslashes,
/// slashes and control characters in text, weighed quantities, extreme integers and Doubles.
enum WireSample {
    static var optionalFields: [String: WritableKeyPath<FiscalDocument, String?>] {
        [
            "kktRegId": \.kktRegId, "user": \.user, "userInn": \.userInn, "retailPlace": \.retailPlace,
            "retailPlaceAddress": \.retailPlaceAddress,
        ]
    }

    private static let words = [
        "МОЛОКО", "ПАСТ.3,2%", "930МЛ", "ООО \"ЛЕНТА\"", "C:\\касса", "1/2", "😀", "кофе ☕️", "\u{0}", "tab\there",
        "line\nbreak", "é", "\u{1F}", "</script>", "Ёлка", "", "BANANA", "𝄞",
    ]

    static func text(_ random: inout Xorshift) -> String {
        (0..<random.below(5)).map { _ in words[random.below(words.count)] }.joined(separator: " ")
    }

    static func integer(_ random: inout Xorshift) -> Int64 {
        switch random.below(6) {
        case 0: return .max
        case 1: return .min
        case 2: return 0
        case 3: return Int64(bitPattern: random.next())
        default: return Int64(random.below(1_000_000))
        }
    }

    static func double(_ random: inout Xorshift) -> Double {
        switch random.below(8) {
        case 0:
            return [0.1, 0.686, 1.5, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0, 123_456.789][
                random.below(8)]
        case 1:
            // Any finite bit pattern.
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        case 2: return Double(random.below(20))
        default: return Double(random.below(10_000)) / 1000
        }
    }

    static func optional<T>(_ random: inout Xorshift, _ make: (inout Xorshift) throws -> T) rethrows -> T? {
        random.below(3) == 0 ? nil : try make(&random)
    }

    static func line(_ random: inout Xorshift) -> FiscalDocument.Line {
        FiscalDocument.Line(
            name: text(&random), price: integer(&random), quantity: double(&random), sum: integer(&random),
            nds: optional(&random) { Int($0.below(7)) }, paymentType: optional(&random) { Int($0.below(8)) },
            productType: optional(&random) { Int(truncatingIfNeeded: integer(&$0)) },
            itemsQuantityMeasure: optional(&random) { Int($0.below(256)) }, gtin: optional(&random, text))
    }

    /// A sum the wire leaves out when it is zero: never zero.
    static func sum(_ random: inout Xorshift) -> Int64 {
        let value = integer(&random)
        return value == 0 ? 1 : value
    }

    static func document(_ random: inout Xorshift) throws -> FiscalDocument {
        var document = FiscalDocument(
            Receipt(
                identity: try FiscalIdentity(fn: "9251440300007971", i: 1, fp: 1),
                dateTime: try LocalDateTime(iso: "2025-01-01T00:00:00"), operation: .sale, total: Money(kopecks: 0)))
        document.dateTime = text(&random)
        document.operationType = Int(truncatingIfNeeded: integer(&random))
        document.totalSum = integer(&random)
        document.cashTotalSum = integer(&random)
        document.ecashTotalSum = integer(&random)
        document.prepaidSum = optional(&random, sum)
        document.creditSum = optional(&random, sum)
        document.provisionSum = optional(&random, sum)
        document.fiscalDriveNumber = text(&random)
        document.fiscalDocumentNumber = integer(&random)
        document.fiscalSign = integer(&random)
        document.kktRegId = optional(&random, text)
        document.user = optional(&random, text)
        document.userInn = optional(&random, text)
        document.retailPlace = optional(&random, text)
        document.retailPlaceAddress = optional(&random, text)
        document.items = (0..<random.below(16)).map { _ in line(&random) }
        return document
    }

    static func place(_ random: inout Xorshift) -> PlaceEntry {
        var place = PlaceEntry(
            Place(
                id: text(&random), name: text(&random), coordinate: Coordinate(clampingLatitude: 0, longitude: 0),
                category: .groceries, address: text(&random)))
        place.lat = double(&random)
        place.lon = double(&random)
        place.category = text(&random)
        place.distanceM = optional(&random, double)
        return place
    }

    static func envelope(_ random: inout Xorshift) throws -> ReceiptEnvelope {
        ReceiptEnvelope(
            id: integer(&random), status: random.below(2) == 0 ? .complete : .pending, sequence: integer(&random),
            place: optional(&random, place), document: try document(&random), addedBy: optional(&random, text))
    }

    static func changesPage(_ random: inout Xorshift) throws -> ReceiptChangesPage {
        ReceiptChangesPage(
            receipts: try (0..<random.below(6)).map { _ in try envelope(&random) }, nextSince: integer(&random),
            hasMore: random.below(2) == 0)
    }
}
