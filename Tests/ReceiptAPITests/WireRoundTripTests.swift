import Foundation
import ReceiptAPI
import ReceiptCore
import Testing

/// Random wire values: what the wire's writer writes, however formatted again, reordered or padded
/// with keys a later server might add, the reader reads back equal.
@Suite("JSON reader: random pages round trip through JSONWriter", .timeLimit(.minutes(20)))
struct WireRoundTripTests {
    @Test("random change-feed pages written, pretty-printed, shuffled and with unknown keys read back equal")
    func randomPages() throws {
        var random = Xorshift(seed: 0x5EED_2025)
        for round in 0..<300 {
            let page = try WireSample.changesPage(&random)
            let written = Data(JSONWriter.write(page))
            #expect(try JSONReader.read(ReceiptChangesPage.self, from: written) == page, "round \(round)")
            let tree = try JSONSerialization.jsonObject(with: written)
            let pretty = try JSONSerialization.data(withJSONObject: tree, options: [.prettyPrinted])
            #expect(try JSONReader.read(ReceiptChangesPage.self, from: pretty) == page, "round \(round)")
            let rewritten = try ShuffledJSON.write(tree, random: &random)
            #expect(try JSONReader.read(ReceiptChangesPage.self, from: rewritten) == page, "round \(round)")
        }
    }

    @Test("the other answers round trip too: feed pages, places, sessions, errors, health")
    func otherAnswers() throws {
        var random = Xorshift(seed: 7)
        for _ in 0..<50 {
            let feed = ReceiptFeedPage(
                receipts: try (0..<random.below(4)).map { _ in try WireSample.envelope(&random) },
                nextCursor: random.below(2) == 0 ? nil : WireSample.text(&random), hasMore: random.below(2) == 0)
            try expectRoundTrip(feed, &random)
            let places = PlacesPage(
                places: (0..<random.below(5)).map { _ in WireSample.place(&random) },
                nextCursor: random.below(2) == 0 ? nil : WireSample.text(&random))
            try expectRoundTrip(places, &random)
            let session = SessionInfo(
                account: Int64(bitPattern: random.next()), kind: random.below(2) == 0 ? .anonymous : .authorized,
                login: random.below(2) == 0 ? nil : WireSample.text(&random), expiresAt: "2025-09-01T10:00:00Z")
            try expectRoundTrip(session, &random)
            try expectRoundTrip(
                APIErrorBody(error: "bad_request", message: WireSample.text(&random)), &random)
            try expectRoundTrip(
                HealthStatus(status: "ok", receipts: random.below(100_000), places: random.below(5_000)), &random)
        }
    }

    private func expectRoundTrip<Value: JSONWritable & JSONReadable & Equatable>(
        _ value: Value, _ random: inout Xorshift
    ) throws {
        let encoded = Data(JSONWriter.write(value))
        #expect(try JSONReader.read(Value.self, from: encoded) == value)
        let rewritten = try ShuffledJSON.write(try JSONSerialization.jsonObject(with: encoded), random: &random)
        #expect(try JSONReader.read(Value.self, from: rewritten) == value)
    }

    @Test("a required key left out is named; an optional one may be missing or null")
    func requiredAndOptional() throws {
        var random = Xorshift(seed: 3)
        let document = try WireSample.document(&random)
        let tree = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(document)) as? [String: Any])
        for key in [
            "dateTime", "operationType", "totalSum", "cashTotalSum", "ecashTotalSum", "fiscalDriveNumber",
            "fiscalDocumentNumber", "fiscalSign", "items",
        ] {
            var without = tree
            without[key] = nil
            let error = try #require(throws: JSONReadError.self) {
                try JSONReader.read(FiscalDocument.self, from: try JSONSerialization.data(withJSONObject: without))
            }
            #expect(error.problem == .missingKey(key))
        }
        for key in ["kktRegId", "user", "userInn", "retailPlace", "retailPlaceAddress"] {
            var expected = document
            expected[keyPath: WireSample.optionalFields[key] ?? \.user] = nil
            for replacement in [nil, NSNull()] as [Any?] {
                var changed = tree
                changed[key] = replacement
                let data = try JSONSerialization.data(withJSONObject: changed)
                #expect(try JSONReader.read(FiscalDocument.self, from: data) == expected, "\(key)")
            }
        }
    }
}

/// Writes a JSONSerialization tree again with its keys shuffled, random whitespace and unknown keys
/// of every kind added; scalars are written by JSONSerialization itself, so they stay exact.
enum ShuffledJSON {
    static func write(_ tree: Any, random: inout Xorshift) throws -> Data {
        var text = ""
        try append(tree, to: &text, random: &random)
        return Data(text.utf8)
    }

    private static let unknown: [String] = [
        #"{"a":[1,2.5e-3,{"b":null}],"c":"\u00e9\"\\\/"}"#, "[]", "{}", "true", "false", "null", "-0.5E+2",
        #""новое поле 😀""#, "[[[[]]]]",
    ]

    private static func append(_ value: Any, to text: inout String, random: inout Xorshift) throws {
        let space = [" ", "", "\n  ", "\t", "\r\n"]
        if let object = value as? [String: Any] {
            var members = object.map { (key: $0.key, value: Optional($0.value), raw: String?.none) }
            for index in 0..<random.below(3) {
                members.append(
                    (key: "extra\(index)_\(random.below(1000))", value: nil, raw: unknown.randomElement(using: &random))
                )
            }
            members.shuffle(using: &random)
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += "," }
                text +=
                    space[random.below(space.count)] + (try fragment(member.key)) + space[random.below(space.count)]
                    + ":"
                if let raw = member.raw {
                    text += raw
                } else if let inner = member.value {
                    try append(inner, to: &text, random: &random)
                }
            }
            text += space[random.below(space.count)] + "}"
        } else if let array = value as? [Any] {
            text += "["
            for (position, element) in array.enumerated() {
                if position > 0 { text += "," + space[random.below(space.count)] }
                try append(element, to: &text, random: &random)
            }
            text += "]"
        } else {
            text += try fragment(value)
        }
    }

    private static func fragment(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed), as: UTF8.self)
    }
}
