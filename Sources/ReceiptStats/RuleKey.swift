/// A name key as category rules read it: its words, and, when its text is plain (``isPlain(_:)``),
/// its UTF-8 between two spaces with where each word lies in it.
///
/// Rules compare plain keys and patterns byte by byte. Comparing them as text (String's `hasPrefix`,
/// Foundation's search) goes Character by Character under canonical equivalence, which was most of
/// what categorizing a new name cost an import; on plain text both say the same.
struct RuleKey {
    let text: String
    let words: [String]
    /// ` key ` as UTF-8; nil when the key is not plain, and rules compare its text.
    let spaced: [UInt8]?
    /// Each word's bytes in ``spaced``, in order.
    let wordRanges: [Range<Int>]

    /// The key `key`; `asText` compares it as text even when it is plain (for tests).
    init(_ key: String, asText: Bool = false) {
        text = key
        words = key.split(separator: " ").map(String.init)
        guard !asText, let bytes = Self.plainUTF8(key) else {
            spaced = nil
            wordRanges = []
            return
        }
        let spaced = [UInt8(ascii: " ")] + bytes + [UInt8(ascii: " ")]
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, byte) in spaced.enumerated() {
            if byte == UInt8(ascii: " ") {
                if let first = start { ranges.append(first..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        self.spaced = spaced
        wordRanges = ranges
    }

    /// Whether comparing bytes says what comparing text does: every scalar printable ASCII, Latin
    /// before the combining marks, or a Cyrillic letter, so that each is a Character of its own and
    /// has no other canonical form. Keys (``ItemName``) are; a key of other scripts is compared as
    /// text.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0..<0x300, 0x400...0x482, 0x48A...0x52F: true
        default: false
        }
    }

    /// The UTF-8 of `text` when all of it is plain, else nil.
    static func plainUTF8(_ text: some StringProtocol) -> [UInt8]? {
        for scalar in text.unicodeScalars where !isPlain(scalar) { return nil }
        return Array(text.utf8)
    }

    /// The first `count` scalars of plain UTF-8 (fewer when it is shorter), packed into a number:
    /// the word beginnings rules are indexed by. A plain scalar takes one or two bytes.
    static func start(of bytes: ArraySlice<UInt8>, scalars count: Int) -> UInt64 {
        var packed: UInt64 = 1
        var index = bytes.startIndex
        var taken = 0
        while index < bytes.endIndex, taken < count {
            let length = bytes[index] < 0x80 ? 1 : 2
            for byte in bytes[index..<min(index + length, bytes.endIndex)] { packed = packed << 8 | UInt64(byte) }
            index += length
            taken += 1
        }
        return packed
    }

    /// Whether word `word` of the key begins with `beginning`.
    func word(_ word: Int, beginsWith beginning: [UInt8]) -> Bool {
        guard let spaced else { return false }
        let range = wordRanges[word]
        guard range.count >= beginning.count else { return false }
        return spaced[range.lowerBound..<(range.lowerBound + beginning.count)].elementsEqual(beginning)
    }

    /// Whether ` key ` holds `phrase`'s bytes.
    func contains(_ phrase: [UInt8]) -> Bool {
        guard let spaced, let first = phrase.first else { return phrase.isEmpty }
        guard spaced.count >= phrase.count else { return false }
        for start in 0...(spaced.count - phrase.count) where spaced[start] == first {
            if spaced[start..<(start + phrase.count)].elementsEqual(phrase) { return true }
        }
        return false
    }
}
