public import ReceiptCore

// The answers' writers. Each names its members in key order, as `JSONEncoder` with `.sortedKeys`
// did before it, so that the server's bytes stay the same; a member the contract lists as required
// is always written (null when it has none), any other is left out when it has no value.
// ContractTests holds each writer and reader against openapi.yaml.

extension APIErrorBody: JSONWritable {
    /// Writes the APIErrorBody as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("error", error)
        writer.member("message", message)
        writer.endObject()
    }
}

extension SessionInfo: JSONWritable {
    /// Writes the SessionInfo as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("account", account)
        writer.member("expiresAt", expiresAt)
        writer.member("kind", kind)
        writer.member("login", ifPresent: login)
        writer.endObject()
    }
}

extension AccountKind: JSONWritable {}

extension Receipt.Status: JSONWritable {}

extension ReceiptEnvelope: JSONWritable {
    /// Writes the ReceiptEnvelope as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        Self.write(
            id: id, status: status, sequence: sequence, place: place, document: document, addedBy: addedBy, to: &writer)
    }

    /// An envelope from its parts, the place and document as values or as their JSON written earlier.
    static func write(
        id: Int64, status: Receipt.Status, sequence: Int64, place: some JSONWritable<PlaceEntry?>,
        document: some JSONWritable<FiscalDocument>, addedBy: String?, to writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.member("addedBy", ifPresent: addedBy)
        writer.member("document", document)
        writer.member("id", id)
        writer.member("place", place)
        writer.member("sequence", sequence)
        writer.member("status", status)
        writer.endObject()
    }
}

/// A receipt envelope whose place and document are JSON written earlier: what the server's feeds
/// splice together from the documents it stores and the places it caches, rather than read and write
/// every document again (their hot path). Written by ``ReceiptEnvelope``'s writer.
public struct WrittenReceiptEnvelope: JSONWritable, Sendable {
    /// Written as a ``ReceiptEnvelope``.
    public typealias Written = ReceiptEnvelope

    /// See ``ReceiptEnvelope``.
    public var id: Int64
    /// See ``ReceiptEnvelope``.
    public var status: Receipt.Status
    /// See ``ReceiptEnvelope``.
    public var sequence: Int64
    /// The place's JSON; written as null when there is none.
    public var place: WrittenJSON<PlaceEntry>?
    /// The document's JSON.
    public var document: WrittenJSON<FiscalDocument>
    /// See ``ReceiptEnvelope``.
    public var addedBy: String?

    /// An envelope of JSON parts.
    public init(
        id: Int64, status: Receipt.Status, sequence: Int64, place: WrittenJSON<PlaceEntry>?,
        document: WrittenJSON<FiscalDocument>, addedBy: String? = nil
    ) {
        self.id = id
        self.status = status
        self.sequence = sequence
        self.place = place
        self.document = document
        self.addedBy = addedBy
    }

    /// Writes the receipt as a ReceiptEnvelope, its document and place as they were written.
    public func write(to writer: inout JSONWriter) {
        ReceiptEnvelope.write(
            id: id, status: status, sequence: sequence, place: place, document: document, addedBy: addedBy, to: &writer)
    }
}

extension ReceiptFeedPage: JSONWritable {
    /// Writes the ReceiptFeedPage as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        Self.write(receipts: receipts, nextCursor: nextCursor, hasMore: hasMore, to: &writer)
    }

    /// A feed page whose receipts are envelopes or ``WrittenReceiptEnvelope``s.
    public static func write(
        receipts: some JSONWritable<[ReceiptEnvelope]>, nextCursor: String?, hasMore: Bool,
        to writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.member("hasMore", hasMore)
        writer.member("nextCursor", nextCursor)
        writer.member("receipts", receipts)
        writer.endObject()
    }
}

extension ReceiptChangesPage: JSONWritable {
    /// Writes the ReceiptChangesPage as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        Self.write(receipts: receipts, nextSince: nextSince, hasMore: hasMore, to: &writer)
    }

    /// A change-feed page whose receipts are envelopes or ``WrittenReceiptEnvelope``s.
    public static func write(
        receipts: some JSONWritable<[ReceiptEnvelope]>, nextSince: Int64, hasMore: Bool,
        to writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.member("hasMore", hasMore)
        writer.member("nextSince", nextSince)
        writer.member("receipts", receipts)
        writer.endObject()
    }
}

extension PlaceEntry: JSONWritable {
    /// Writes the PlaceEntry as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("address", address)
        writer.member("category", category)
        writer.member("distance_m", ifPresent: distanceM)
        writer.member("id", id)
        writer.member("lat", lat)
        writer.member("lon", lon)
        writer.member("name", name)
        writer.endObject()
    }
}

extension PlacesPage: JSONWritable {
    /// Writes the PlacesPage as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("nextCursor", ifPresent: nextCursor)
        writer.member("places", places)
        writer.endObject()
    }
}

extension HealthStatus: JSONWritable {
    /// Writes the HealthStatus as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("places", places)
        writer.member("receipts", receipts)
        writer.member("status", status)
        writer.endObject()
    }
}
