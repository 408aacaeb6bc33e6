import Foundation
import ReceiptAPI
import ReceiptCore

/// One wire type with its writer and reader, and the schema of `openapi.yaml` it answers to.
struct WireCase: Sendable {
    struct WrongType: Error {}

    let schema: String
    let typeName: String
    /// Values whose optional members are, between them, each present and absent.
    let samples: [any Sendable]
    let write: @Sendable (Any) throws -> [UInt8]
    let read: @Sendable ([UInt8]) throws -> Any
    let same: @Sendable (Any, Any) -> Bool
    /// The key a reading error says is missing.
    let missingKey: @Sendable (any Error) -> String?

    /// An answer of the server: written by ``JSONWriter``, read by ``JSONReader``.
    static func answer<Value: JSONWritable & JSONReadable & Equatable & Sendable>(
        _ schema: String, _ samples: [Value]
    ) -> WireCase {
        WireCase(
            schema: schema, typeName: "\(Value.self)", samples: samples,
            write: { value in
                guard let value = value as? Value else { throw WrongType() }
                return JSONWriter.write(value)
            },
            read: { try JSONReader.read(Value.self, from: $0) }, same: { ($0 as? Value) == ($1 as? Value) },
            missingKey: { error in
                guard case .missingKey(let key) = (error as? JSONReadError)?.problem else { return nil }
                return key
            })
    }

    /// A request body: written by the client's `JSONEncoder`, read by the server's `JSONDecoder`.
    static func request<Value: Codable & Equatable & Sendable>(_ schema: String, _ samples: [Value]) -> WireCase {
        WireCase(
            schema: schema, typeName: "\(Value.self)", samples: samples,
            write: { value in
                guard let value = value as? Value else { throw WrongType() }
                let encoder = JSONEncoder()
                // Key order means nothing in a request; sorted, the test's key-order check holds.
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return Array(try encoder.encode(value))
            },
            read: { try JSONDecoder().decode(Value.self, from: Data($0)) },
            same: { ($0 as? Value) == ($1 as? Value) },
            missingKey: { error in
                guard case .keyNotFound(let key, _) = error as? DecodingError else { return nil }
                return key.stringValue
            })
    }
}

/// Every wire type and its schema. A schema added to `openapi.yaml` without a line here fails
/// ContractTests, and so does a line whose schema is gone.
enum WireContract {
    static let cases: [WireCase] = [
        .answer("Error", [APIErrorBody(error: "not_found", message: "no receipt 7")]),
        .request("Credentials", [Credentials(login: "anna", password: "correct horse")]),
        .request("PasswordChange", [PasswordChange(password: "correct horse", newPassword: "battery staple")]),
        .request("AddReceiptRequest", [AddReceiptRequest(qr: ContractSamples.qr)]),
        .answer("Session", ContractSamples.sessions),
        .answer("Health", [HealthStatus(status: "ok", receipts: 1_200, places: 48)]),
        .answer("Place", ContractSamples.places),
        .answer("DocumentItem", ContractSamples.lines),
        .answer("FiscalDocument", ContractSamples.documents),
        .answer("Receipt", ContractSamples.envelopes),
        .answer(
            "FeedPage",
            [
                ReceiptFeedPage(receipts: ContractSamples.envelopes, nextCursor: "eyJpZCI6N30.c2ln", hasMore: true),
                ReceiptFeedPage(receipts: [], nextCursor: nil, hasMore: false),
            ]),
        .answer(
            "ChangesPage",
            [
                ReceiptChangesPage(receipts: ContractSamples.envelopes, nextSince: 42, hasMore: true),
                ReceiptChangesPage(receipts: [], nextSince: 0, hasMore: false),
            ]),
        .answer("HouseholdMember", ContractSamples.members),
        .answer("Household", [HouseholdInfo(members: ContractSamples.members, role: .owner)]),
        .request("InvitationRequest", [InvitationRequest(role: .viewer)]),
        .answer("Invitation", [Invitation(code: "7KQ2M-XH4TD", role: .editor, expiresAt: "2025-09-02T10:00:00Z")]),
        .request("JoinRequest", [JoinRequest(code: "7KQ2M-XH4TD")]),
        .answer("ShareWeight", [ShareWeight(login: "anna", weight: 2)]),
        .answer("LineShares", [LineShares(line: 1, people: [ShareWeight(login: "boris", weight: 1)])]),
        .answer("ReceiptShares", ContractSamples.shares),
        .answer(
            "PlacesPage",
            [
                PlacesPage(places: ContractSamples.places, nextCursor: "eyJkIjoxMn0.c2ln"),
                PlacesPage(places: [], nextCursor: nil),
            ]),
    ]

