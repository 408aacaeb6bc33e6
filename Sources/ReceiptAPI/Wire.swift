import ReceiptCore

// The answers have one writer and one reader each: JSONWriter (Wire+JSONWritable.swift) and
// JSONReader (Wire+JSONReadable.swift), held against openapi.yaml by ContractTests. They are neither
// Encodable nor Decodable, except FiscalDocument and PlaceEntry, which stay Encodable because the
// command line embeds them in its `--json` output; ContractTests checks that JSONEncoder writes them
// byte for byte as JSONWriter does. Credentials and AddReceiptRequest stay Codable: they are
// requests, which the client writes with JSONEncoder and the server reads through Hummingbird.

/// The JSON body of every error answer: a stable code for programs, a sentence for people.
public struct APIErrorBody: Sendable, Equatable {
    /// `unauthorized`, `bad_request`, `not_found`, `conflict`, `too_many_requests`, `payload_too_large` …
    public var error: String
    public var message: String

    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }
}

/// A login and password: to register, and to log in.
public struct Credentials: Codable, Sendable, Equatable {
    public var login: String
    public var password: String

    public init(login: String, password: String) {
        self.login = login
        self.password = password
    }
}

/// Who the session belongs to.
public struct SessionInfo: Sendable, Equatable {
    /// The account's number on this server: what a client keys its sync position by.
    public var account: Int64
    /// `authorized` or `anonymous`.
    public var kind: AccountKind
    /// The login of an authorized account; nil for an anonymous one.
    public var login: String?
    /// When the session ends unless renewed, ISO 8601 UTC.
    public var expiresAt: String

    public init(account: Int64, kind: AccountKind, login: String?, expiresAt: String) {
        self.account = account
        self.kind = kind
        self.login = login
        self.expiresAt = expiresAt
    }
}

/// The two kinds of account.
///
/// Still `Decodable`: the saved session file (`SavedSession` in ReceiptSync) is read with JSONDecoder.
public enum AccountKind: String, Codable, Sendable {
    case authorized
    case anonymous
}

/// A receipt as the server keeps it for an account.
public struct ReceiptEnvelope: Sendable, Equatable {
    /// The server's id of the receipt, unique within the account's server.
    public var id: Int64
    /// `complete`, or `pending` while only the QR code is known.
    public var status: Receipt.Status
    /// The account's change sequence number of the last change to this receipt.
    public var sequence: Int64
    /// The place the receipt was issued at, when the server knows it; always written, null when not.
    public var place: PlaceEntry?
    public var document: FiscalDocument

    public init(id: Int64, status: Receipt.Status, sequence: Int64, place: PlaceEntry?, document: FiscalDocument) {
        self.id = id
        self.status = status
        self.sequence = sequence
        self.place = place
        self.document = document
    }
}

/// One page of the receipt feed, newest first by receipt date.
public struct ReceiptFeedPage: Sendable, Equatable {
    public var receipts: [ReceiptEnvelope]
    /// Pass as `cursor` for the next page; null on the last page.
    public var nextCursor: String?
    public var hasMore: Bool

    public init(receipts: [ReceiptEnvelope], nextCursor: String?, hasMore: Bool) {
        self.receipts = receipts
        self.nextCursor = nextCursor
        self.hasMore = hasMore
    }
}

/// The receipts changed after a sequence number, oldest change first.
public struct ReceiptChangesPage: Sendable, Equatable {
    public var receipts: [ReceiptEnvelope]
    /// Pass as `since` next time: the sequence of the last receipt in this page (or the one given).
    public var nextSince: Int64
    public var hasMore: Bool

    public init(receipts: [ReceiptEnvelope], nextSince: Int64, hasMore: Bool) {
        self.receipts = receipts
        self.nextSince = nextSince
        self.hasMore = hasMore
    }
}

/// A QR payload to add to the account.
public struct AddReceiptRequest: Codable, Sendable, Equatable {
    public var qr: String

    public init(qr: String) {
        self.qr = qr
    }
}

/// A place with, in search results, its distance from the point asked about.
public struct PlaceEntry: Encodable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var lat: Double
    public var lon: Double
    public var category: String
    public var address: String
    public var distanceM: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, lat, lon, category, address
        case distanceM = "distance_m"
    }

    public init(_ place: Place, distance: Double? = nil) {
        id = place.id
        name = place.name
        lat = place.coordinate.latitude
        lon = place.coordinate.longitude
        category = place.category.rawValue
        address = place.address
        distanceM = distance
    }
}

/// One page of places, nearest first.
public struct PlacesPage: Sendable, Equatable {
    public var places: [PlaceEntry]
    public var nextCursor: String?

    public init(places: [PlaceEntry], nextCursor: String?) {
        self.places = places
        self.nextCursor = nextCursor
    }
}

/// `/health`.
public struct HealthStatus: Sendable, Equatable {
    public var status: String
    public var receipts: Int
    public var places: Int

    public init(status: String, receipts: Int, places: Int) {
        self.status = status
        self.receipts = receipts
        self.places = places
    }
}
