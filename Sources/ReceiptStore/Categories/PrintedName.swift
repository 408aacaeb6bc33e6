import ReceiptCore

/// A printed item name as the cache of names keys it (``PrintedNameTable``): its bytes
/// (``ByteKey``) with their hash, worked out once. An import looks a name up for every line;
/// comparing the hashes kept in the table first spares it reading the bytes of the other names a
/// lookup passes on its way.
struct PrintedName: Equatable, Sendable {
    let key: ByteKey
    /// The hash of the bytes, seeded per process as Swift's `Hasher` is.
    let hashed: Int

    init(_ text: String) {
        key = ByteKey(text)
        hashed = key.hashValue
    }

    /// A name with a hash given: tests make names whose hashes are equal, or meet in a table.
    init(_ text: String, hashed: Int) {
        key = ByteKey(text)
        self.hashed = hashed
    }

    static func == (lhs: PrintedName, rhs: PrintedName) -> Bool {
        lhs.hashed == rhs.hashed && lhs.key == rhs.key
    }
}
