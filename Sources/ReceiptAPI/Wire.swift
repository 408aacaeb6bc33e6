public import ReceiptCore

// The answers have one writer and one reader each: JSONWriter (Wire+JSONWritable.swift) and
// JSONReader (Wire+JSONReadable.swift), held against openapi.yaml by ContractTests. They are neither
// Encodable nor Decodable, except FiscalDocument and PlaceEntry, which stay Encodable because the
// command line embeds them in its `--json` output; ContractTests checks that JSONEncoder writes them
// byte for byte as JSONWriter does. Credentials, PasswordChange and AddReceiptRequest stay Codable: they are
// requests, which the client writes with JSONEncoder and the server reads through Hummingbird.

/// The JSON body of every error answer: a stable code for programs, a sentence for people.
public struct APIErrorBody: Sendable, Equatable {
    /// `unauthorized`, `bad_request`, `not_found`, `conflict`, `too_many_requests`, `payload_too_large` …
    public var error: String
    /// A sentence for people, in the language the request accepted (`Content-Language`).
    public var message: String

    /// An error body from its code and sentence.
    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }
}

/// A login and password: to register, and to log in.
public struct Credentials: Codable, Sendable, Equatable {
    /// The login, checked against ``AccountRules`` when registering.
    public var login: String
    /// The password in clear, as sent over the connection; the server keeps only its bcrypt hash.
    public var password: String

    /// A login and password to send.
    public init(login: String, password: String) {
        self.login = login
        self.password = password
    }
}

/// A password change: the password in use, to prove it is the owner, and the new one (checked
/// against ``AccountRules``).
public struct PasswordChange: Codable, Sendable, Equatable {
    /// The password the account has now.
    public var password: String
    /// The password it is to have.
    public var newPassword: String

    /// A change to send.
    public init(password: String, newPassword: String) {
        self.password = password
        self.newPassword = newPassword
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

    /// Who a session belongs to, as the server answers it.
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
    /// The receipt's fiscal document; without items while the receipt is pending.
    public var document: FiscalDocument
    /// The login of the account that added it (in a household, the member's); nil for an anonymous one's.
    public var addedBy: String?

    /// A receipt as the server sends it.
    public init(
        id: Int64, status: Receipt.Status, sequence: Int64, place: PlaceEntry?, document: FiscalDocument,
        addedBy: String? = nil
    ) {
        self.id = id
        self.status = status
        self.sequence = sequence
        self.place = place
        self.document = document
        self.addedBy = addedBy
    }
}

/// One page of the receipt feed, newest first by receipt date.
public struct ReceiptFeedPage: Sendable, Equatable {
    /// The page's receipts, newest first by receipt date.
    public var receipts: [ReceiptEnvelope]
    /// Pass as `cursor` for the next page; null on the last page.
    public var nextCursor: String?
    /// Whether another page follows.
    public var hasMore: Bool

    /// A page of the feed.
    public init(receipts: [ReceiptEnvelope], nextCursor: String?, hasMore: Bool) {
        self.receipts = receipts
        self.nextCursor = nextCursor
        self.hasMore = hasMore
    }
}

/// The receipts changed after a sequence number, oldest change first.
public struct ReceiptChangesPage: Sendable, Equatable {
    /// The receipts changed after the `since` asked for, oldest change first.
    public var receipts: [ReceiptEnvelope]
    /// Pass as `since` next time: the sequence of the last receipt in this page (or the one given).
    public var nextSince: Int64
    /// Whether more changes follow `nextSince`: a sync asks again until this is false.
    public var hasMore: Bool

    /// A page of the change feed.
    public init(receipts: [ReceiptEnvelope], nextSince: Int64, hasMore: Bool) {
        self.receipts = receipts
        self.nextSince = nextSince
        self.hasMore = hasMore
    }
}

/// A QR payload to add to the account.
public struct AddReceiptRequest: Codable, Sendable, Equatable {
    /// The payload as scanned or typed, in any variant `FiscalCode/init(parsing:)` accepts.
    public var qr: String

    /// A request to add the receipt with this QR payload.
    public init(qr: String) {
        self.qr = qr
    }
}

/// A place with, in search results, its distance from the point asked about.
public struct PlaceEntry: Encodable, Sendable, Equatable {
    /// The place's stable identifier.
    public var id: String
    /// The shop's name.
    public var name: String
    /// Latitude in degrees, north positive.
    public var lat: Double
    /// Longitude in degrees, east positive.
    public var lon: Double
    /// The `Category` raw value (`groceries`, `fuel` …).
    public var category: String
    /// The street address.
    public var address: String
    /// `distance_m`: metres along the Earth from the point searched from; nil outside search results.
    public var distanceM: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, lat, lon, category, address
        case distanceM = "distance_m"
    }

    /// The wire form of a place, with its distance when it answers a search.
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
    /// The page's places, nearest first.
    public var places: [PlaceEntry]
    /// Pass as `cursor`, with the same query, for the next page; nil on the last page.
    public var nextCursor: String?

    /// A page of places.
    public init(places: [PlaceEntry], nextCursor: String?) {
        self.places = places
        self.nextCursor = nextCursor
    }
}

/// `/health`.
public struct HealthStatus: Sendable, Equatable {
    /// `ok` while the server answers.
    public var status: String
    /// How many receipts the server keeps, in all accounts.
    public var receipts: Int
    /// How many places it knows.
    public var places: Int

    /// The health answer.
    public init(status: String, receipts: Int, places: Int) {
        self.status = status
        self.receipts = receipts
        self.places = places
    }
}
