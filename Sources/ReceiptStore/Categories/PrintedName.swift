import ReceiptCore

/// A printed item name as the cache of names keys it: its bytes (``ByteKey``) with their hash,
/// worked out once. An import looks a name up for every line; comparing the hashes kept in the
/// table first spares it reading the bytes of the other names a lookup passes on its way.
struct PrintedName: Hashable, Sendable {
    let key: ByteKey
    private let hashed: Int

    init(_ text: String) {
        key = ByteKey(text)
        hashed = key.hashValue
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hashed)
    }

    static func == (lhs: PrintedName, rhs: PrintedName) -> Bool {
        lhs.hashed == rhs.hashed && lhs.key == rhs.key
    }
}
