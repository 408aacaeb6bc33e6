/// Text as search compares it: lower case, `ё` as `е`, words of letters and digits.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        var folded: [UInt8] = []
        appendFolded(text, to: &folded)
        return String(decoding: folded, as: UTF8.self)
    }

    /// Appends the folded UTF-8 of `text` to `folded`.
    ///
    /// Byte by byte for ASCII and Cyrillic, which is nearly all a receipt holds: String's
    /// lowercased() and Character comparisons normalise first, which made folding a large part of
    /// an import's time. Other letters are lowered by their Unicode properties. A decomposed ё (е and
    /// a combining diaeresis) folds to е as well.
    static func appendFolded(_ text: String, to folded: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            folded.reserveCapacity(folded.count + bytes.count)
            var afterE = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    folded.append((0x41...0x5A).contains(lead) ? lead + 32 : lead)
                    afterE = false
                    index += 1
                    continue
                }
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if length == 2, lead == 0xD0 || lead == 0xD1 {
                    let second = bytes[index + 1]
                    let scalar = (UInt32(lead & 0x1F) << 6) | UInt32(second & 0x3F)
                    appendCyrillic(scalar, to: &folded)
                    afterE = scalar == 0x401 || scalar == 0x451 || scalar == 0x415 || scalar == 0x435
                } else if length == 2, lead == 0xCC, bytes[index + 1] == 0x88, afterE {
                    // The diaeresis of a decomposed ё.
                } else {
                    var scalarValue = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for offset in 1..<length { scalarValue = scalarValue << 6 | UInt32(bytes[index + offset] & 0x3F) }
                    let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
                    let lowered =
                        scalar.properties.changesWhenLowercased
                        ? scalar.properties.lowercaseMapping : String(scalar)
                    folded.append(contentsOf: lowered.utf8)
                    afterE = false
                }
                index += length
            }
        }
    }

    /// A letter of the Cyrillic block U+0400–U+047F in lower case, ё as е.
    private static func appendCyrillic(_ scalar: UInt32, to folded: inout [UInt8]) {
        let lower: UInt32
        switch scalar {
        case 0x401, 0x451: lower = 0x435
        case 0x410...0x42F: lower = scalar + 32
        case 0x400...0x40F: lower = scalar + 80
        case 0x460...0x47F where scalar % 2 == 0: lower = scalar + 1
        default: lower = scalar
        }
        folded.append(0xC0 | UInt8(lower >> 6))
        folded.append(0x80 | UInt8(lower & 0x3F))
    }

    /// The folded words of a text.
    public static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// An FTS5 query where every word must begin some word of the document: `"молок"* AND "3"*`.
    static func matchQuery(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " AND ")
    }
}
