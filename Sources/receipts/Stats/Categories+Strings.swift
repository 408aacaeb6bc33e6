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
                + "и «молоко паст 3,2%» — один товар (жирность, крепость и марка топлива остаются). Категория — идентификатор или название (receipts categories).",
            "Names match ignoring case, “*”, dots, weights and volumes: “МОЛОКО ПАСТ.3,2% 930МЛ” and "
                + "“молоко паст 3,2%” are one item (fat, strength and a fuel's grade stay). The category is an identifier or a name (receipts categories)."
        )
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
    /// An unknown category, and the ones there are: identifiers with names in the user's language
    /// (without «uncategorized» where it cannot be `chosen`).
    static func unknownCategory(_ text: String, choosing: Bool = false) -> String {
        let known = Category.allCases.filter { !choosing || $0 != .uncategorized }
        let width = known.map(\.rawValue.count).max() ?? 0
        let list = known.map { category in
            "  " + category.rawValue + String(repeating: " ", count: width - category.rawValue.count) + "  "
                + category.name(in: language)
        }
        return pick(
            "неизвестная категория «\(text)»; есть (идентификатор или название, в любом регистре):",
            "unknown category “\(text)”; there are (the identifier or the name, in any case):")
            + "\n" + list.joined(separator: "\n")
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
    static func chosen(_ choice: CategoryChoice) -> String { choice.chosenMessage(in: language) }
    static var categoriesUnsetAbstract: String {
        pick(
            "Забыть выбранную категорию товара: его позиции вернутся к правилам и категориям магазинов.",
            "Forget an item's chosen category: its items go back to the rules and their shops' categories.")
    }
    static func noChoice(_ name: String) -> String {
        let key = ItemName.key(name)
        return pick(
            "для «\(key)» категория не выбиралась (receipts categories set)",
            "no category was chosen for “\(key)” (receipts categories set)")
    }
    static func forgotten(_ choice: CategoryChoice) -> String { choice.forgottenMessage(in: language) }
    static var noUncategorized: String {
        pick("Товаров без категории нет.", "There are no uncategorized items.")
    }
    static func categorizedShare(_ percent: String) -> String {
        pick("в настоящих категориях: \(percent) расходов", "in real categories: \(percent) of spending")
    }
    /// One line of what decided the categories: `by the rules: 91.2% of lines, 88.0% of money`.
    static func decidedBy(_ decider: String, lines: String, money: String) -> String {
        let who =
            switch decider {
            case "user": pick("вашим выбором", "by you")
            case "rules": pick("по правилам", "by the rules")
            case "shop": pick("по магазину", "by the shop")
            case "guess": pick("догадкой", "guessed")
            default: pick("без категории", "undecided")
            }
        return pick("\(who): \(lines) позиций, \(money) денег", "\(who): \(lines) of lines, \(money) of money")
    }
    static var itemValue: String { pick("товар", "item") }
}
