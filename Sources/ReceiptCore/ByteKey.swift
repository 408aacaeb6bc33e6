/// Text as a dictionary key compared and hashed by its UTF-8 bytes.
///
/// String's own hashing and equality normalise Unicode first, which is slow for Cyrillic; where the
/// same text always arrives in the same bytes (names from fiscal documents, place names from one
/// file) the bytes are the right identity and a lookup costs a fraction.
public struct ByteKey: Hashable, Sendable {
    /// The text itself, its UTF-8 made contiguous so that hashing and comparing read it in place.
    public let text: String

    /// A key for `text`; copies it into contiguous UTF-8 once, if it is not already.
    public init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    /// A key for several texts together: each is preceded by its length in bytes, so that no two
    /// lists of texts give the same key, whatever characters they hold.
    public init(joining parts: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count + 8 })
        for part in parts {
            // The length in decimal digits, then a colon: valid UTF-8, as the key must be.
            let start = bytes.count
            var count = part.utf8.count
            repeat {
                bytes.insert(UInt8(ascii: "0") + UInt8(count % 10), at: start)
                count /= 10
            } while count > 0
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: part.utf8)
        }
        self.init(String(decoding: bytes, as: UTF8.self))
    }

    /// Hashes the UTF-8 bytes as they are, without Unicode normalisation.
    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Equal when the UTF-8 bytes are equal: `é` precomposed and decomposed are two keys.
    public static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        let (left, right) = (lhs.text.utf8, rhs.text.utf8)
        guard left.count == right.count else { return false }
        // Both texts are contiguous (see init): compared eight bytes at a time.
        let equal = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in
                Self.equal(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
            }
        }
        return (equal ?? nil) ?? left.elementsEqual(right)
    }

    private static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= left.count {
            let word = left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard word == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < left.count {
            guard left[offset] == right[offset] else { return false }
            offset += 1
        }
        return true
    }
}
