import ReceiptCore
import ReceiptStore

// The words of `receipts categories` and its subcommands, in Russian and English.
// `receipts search --category` names an unknown category in these words too.
extension Strings {
    static var categoriesAbstract: String {
        pick(
            "Категории покупок: итоги, выбор категории, товары без категории.",
            "Purchase categories: totals, choices, uncategorized items.")
    }
    static var categoriesListAbstract: String {
        pick("Категории с итогами за всё время.", "The categories with their all-time totals.")
    }
    static var categoriesSetAbstract: String {
        pick(
            "Запомнить категорию товара: все такие позиции перейдут в неё сразу и при следующих импортах.",
            "Remember an item's category: every such item moves now and in later imports.")
    }
    static var categoriesSetDiscussion: String {
        pick(
            "Название сравнивается без учёта регистра, «*», точек, веса и объёма: «МОЛОКО ПАСТ.3,2% 930МЛ» "
                + "и «молоко паст» — один товар. Категория — идентификатор или название (receipts categories).",
            "Names match ignoring case, “*”, dots, weights and volumes: “МОЛОКО ПАСТ.3,2% 930МЛ” and "
                + "“молоко паст” are one item. The category is an identifier or a name (receipts categories).")
    }
    static var uncategorizedAbstract: String {
        pick(
            "Самые частые товары без категории и расходы на них.",
            "The most frequent uncategorized items and what they cost.")
    }
    static var itemNameHelp: String { pick("Название товара, как в чеке.", "The item's name, as on the receipt.") }
    static var chosenCategoryHelp: String {
        pick("Категория: идентификатор или название.", "The category: its identifier or name.")
    }
    static var limitHelp: String { pick("Сколько строк показать.", "How many rows to show.") }
    static var badLimit: String { pick("--limit: нужно число от 1 до 1000", "--limit: give a number from 1 to 1000") }
    static func unknownCategory(_ text: String) -> String {
        let known = Category.allCases.map(\.rawValue).joined(separator: ", ")
        return pick("неизвестная категория «\(text)»; есть: \(known)", "unknown category “\(text)”; known: \(known)")
    }
    static var cannotChooseUncategorized: String {
        pick(
            "«Без категории» нельзя выбрать: выберите настоящую категорию или other",
            "“Uncategorized” cannot be chosen: pick a real category, or other")
    }
    static var emptyItemName: String {
        pick(
            "в названии нет ни одного слова, только числа и знаки", "the name has no words, only numbers and marks")
    }
    static func chosen(_ choice: CategoryChoice) -> String {
        pick(
            "«\(choice.key)» → \(choice.category.name(in: .russian)); перенесено позиций: \(choice.itemsMoved)",
            "“\(choice.key)” → \(choice.category.name(in: .english)); items moved: \(choice.itemsMoved)")
    }
    static var noUncategorized: String {
        pick("Товаров без категории нет.", "There are no uncategorized items.")
    }
    static func categorizedShare(_ percent: String) -> String {
        pick("в настоящих категориях: \(percent) расходов", "in real categories: \(percent) of spending")
    }
    static var itemValue: String { pick("товар", "item") }
}