    /// Swift properties that the wire spells otherwise.
    static let wireNames = ["distanceM": "distance_m"]
}

/// Hand-made wire values that the schema accepts: each optional member present in the first,
/// absent in the last.
enum ContractSamples {
    static let qr = "t=20250301T1912&s=1234.50&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    static let sessions = [
        SessionInfo(account: 7, kind: .authorized, login: "anna", expiresAt: "2025-09-01T10:00:00Z"),
        SessionInfo(account: 8, kind: .anonymous, login: nil, expiresAt: "2025-09-01T10:00:00Z"),
    ]

    static let members = [
        HouseholdMember(login: "anna", role: .owner, joinedAt: "2025-09-01T10:00:00Z"),
        HouseholdMember(login: "boris", role: .viewer, joinedAt: "2025-09-01T11:00:00Z"),
    ]

    static let shares = [
        ReceiptShares(
            version: 3, payer: "anna", receipt: [ShareWeight(login: "anna", weight: 2)],
            lines: [LineShares(line: 1, people: [ShareWeight(login: "boris", weight: 1)])]),
        ReceiptShares(version: 0, payer: nil, receipt: [], lines: []),
    ]

    static var places: [PlaceEntry] {
        let place = Place(
            id: "osm-node-1", name: "Пятёрочка", coordinate: Coordinate(clampingLatitude: 55.7558, longitude: 37.6173),
            category: .groceries, address: "ул. Тверская, д. 5/2")
        return [PlaceEntry(place, distance: 125.5), PlaceEntry(place)]
    }

    static let lines = [
        FiscalDocument.Line(
            name: "БАНАНЫ ВЕС", price: 12_990, quantity: 0.686, sum: 8_911, nds: 2, paymentType: 4, productType: 1,
            itemsQuantityMeasure: 11, gtin: "04607036340658"),
        FiscalDocument.Line(
            name: "ПАКЕТ \"МАЙКА\"", price: 900, quantity: 1, sum: 900, nds: nil, paymentType: nil, productType: nil),
    ]

    /// Empty only if the QR payload above stopped parsing, which the contract tests would report.
    static let documents: [FiscalDocument] = {
        guard let code = try? FiscalCode(parsing: qr) else { return [] }
        var full = FiscalDocument(Receipt(pendingFrom: code))
        full.kktRegId = "0001234567812345"
        full.user = "ООО \"АГРОТОРГ\""
        full.userInn = "7825706086  "
        full.retailPlace = "Пятёрочка"
        full.retailPlaceAddress = "г. Москва, ул. Тверская, д. 5/2"
        (full.prepaidSum, full.creditSum, full.provisionSum) = (50_000, 20_000, 15_000)
        full.items = lines
        var bare = FiscalDocument(Receipt(pendingFrom: code))
        (bare.kktRegId, bare.user, bare.userInn, bare.retailPlace, bare.retailPlaceAddress) = (nil, nil, nil, nil, nil)
        return [full, bare]
    }()

    static var envelopes: [ReceiptEnvelope] {
        zip(documents, [places.first, nil]).enumerated().map { index, pair in
            ReceiptEnvelope(
                id: Int64(index + 1), status: index == 0 ? .complete : .pending, sequence: Int64(index + 10),
                place: pair.1, document: pair.0, addedBy: index == 0 ? "anna" : nil)
        }
    }
}
