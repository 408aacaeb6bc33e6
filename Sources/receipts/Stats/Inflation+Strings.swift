import Foundation
import ReceiptCore
import ReceiptStats

// The words of `receipts inflation`, in Russian and English.
extension HelpText {
    static var inflationAbstract: String {
        pick(
            "Личная инфляция: насколько подорожала ваша корзина.",
            "Personal inflation: how much dearer your own basket got.")
    }
    static var inflationDiscussion: String {
        pick(
            "Индекс Ласпейреса по вашим покупкам: для двух соседних месяцев — товары, купленные в обоих, по "
                + "медианной цене за кг, л или штуку, в количествах первого месяца; месяцы сцепляются. Пара "
                + "месяцев, где общих товаров меньше \(PersonalInflation.minimumMatched), пропускается и называется. "
                + "Охват — доля трат, на которой держится индекс. Без диапазона — последние 12 месяцев с чеками.\n\n"
                + "Примеры:\n  receipts inflation\n  receipts inflation --from 2025-01 --to 2025-12 --by category --json",
            "A Laspeyres index on your own purchases: for two consecutive months, the products bought in both, at "
                + "their median price per kg, l or piece, in the first month's amounts; the months are chained. A pair "
                + "of months with fewer than \(PersonalInflation.minimumMatched) products in common is skipped and named. "
                + "The coverage is the share of the spending the index rests on. Without a range: the last 12 months "
                + "with receipts.\n\nExamples:\n  receipts inflation\n  receipts inflation --from 2025-01 --to 2025-12 "
                + "--by category --json")
    }
    static var inflationByHelp: String { pick("Индекс и по категориям.", "The index by category too.") }
}

extension Words {
    var monthsColumn: String { pick("месяцы", "months") }
    var changeColumn: String { pick("изменение", "change") }
    var productsColumn: String { pick("товаров", "products") }
    var categoryColumn: String { pick("категория", "category") }

    /// `+3.4 %`, `−0,8 %`.
    func percent(_ fraction: Double) -> String {
        let text = String(format: "%+.1f", (fraction * 1_000).rounded() / 10)
        return (language == .russian ? text.replacingOccurrences(of: ".", with: ",") : text) + " %"
    }

    func inflationHeading(_ inflation: PersonalInflation) -> String {
        let coverage = Int((inflation.coverage * 100).rounded())
        let range = "\(inflation.from) … \(inflation.to)"
        guard !inflation.pairs.isEmpty else {
            return pick(
                "Личная инфляция \(range): не с чем сравнить — нет двух соседних месяцев с \(PersonalInflation.minimumMatched) общими товарами.",
                "Personal inflation \(range): nothing to compare — no two consecutive months share \(PersonalInflation.minimumMatched) products."
            )
        }
        return pick(
            "Личная инфляция \(range): \(percent(inflation.index - 1)), по \(coverage) % трат",
            "Personal inflation \(range): \(percent(inflation.index - 1)), on \(coverage) % of the spending")
    }

    func pairSkipped(_ skipped: PersonalInflation.Skipped) -> String {
        pick(
            "пропущено: \(skipped.from) → \(skipped.to), общих товаров \(skipped.matched)",
            "skipped: \(skipped.from) → \(skipped.to), \(skipped.matched) products in both")
    }
}
