import Foundation
import ReceiptCore

// The words of `receipts prices`, in Russian and English.
extension HelpText {
    static var pricesAbstract: String {
        pick("Цены за кг, л или штуку: по месяцам и магазинам.", "Prices per kg, litre or piece, by month and shop.")
    }
    static var pricesDiscussion: String {
        pick(
            "Виды товаров (молоко питьевое, яйца куриные, бензин АИ-95…) и товары, которые находят слова "
                + "(как начала слов названия товара или вида), из продаж в локальной базе. Вид — то, что сравнивают "
                + "между марками и магазинами, по перечню товаров-представителей Росстата: его цена за литр, кг или "
                + "десяток по всем его товарам, товары ниже. Цена за "
                + "единицу — из единицы измерения строки (кг, л), из веса или объёма в названии (930МЛ, 0,9 КГ, "
                + "2х200г, 10ШТ) или за штуку; весовой товар уже указан за кг. Товар — название без размера "
                + "и единица: молоко 930 мл и 1,4 л — один товар, цены за литр.\n\n"
                + "Примеры:\n  receipts prices молоко\n  receipts prices бананы --from 2025-01 --to 2025-06 --json",
            "Product kinds (drinking milk, chicken eggs, petrol AI-95…) and products the words find (as the "
                + "beginning of a word of a product's or a kind's name), from the sales in the local database. A kind "
                + "is what people compare across brands and shops, after Rosstat's list of representative goods: its "
                + "price per litre, kg or ten across its products, the products below. The price per unit comes "
                + "from "
                + "the line's measure (kg, l), the weight or volume in its name "
                + "(930МЛ, 0,9 КГ, 2х200г, 10ШТ), or is per piece; a weighed line is already per kg. A product is its "
                + "name without the size, and its unit: milk of 930 ml and of 1.4 l is one product, priced per litre.\n\n"
                + "Examples:\n  receipts prices milk\n  receipts prices бананы --from 2025-01 --to 2025-06 --json")
    }
    static var pricesWordsHelp: String { pick("Слова из названия товара.", "Words of the product's name.") }
    static var pricesNeedsWords: String {
        pick(
            "укажите слова из названия товара, например: receipts prices молоко",
            "give words of a product's name, for example: receipts prices молоко")
    }
}

extension Words {
    func noPrices(_ words: String) -> String {
        pick("Покупок «\(words)» в базе нет.", "No purchases of “\(words)” in the database.")
    }
    func productHeading(_ name: String, unit: String, change: Double?) -> String {
        let name = name.visible()
        return pick("\(name) — цена за \(unit)\(changeText(change))", "\(name), price per \(unit)\(changeText(change))")
    }
    /// `Молоко питьевое, за литр, за период +3,4 %`.
    func kindHeading(_ name: String, per: String, change: Double?) -> String {
        "\(name.visible()), \(per)\(changeText(change))"
    }
    /// `, за период +3,4 %`, or nothing with one month.
    private func changeText(_ change: Double?) -> String {
        change.map { pick(", за период \(percent($0))", ", \(percent($0)) over the range") } ?? ""
    }
    func noKindPrices(_ per: String) -> String {
        pick(
            "Цены \(per) нет: в названиях не напечатан размер.", "No price \(per): the names print no size.")
    }
    var productColumn: String { pick("товар", "product") }
    var unitColumn: String { pick("ед.", "unit") }
    var monthColumn: String { pick("месяц", "month") }
    var shopColumn: String { pick("магазин", "shop") }
    var lowestColumn: String { pick("мин.", "lowest") }
    var medianColumn: String { pick("медиана", "median") }
    var highestColumn: String { pick("макс.", "highest") }
    var boughtColumn: String { pick("покупок", "bought") }
    var lastColumn: String { pick("последняя", "last") }
    var cheapestColumn: String { pick("дешевле всего", "cheapest") }
}
