import Foundation

/// The name people know a receipt's shop by, from what the receipt prints: its shop name
/// (`retailPlace`) when that names a shop, else the chain the seller is (a brand table keyed by the
/// seller's INN), else the site a web address there names (`ozon.ru` is `Ozon`), else the seller's
/// name without its legal form.
/// A web address, a phone number, an INN or a run of spaces is never part of a name
/// (`Аптека,a-plus.ru,aptekiplus.ru` is `Аптека`, a bare word that yields to the seller), and a
/// shop name of three letters or fewer yields to the chain's brand (`ГРМ` at a Беркут station).
///
/// Tills often print something else as the shop name: the address (`630007, Новосибирская
/// область, …`, `54 - Новосибирская область, …`), a hall (`Торговый зал 1`), a store code (`ТЦ 1060`,
/// `37S0 26151-Пятерочка`) or a bare word (`Магазин`).
public enum ShopName {
    /// The shop's name; nil when the receipt names neither shop nor seller.
    public static func of(
        retailPlace: String?, seller: String?, sellerINN: String?, address: String?, brand: (String) -> String?
    ) -> String? {
        let place = retailPlace.map(cleaned) ?? ""
        let chain = sellerINN.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : brand($0) }
        if namesAShop(place, address: address), chain == nil || place.count > 3 { return place }
        if let chain { return chain }
        // A shop name that was a web address alone: the site it names.
        if place.isEmpty, let site = retailPlace.flatMap(siteName) { return site }
        if let seller = seller.map({ cleaned(withoutLegalForm($0)) }), !seller.isEmpty, !isNumber(seller) {
            return seller
        }
        if let site = seller.flatMap(siteName) { return site }
        if !place.isEmpty, !isNumber(place) { return place }
        return nil
    }

    /// The text without what is never part of a shop's name: web addresses (`https://…`, `www.…`,
    /// `a-plus.ru`), phone numbers (`т.8 (499) 653-55-65`), the separators they leave at either end,
    /// and runs of spaces (`Магазин  Магнит  Гречанка` is `Магазин Магнит Гречанка`).
    public static func cleaned(_ text: String) -> String {
        var words: [Substring] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "," }) {
            if isWebAddress(word) { continue }
            words.append(word)
        }
        var joined = words.joined(separator: " ")
        // A phone: `т.`, `тел.` or `+7`/`8`, then ten digits among brackets, spaces and dashes, and
        // an extension (`д. 6912225`, `доб. 12`).
        let phone = #"(тел\.?|т\.)?\s*(\+7|8)?[\s(]*\d{3}[\s)]*\d{3}[\s-]*\d{2}[\s-]*\d{2}(\s*(доб|д)\.?\s*\d+)?"#
        if let range = joined.range(of: phone, options: .regularExpression) {
            joined.removeSubrange(range)
        }
        let edges: Set<Character> = [" ", ",", ";", ".", "-", "/", ":"]
        return String(
            joined.drop(while: { edges.contains($0) }).reversed().drop(while: { edges.contains($0) }).reversed()
        )
        .split(separator: " ").joined(separator: " ")
    }

    /// The site a web address in `text` names, as a name: `https://www.wildberries.ru/` is
    /// `Wildberries`; nil when it holds none.
    public static func siteName(_ text: String) -> String? {
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) where isWebAddress(word) {
            var host = word.lowercased()
            for prefix in ["https://", "http://", "www."] where host.hasPrefix(prefix) {
                host.removeFirst(prefix.count)
            }
            let labels = host.split(separator: "/").first?.split(separator: ".") ?? []
            guard labels.count >= 2, let name = labels.dropLast().last, !name.isEmpty else { continue }
            return name.prefix(1).uppercased() + name.dropFirst()
        }
        return nil
    }

    /// Whether a word is a web address: a scheme, `www.`, or a name ending in a domain Russian shops use.
    private static func isWebAddress(_ word: Substring) -> Bool {
        let folded = word.lowercased()
        if folded.hasPrefix("http://") || folded.hasPrefix("https://") || folded.hasPrefix("www.") { return true }
        let host = folded.split(separator: "/").first.map(String.init) ?? folded
        return [".ru", ".com", ".рф", ".net", ".org", ".su", ".shop", ".online", ".store"].contains {
            host.hasSuffix($0) && host.count > $0.count + 1
        }
    }

    /// The street and house of an address, what tells two shops of one chain apart: `630049,
    /// Новосибирская область, г. Новосибирск, ул. Северная, д.11` is `ул. Северная, д.11`; nil when
    /// no part of it names a street.
    public static func street(of address: String) -> String? {
        let ends: Set<Character> = [" ", ";", ".", ":"]
        let parts = address.split(separator: ",").map {
            String(String($0).trimmingWhitespace().reversed().drop(while: { ends.contains($0) }).reversed())
        }.filter { !$0.isEmpty }
        for (index, found) in parts.enumerated() {
            let words = found.lowercased().split(whereSeparator: { $0 == " " || $0 == "." }).map(String.init)
            guard let streetWord = words.first(where: streetWords.contains) else { continue }
            // A town run into the street (`г. Владимир пр-кт Ленина д.65`) is left out.
            var part = found
            if let first = words.first, townWords.contains(first), let start = wordStart(of: streetWord, in: found) {
                part = String(found[start...])
            }
            // The house follows in the next part when the street's has no number.
            if !part.contains(where: \.isNumber), index + 1 < parts.count, parts[index + 1].contains(where: \.isNumber)
            {
                return part + ", " + parts[index + 1]
            }
            return part
        }
        return nil
    }

    /// Where `word` (lower case) stands as a whole word in `text`, between spaces, dots or the ends.
    private static func wordStart(of word: String, in text: String) -> String.Index? {
        let bounds: Set<Character> = [" ", "."]
        var from = text.startIndex
        while let range = text.range(of: word, options: .caseInsensitive, range: from..<text.endIndex) {
            let before =
                range.lowerBound == text.startIndex || bounds.contains(text[text.index(before: range.lowerBound)])
            let after = range.upperBound == text.endIndex || bounds.contains(text[range.upperBound])
            if before && after { return range.lowerBound }
            from = range.upperBound
        }
        return nil
    }

    private static let townWords: Set<String> = ["г", "город", "гор", "пгт", "пос", "поселок", "посёлок"]

    private static let streetWords: Set<String> = [
        "ул", "улица", "пр", "пр-т", "пр-кт", "проспект", "пер", "переулок", "ш", "шоссе", "б-р", "бульвар", "наб",
        "набережная", "пл", "площадь", "мкр", "микрорайон", "тракт", "проезд", "пр-д", "аллея", "тупик",
    ]

    /// Whether a text is a number alone (an INN printed as the name).
    private static func isNumber(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy(\.isNumber) }

    /// Whether a printed shop name is one: not empty, not the address, not a hall, a register or a
    /// store code, not a bare word for a shop.
    public static func namesAShop(_ text: String, address: String?) -> Bool {
        let folded = text.lowercased()
        guard !folded.isEmpty, folded != address?.trimmingWhitespace().lowercased() else { return false }
        let words = folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard let first = words.first else { return false }
        if genericWords.contains(folded) || (words.count <= 3 && hallWords.contains(first)) { return false }
        // A postcode or a region's number at the start, or an address's words anywhere.
        if first.count == 6 && first.allSatisfy(\.isNumber) { return false }
        if first.count <= 3, first.allSatisfy(\.isNumber), folded.contains(" - ") { return false }
        if words.contains(where: addressWords.contains) { return false }
        // A code: more digits than letters, or a word mixing both (`37s0`, `1060`).
        let digits = folded.filter(\.isNumber).count
        let letters = folded.filter(\.isLetter).count
        if digits > 0 && (digits * 2 >= letters || words.contains { $0.contains(where: \.isNumber) && $0.count <= 5 }) {
            return false
        }
        return true
    }

    /// The seller's name without its legal form and quotes: `ООО "ЛЕНТА"` → `ЛЕНТА`, `ОБЩЕСТВО С
    /// ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ИНТЕРНЕТ РЕШЕНИЯ"` → `ИНТЕРНЕТ РЕШЕНИЯ`, `ИП Иванов И.И.` →
    /// `Иванов И.И.`.
    public static func withoutLegalForm(_ seller: String) -> String {
        var text = seller.trimmingWhitespace()
        var changed = true
        while changed {
            changed = false
            let folded = text.lowercased()
            for form in legalForms where folded.hasPrefix(form) {
                let rest = text.dropFirst(form.count)
                guard rest.first.map({ !$0.isLetter }) ?? true else { continue }
                text = String(rest).trimmingWhitespace()
                changed = true
                break
            }
        }
        let quotes: Set<Character> = ["\"", "«", "»", "“", "”", "„", "'"]
        text = String(text.filter { !quotes.contains($0) }).trimmingWhitespace()
        return text
    }

    private static let legalForms = [
        "общество с ограниченной ответственностью", "публичное акционерное общество",
        "непубличное акционерное общество", "закрытое акционерное общество", "открытое акционерное общество",
        "акционерное общество", "индивидуальный предприниматель", "ооо", "пао", "зао", "оао", "нао", "ао", "ип",
    ]
    private static let genericWords: Set<String> = [
        "магазин", "торговый зал", "зал", "касса", "аптека", "кафе", "азс", "ресторан", "интернет-магазин",
        "интернет магазин", "розница", "торговая точка", "офис",
    ]
    private static let hallWords: Set<String> = ["торговый", "зал", "касса", "тц", "тт"]
    private static let addressWords: Set<String> = [
        "обл", "область", "край", "респ", "республика", "ул", "улица", "пр", "пр-т", "проспект", "пер", "переулок",
        "д", "дом", "корп", "стр", "строение", "мкр", "ш", "шоссе", "наб", "бульвар", "б-р", "г", "город", "пл",
        "площадь", "этаж", "тракт", "км",
    ]
}
