/// Text as a dictionary key compared and hashed by its UTF-8 bytes.
///
/// String's own hashing and equality normalise Unicode first, which is slow for Cyrillic; where the
/// same text always arrives in the same bytes (names from fiscal documents, place names from one
/// file) the bytes are the right identity and a lookup costs a fraction.
public struct ByteKey: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }
}
