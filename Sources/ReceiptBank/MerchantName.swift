import Foundation
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
    let words: [String]

    /// The merchant words of shop names (the shop's name, the receipt's place, the seller).
    public init(shopNames: [String]) {
        var words: [String] = []
        for name in shopNames {
            let folded = SearchText.fold(name)
            for alias in Self.aliases where folded.contains(alias.russian) {
                words.append(contentsOf: alias.latin.map(Self.skeleton))
            }
            for word in SearchText.words(name) {
                let skeleton = Self.skeleton(word)
                if skeleton.count >= 4, !Self.generic.contains(skeleton), !words.contains(skeleton) {
                    words.append(skeleton)
                }
            }
        }
        self.words = words
    }

    /// Whether `description`, a bank's words for a payment, names this merchant.
    public func agrees(with description: BankDescription) -> Bool {
        words.contains { description.skeleton.contains($0) }
    }

    /// The Latin skeleton of one word.
    static func skeleton(_ word: String) -> String {
        var latin = Transliteration.latin(word.lowercased()).filter { $0.isLetter || $0.isNumber }
        latin = latin.replacingOccurrences(of: "ks", with: "x").replacingOccurrences(of: "kh", with: "h")
            .replacingOccurrences(of: "ck", with: "k").replacingOccurrences(of: "y", with: "i")
            .replacingOccurrences(of: "w", with: "v").replacingOccurrences(of: "ie", with: "e")
        var collapsed = ""
        for character in latin where character != collapsed.last { collapsed.append(character) }
        return collapsed
    }

    /// Words every kind of shop uses; they say nothing of which one.
    private static let generic: Set<String> = Set(
        [
            "магазин", "супермаркет", "гипермаркет", "минимаркет", "market", "shop", "store", "ооо", "общество",
            "ограниченной", "ответственностью", "акционерное", "публичное", "торговый", "торговая", "дом",
            "компания", "группа", "центр", "аптека", "apteka", "кафе", "cafe", "ресторан", "restoran", "moscow",
            "москва", "russia", "россия", "санкт", "петербург",
        ].map(skeleton))

    /// Chains whose Latin name on a card payment is not a transliteration of the Russian one.
    static let aliases: [(russian: String, latin: [String])] = [
        ("ашан", ["auchan"]), ("макдоналдс", ["mcdonalds"]), ("вайлдберриз", ["wildberries"]),
        ("леруа мерлен", ["leroy merlin", "leroymerlin"]), ("фикс прайс", ["fix price", "fixprice"]),
        ("икеа", ["ikea"]), ("лэтуаль", ["letoile", "letu"]), ("рив гош", ["rive gauche", "rivegauche"]),
        ("тандер", ["magnit"]), ("агроторг", ["pyaterochka", "5ka"]), ("перекресток", ["perekrestok"]),
        ("озон", ["ozon"]), ("детский мир", ["detmir", "detskiy mir"]), ("бургер кинг", ["burger king"]),
        ("вкусно и точка", ["vkusno i tochka", "vkusnoitochka"]), ("азбука вкуса", ["azbuka vkusa"]),
    ].map { ($0.0, $0.1.map { $0.replacingOccurrences(of: " ", with: "") }) }
}

/// A bank's description of a payment, reduced once for comparing with shops.
public struct BankDescription: Sendable, Hashable {
    /// The Latin skeleton of the whole description, words run together.
    let skeleton: String

    /// The description as the bank wrote it.
    public init(_ text: String) {
        skeleton = SearchText.words(text).map(MerchantName.skeleton).joined()
    }
}
