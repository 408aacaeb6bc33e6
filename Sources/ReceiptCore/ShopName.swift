/// The name people know a receipt's shop by, from what the receipt prints: its shop name
/// (`retailPlace`) when that names a shop, else the chain the seller is (a brand table keyed by the
/// seller's INN), else the seller's name without its legal form.
///
/// Tills often print something else as the shop name: the address (`630007, Новосибирская
/// область, …`, `54 - Новосибирская область, …`), a hall (`Торговый зал 1`), a store code (`ТЦ 1060`,
/// `37S0 26151-Пятерочка`) or a bare word (`Магазин`).
public enum ShopName {
    /// The shop's name; nil when the receipt names neither shop nor seller.
    public static func of(
        retailPlace: String?, seller: String?, sellerINN: String?, address: String?, brand: (String) -> String?
    ) -> String? {
        if let place = retailPlace?.trimmingWhitespace(), namesAShop(place, address: address) { return place }
        if let inn = sellerINN?.trimmingWhitespace(), !inn.isEmpty, let known = brand(inn) { return known }
        if let seller = seller.map(withoutLegalForm), !seller.isEmpty { return seller }
        if let place = retailPlace?.trimmingWhitespace(), !place.isEmpty { return place }
        return nil
    }

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
