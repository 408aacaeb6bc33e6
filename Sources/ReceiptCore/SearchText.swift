import Foundation

/// Text as every search compares it (receipts, items, shops, places, the history): lower case, `ё`
/// as `е`, words of letters and digits, Latin letters without their diacritics. One rule, so that
/// a word that finds something in one place finds it everywhere.
public enum SearchText {
    /// The text in lower case with `ё` as `е`, otherwise as it was: how search history compares texts.
    public static func fold(_ text: String) -> String {
        var folded: [UInt8] = []
        appendFolded(text, to: &folded)
        return String(decoding: folded, as: UTF8.self)
    }

    /// Appends the folded UTF-8 of `text` to `folded`.
    ///
    /// Byte by byte for ASCII and Cyrillic, which is nearly all a receipt holds, because String's
    /// lowercased() and Character comparisons normalise first. Other letters are lowered by their
    /// Unicode properties. A decomposed ё (е and a combining diaeresis) folds to е as well.
    public static func appendFolded(_ text: String, to folded: inout [UInt8]) {
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

    /// The text with its letters folded as ``words(_:)`` folds them (lower case, `ё` as `е`, Latin
    /// letters without their diacritics, a combining mark joined to its letter first, one that joins
    /// none dropped) and everything else as it was: for a reading that cuts words by rules of its
    /// own (``ItemName`` keeps `%`, a decimal comma and `б/`), so that its letters meet the same
    /// words search, places and shop kinds see.
    public static func foldLetters(_ text: String) -> String {
        var text = text
        if text.utf8.contains(where: { $0 == 0xCC || $0 == 0xCD }) {
            text = text.precomposedStringWithCanonicalMapping
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: bytes.append(UInt8(scalar.value) + 32)
            case 0..<0x80: bytes.append(UInt8(scalar.value))
            case 0x400...0x47F: appendCyrillic(scalar.value, to: &bytes)
            default:
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: break
                default:
                    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                        appendLetter(scalar, to: &bytes)
                    } else {
                        UTF8.encode(scalar) { bytes.append($0) }
                    }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The folded words of a text: runs of letters and digits, lower case, ё as е, Latin letters
    /// without their diacritics (`Café` → `cafe`); combining marks belong to the letter before.
    public static func words(_ text: String) -> [String] {
        var bytes: [UInt8] = []
        appendWords(text, to: &bytes)
        return bytes.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the folded words of `text` (see ``words(_:)``) to `bytes`, each after a space: the
    /// text the full-text index is given. Its tokenizer (`ascii`) then only has to cut at spaces, so
    /// that the index, the queries and the highlighting of matching items all take their words
    /// from here.
    ///
    /// Indexed documents are deleted by giving their text again (the index keeps no copy), so any
    /// change to what this produces needs a migration that rebuilds the index.
    public static func appendWords(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in appendWords(utf8: utf8, to: &bytes) }
    }

    /// ``appendWords(_:to:)`` for UTF-8 as SQLite holds it; bytes that are not UTF-8 separate words.
    public static func appendWords(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], composed: Bool = false) {
        // A combining mark (U+0300–U+036F: two bytes led by 0xCC or 0xCD) first joins its letter, so
        // that a decomposed й or ё is the letter it shows.
        if !composed, utf8.contains(where: { $0 == 0xCC || $0 == 0xCD }) {
            var text = String(decoding: utf8, as: UTF8.self).precomposedStringWithCanonicalMapping
            text.withUTF8 { appendWords(utf8: $0, to: &bytes, composed: true) }
            return
        }
        bytes.reserveCapacity(bytes.count + utf8.count * 3 / 2 + 1)
        let count = utf8.count
        var inWord = false
        var index = 0
        while index < count {
            let lead = utf8[index]
            if lead < 0x80 {
                var byte = lead
                switch lead {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte = lead + 32
                default:
                    inWord = false
                    index += 1
                    continue
                }
                if !inWord {
                    bytes.append(UInt8(ascii: " "))
                    inWord = true
                }
                bytes.append(byte)
                index += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            guard length > 1, index + length <= count else {
                // Not UTF-8: a stray continuation byte, or a sequence cut short.
                inWord = false
                index += 1
                continue
            }
            if length == 2, lead == 0xD0 || lead == 0xD1 {
                // U+0400–U+047F: letters only.
                if !inWord {
                    bytes.append(UInt8(ascii: " "))
                    inWord = true
                }
                appendCyrillic((UInt32(lead & 0x1F) << 6) | UInt32(utf8[index + 1] & 0x3F), to: &bytes)
            } else {
                var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    // One that composes with no letter before it: dropped.
                    break
                default:
                    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                        if !inWord {
                            bytes.append(UInt8(ascii: " "))
                            inWord = true
                        }
                        appendLetter(scalar, to: &bytes)
                    } else {
                        inWord = false
                    }
                }
            }
            index += length
        }
    }

    /// Names the way ``appendWords(_:to:)`` cuts text: a version of its rules, and a hash of what
    /// it makes of every scalar of the first two planes (which follows the Unicode tables of the
    /// Swift it runs on). Computed once a process.
    public static let wordsFingerprint: String = {
        // FNV-1a, 64 bits, over the words of every scalar on its own, but those cut without tables
        // (ASCII, U+0400–U+047F) and the Latin letters, whose decompositions Unicode never changes
        // (combining marks change words only through composition, which Unicode keeps stable too).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var words: [UInt8] = []
        words.reserveCapacity(64)
        var utf8: [UInt8] = []
        utf8.reserveCapacity(4)
        for value in UInt32(0)...0x1_FFFF {
            guard value >= 0x80, !(0x400...0x47F).contains(value), !(0xC0...0x24F).contains(value),
                !(0x1E00...0x1EFF).contains(value), let scalar = Unicode.Scalar(value)
            else { continue }
            utf8.removeAll(keepingCapacity: true)
            UTF8.encode(scalar) { utf8.append($0) }
            words.removeAll(keepingCapacity: true)
            utf8.withUnsafeBufferPointer { appendWords(utf8: $0, to: &words, composed: true) }
            for byte in words { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        }
        return "1:" + String(hash, radix: 16)
    }()

    /// A letter or digit outside ASCII and U+0400–U+047F, in lower case; Latin letters without
    /// their diacritics.
    private static func appendLetter(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        func append(_ letter: Unicode.Scalar) {
            let isLatin = (0xC0...0x24F).contains(letter.value) || (0x1E00...0x1EFF).contains(letter.value)
            let base =
                isLatin ? (String(letter).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? letter) : letter
            UTF8.encode(base) { bytes.append($0) }
        }
        if scalar.properties.changesWhenLowercased {
            for letter in scalar.properties.lowercaseMapping.unicodeScalars { append(letter) }
        } else {
            append(scalar)
        }
    }
}
