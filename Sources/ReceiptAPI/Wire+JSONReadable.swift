public import ReceiptCore

extension APIErrorBody: JSONReadable {
    /// Reads `{"error", "message"}`, both required; how a client learns why a request failed.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var error: String?
        var message: String?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "error": try reader.read(into: &error, for: key)
            case "message": try reader.read(into: &message, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(error: try reader.required(error, "error"), message: try reader.required(message, "message"))
    }
}

extension SessionInfo: JSONReadable {
    /// Reads `{"account", "kind", "login", "expiresAt"}`; `login` may be missing or null.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var account: Int64?
        var kind: AccountKind?
        var login: String??
        var expiresAt: String?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "account": try reader.read(into: &account, for: key)
            case "kind": try reader.read(into: &kind, for: key)
            case "login": try reader.read(into: &login, for: key)
            case "expiresAt": try reader.read(into: &expiresAt, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            account: try reader.required(account, "account"), kind: try reader.required(kind, "kind"),
            login: login ?? nil, expiresAt: try reader.required(expiresAt, "expiresAt"))
    }
}

extension AccountKind: JSONReadable {
    /// `"authorized"` or `"anonymous"`; any other string is an error listing both.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.read(oneOf: [.authorized, .anonymous])
    }
}

extension Receipt.Status: JSONReadable {
    /// `"complete"` or `"pending"`; any other string is an error listing both.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.read(oneOf: [.complete, .pending])
    }
}

extension ReceiptEnvelope: JSONReadable {
    /// Reads `{"id", "status", "sequence", "place", "document", "addedBy"}`; `place` may be missing or
    /// null, `addedBy` missing.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id: Int64?
        var status: Receipt.Status?
        var sequence: Int64?
        var place: PlaceEntry??
        var document: FiscalDocument?
        var addedBy: String?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "addedBy": try reader.read(into: &addedBy, for: key)
            case "id": try reader.read(into: &id, for: key)
            case "status": try reader.read(into: &status, for: key)
            case "sequence": try reader.read(into: &sequence, for: key)
            case "place": try reader.read(into: &place, for: key)
            case "document": try reader.read(into: &document, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            id: try reader.required(id, "id"), status: try reader.required(status, "status"),
            sequence: try reader.required(sequence, "sequence"), place: try reader.required(place, "place"),
            document: try reader.required(document, "document"), addedBy: addedBy)
    }
}

extension ReceiptFeedPage: JSONReadable {
    /// Reads `{"receipts", "nextCursor", "hasMore"}`; `nextCursor` may be missing or null.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var receipts: [ReceiptEnvelope]?
        var nextCursor: String??
        var hasMore: Bool?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "receipts": try reader.read(into: &receipts, for: key)
            case "nextCursor": try reader.read(into: &nextCursor, for: key)
            case "hasMore": try reader.read(into: &hasMore, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            receipts: try reader.required(receipts, "receipts"),
            nextCursor: try reader.required(nextCursor, "nextCursor"),
            hasMore: try reader.required(hasMore, "hasMore"))
    }
}

extension ReceiptChangesPage: JSONReadable {
    /// Reads `{"receipts", "nextSince", "hasMore"}`, all required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var receipts: [ReceiptEnvelope]?
        var nextSince: Int64?
        var hasMore: Bool?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "receipts": try reader.read(into: &receipts, for: key)
            case "nextSince": try reader.read(into: &nextSince, for: key)
            case "hasMore": try reader.read(into: &hasMore, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            receipts: try reader.required(receipts, "receipts"), nextSince: try reader.required(nextSince, "nextSince"),
            hasMore: try reader.required(hasMore, "hasMore"))
    }
}

extension PlaceEntry: JSONReadable {
    /// Reads a place; `distance_m` may be missing or null, the rest is required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id: String?
        var name: String?
        var lat: Double?
        var lon: Double?
        var category: String?
        var address: String?
        var distanceM: Double?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "id": try reader.read(into: &id, for: key)
            case "name": try reader.read(into: &name, for: key)
            case "lat": try reader.read(into: &lat, for: key)
            case "lon": try reader.read(into: &lon, for: key)
            case "category": try reader.read(into: &category, for: key)
            case "address": try reader.read(into: &address, for: key)
            case "distance_m": try reader.read(into: &distanceM, for: key)
            default: try reader.skipValue()
            }
        }
        self.id = try reader.required(id, "id")
        self.name = try reader.required(name, "name")
        self.lat = try reader.required(lat, "lat")
        self.lon = try reader.required(lon, "lon")
        self.category = try reader.required(category, "category")
        self.address = try reader.required(address, "address")
        self.distanceM = distanceM
    }
}

extension PlacesPage: JSONReadable {
    /// Reads `{"places", "nextCursor"}`; `nextCursor` may be missing or null.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var places: [PlaceEntry]?
        var nextCursor: String??
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "places": try reader.read(into: &places, for: key)
            case "nextCursor": try reader.read(into: &nextCursor, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(places: try reader.required(places, "places"), nextCursor: nextCursor ?? nil)
    }
}

extension HealthStatus: JSONReadable {
    /// Reads `{"status", "receipts", "places"}`, all required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var status: String?
        var receipts: Int?
        var places: Int?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "status": try reader.read(into: &status, for: key)
            case "receipts": try reader.read(into: &receipts, for: key)
            case "places": try reader.read(into: &places, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            status: try reader.required(status, "status"), receipts: try reader.required(receipts, "receipts"),
            places: try reader.required(places, "places"))
    }
}
