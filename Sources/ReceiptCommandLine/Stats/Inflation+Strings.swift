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
            "Индекс Ласпейреса по вашим покупкам: для двух соседних месяцев — то, что куплено в обоих, на самом "
                + "точном уровне, общем для них (товар, иначе его вид: молоко питьевое за литр любой марки), по "
                + "медианной цене за кг, л или штуку, в количествах более раннего месяца; цена берётся из ближайшего "
                + "из трёх предыдущих месяцев, где покупали; месяцы сцепляются. Пара, где сравнить можно меньше "
                + "\(PersonalInflation.minimumMatched), пропускается и называется. Охват — доля всех трат, на которой "
                + "держится индекс; что не вошло и почему — ниже, рядом ИПЦ Росстата за те же месяцы. Без диапазона — "
                + "последние 12 месяцев с чеками.\n\n"
                + "Примеры:\n  receipts inflation\n  receipts inflation --from 2025-01 --to 2025-12 --by category --json",
            "A Laspeyres index on your own purchases: for two consecutive months, what was bought in both at the "
                + "most specific level they share (the product, else its kind: drinking milk per litre of any brand), "
                + "at the median price per kg, l or piece, in the earlier month's amounts; a price is carried from the "
                + "nearest of the three months before where it was bought; the months are chained. A pair with fewer "
                + "than \(PersonalInflation.minimumMatched) to compare is skipped and named. The coverage is the share "
                + "of all the spending the index rests on; what was left out and why follows, and Rosstat's CPI over "
                + "the same months. Without a range: the last 12 months with receipts.\n\nExamples:\n  receipts inflation\n  receipts inflation --from 2025-01 --to 2025-12 "
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

}
