import ReceiptCore

/// Whether a bank's description of a payment names the shop a receipt is from.
///
/// Banks write merchants as the card network passes them: Latin, upper case, with a terminal number
/// and a town (`PYATEROCHKA 1234 MOSCOW RUS`), while receipts and the shops work name the shop in
/// Russian («Пятёрочка»). Both sides are reduced to a Latin skeleton (Cyrillic transliterated, and
/// the letters that transliterations disagree on made one: `ks`/`x`, `y`/`i`, `kh`/`h`, doubled
/// letters); a shop word of four letters or more found in the description is agreement. Chains whose
/// Latin name is not a transliteration (Ашан, AUCHAN) are in a table of aliases.
public struct MerchantName: Sendable, Hashable {
    /// The skeleton words that name the merchant, generic words (магазин, ООО) left out.
    let words: [[UInt8]]

    /// The merchant words of shop names (the shop's name, the receipt's place, the seller).
    public init(shopNames: [String]) {
        var words: [[UInt8]] = []
        func add(_ skeleton: [UInt8]) {
            if !words.contains(skeleton) { words.append(skeleton) }
        }
        for name in shopNames {
            let folded = SearchText.words(name)
            for alias in Self.aliases where Self.contains(folded, alias.russian) {
                for latin in alias.latin { add(Self.skeleton(latin)) }
            }
            // Each word, and the words run together: «О'КЕЙ» is one name in two words.
            for word in folded + (folded.count > 1 ? [folded.joined()] : []) {
                let skeleton = Self.skeleton(word)
                if skeleton.count >= 4, !Self.generic.contains(skeleton) { add(skeleton) }
            }
        }
        self.words = words
    }

    /// Whether `description`, a bank's words for a payment, names this merchant.
    public func agrees(with description: BankDescription) -> Bool {
        words.contains { Self.find($0, in: description.skeleton) }
    }

    /// Whether `words` holds `phrase`'s words one after another.
    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            words[start..<(start + phrase.count)].elementsEqual(phrase)
        }
    }

    /// Whether `needle` occurs in `haystack`: both are short, so the plain search is the fast one.
    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// The Latin skeleton of one word: transliterated, letters and digits only, `ks` as `x`, `kh`
    /// as `h`, `ck` as `k`, `ie` as `e`, `y` as `i`, `w` as `v`, doubled letters once.
    static func skeleton(_ word: String) -> [UInt8] {
        let latin = Array(Transliteration.latin(word.lowercased()).utf8).filter {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 >= 0x80
        }
        var result: [UInt8] = []
        result.reserveCapacity(latin.count)
        var index = 0
        while index < latin.count {
            var byte = latin[index]
            let next = index + 1 < latin.count ? latin[index + 1] : 0
            switch (byte, next) {
            case (UInt8(ascii: "k"), UInt8(ascii: "s")):
                byte = UInt8(ascii: "x")
                index += 1
            case (UInt8(ascii: "k"), UInt8(ascii: "h")):
                byte = UInt8(ascii: "h")
                index += 1
            case (UInt8(ascii: "c"), UInt8(ascii: "k")):
                byte = UInt8(ascii: "k")
                index += 1
            case (UInt8(ascii: "i"), UInt8(ascii: "e")):
                byte = UInt8(ascii: "e")
                index += 1
            case (UInt8(ascii: "y"), _): byte = UInt8(ascii: "i")
            case (UInt8(ascii: "w"), _): byte = UInt8(ascii: "v")
            default: break
            }
            if result.last != byte { result.append(byte) }
            index += 1
        }
        return result
    }

    /// Words every kind of shop uses; they say nothing of which one.
    private static let generic: Set<[UInt8]> = Set(
        [
            "магазин", "супермаркет", "гипермаркет", "минимаркет", "market", "shop", "store", "ооо", "общество",
            "ограниченной", "ответственностью", "акционерное", "публичное", "торговый", "торговая", "дом",
            "компания", "группа", "центр", "аптека", "apteka", "кафе", "cafe", "ресторан", "restoran", "moscow",
            "москва", "russia", "россия", "санкт", "петербург", "продукты", "produkty",
        ].map(skeleton))

    /// Chains whose Latin name on a card payment is not a transliteration of the Russian one, the
    /// Russian name as folded words.
    static let aliases: [(russian: [String], latin: [String])] = [
        ("ашан", ["auchan"]), ("макдоналдс", ["mcdonalds"]), ("вайлдберриз", ["wildberries"]),
        ("леруа мерлен", ["leroymerlin"]), ("фикс прайс", ["fixprice"]), ("икеа", ["ikea"]),
        ("лэтуаль", ["letoile", "letu"]), ("рив гош", ["rivegauche"]), ("тандер", ["magnit"]),
        ("агроторг", ["pyaterochka", "5ka"]), ("озон", ["ozon"]), ("детский мир", ["detmir", "detskiymir"]),
        ("вкусно и точка", ["vkusnoitochka"]), ("азбука вкуса", ["azbukavkusa"]),
    ].map { (SearchText.words($0.0), $0.1) }
}

/// A bank's description of a payment, reduced once for comparing with shops.
public struct BankDescription: Sendable, Hashable {
    /// The Latin skeleton of the whole description, words run together.
    let skeleton: [UInt8]

    /// The description as the bank wrote it.
    public init(_ text: String) {
        skeleton = SearchText.words(text).flatMap(MerchantName.skeleton)
    }
}
