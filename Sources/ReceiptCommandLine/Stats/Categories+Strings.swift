import ReceiptCore
import ReceiptStore

// The words of `receipts categories` and its subcommands, in Russian and English.
// `receipts search --category` names an unknown category in these words too.
extension HelpText {
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
    static var cannotChooseUncategorized: String {
        pick(
            "«Без категории» нельзя выбрать: выберите настоящую категорию или other",
            "“Uncategorized” cannot be chosen: pick a real category, or other")
    }
    static var emptyItemName: String {
        pick(
            "в названии нет ни одного слова, только числа и знаки", "the name has no words, only numbers and marks")
    }
    static var categoriesUnsetAbstract: String {
        pick(
            "Забыть выбранную категорию товара: его позиции вернутся к правилам и категориям магазинов.",
            "Forget an item's chosen category: its items go back to the rules and their shops' categories.")
    }
    static var itemValue: String { pick("товар", "item") }

    static var guessesAbstract: String {
        pick(
            "Товары, категорию которых угадал классификатор, с его уверенностью.",
            "The items whose category the classifier guessed, with how sure it is.")
    }
    static var confirmAbstract: String {
        pick(
            "Принять догадку классификатора для товара как ваш выбор.",
            "Take the classifier's guess for an item as your choice.")
    }
    static var noNamesGiven: String { pick("укажите хотя бы один товар", "give at least one item") }
    static var lineAbstract: String {
        pick("Выбрать категорию одной строки одного чека.", "Choose the category of one line of one receipt.")
    }
    static var lineDiscussion: String {
        pick(
            "Строки нумеруются с 1, как в receipts show. Выбор для строки важнее выбора для названия и правил "
                + "и сохраняется, если чек загрузят снова с тем же названием в этой строке.",
            "Lines count from 1, as receipts show numbers them. A line's choice wins over the name's choice and the "
                + "rules, and stays when the receipt is imported again with the same name on that line.")
    }
    static var lineReceiptHelp: String {
        pick("Номер чека (receipts list, show).", "The receipt's id (receipts list, show).")
    }
    static var lineNumberHelp: String { pick("Номер строки, с 1.", "The line's number, from 1.") }
    static var lineValue: String { pick("строка", "line") }
    static var lineForgetHelp: String {
        pick("Забыть выбор для строки.", "Forget the line's choice.")
    }
    static var badLineNumber: String { pick("номер строки — от 1", "a line's number starts at 1") }
    static var lineNeedsCategory: String {
        pick("укажите категорию или --forget", "give a category, or --forget")
    }
    static var lineCategoryOrForget: String {
        pick("категория и --forget вместе не бывают", "give a category or --forget, not both")
    }
    static var matchAbstract: String {
        pick(
            "Товары без выбора и правила, в названии которых есть слова; с --set — категория для всех сразу.",
            "The items no choice or rule places whose names have the words; with --set, a category for all at once.")
    }
    static var matchDiscussion: String {
        pick(
            "Слово подходит, если с него начинается одно из слов названия, без учёта регистра: «шок» находит "
                + "«ШОКОЛАД МОЛОЧН.» и «Шок.батончик». Сначала посмотрите список, затем добавьте --set КАТЕГОРИЯ; "
                + "receipts categories undo отменит всё разом.",
            "A word matches when one of the name's words begins with it, in any case: “шок” finds “ШОКОЛАД МОЛОЧН.” "
                + "and “Шок.батончик”. Look at the list first, then add --set CATEGORY; receipts categories undo "
                + "undoes it all at once.")
    }
    static var matchWordsHelp: String { pick("Слова или их начала.", "Words, or their beginnings.") }
    static var wordsValue: String { pick("слова", "words") }
    static var matchSetHelp: String {
        pick("Выбрать эту категорию для всех найденных товаров.", "Choose this category for every item found.")
    }
    static var emptyWords: String {
        pick("в словах нет ни одной буквы, только числа и знаки", "the words have no letters, only numbers and marks")
    }
    static var undoAbstract: String {
        pick(
            "Отменить действие с категориями: последнее или указанное по номеру.",
            "Undo an action on categories: the latest, or the one numbered.")
    }
    static var undoActionHelp: String {
        pick("Номер действия, как его напечатала команда.", "The action's number, as its command printed it.")
    }
    static var actionValue: String { pick("номер", "number") }
}

extension Words {
    func unknownCategory(_ text: String, choosing: Bool = false) -> String {
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
    func chosen(_ choice: CategoryChoice) -> String {
        choice.chosenMessage(in: language)
            + pick(
                " (отменить: receipts categories undo \(choice.action))",
                " (to undo: receipts categories undo \(choice.action))")
    }
    func noChoice(_ name: String) -> String {
        let key = ItemName.key(name)
        return pick(
            "для «\(key)» категория не выбиралась (receipts categories set)",
            "no category was chosen for “\(key)” (receipts categories set)")
    }
    func forgotten(_ choice: CategoryChoice) -> String { choice.forgottenMessage(in: language) }
    var noUncategorized: String {
        pick("Товаров без категории нет.", "There are no uncategorized items.")
    }
    func categorizedShare(_ percent: String) -> String {
        pick("в настоящих категориях: \(percent) расходов", "in real categories: \(percent) of spending")
    }
    /// One line of what decided the categories: `by the rules: 91.2% of lines, 88.0% of money`.
    func decidedBy(_ decider: String, lines: String, money: String) -> String {
        let who =
            switch decider {
            case "user": pick("вашим выбором", "by you")
            case "learned": pick("по вашим исправлениям похожих", "by your corrections of similar items")
            case "rules": pick("по правилам", "by the rules")
            case "shop": pick("по магазину", "by the shop")
            case "guess": pick("догадкой", "guessed")
            default: pick("без категории", "undecided")
            }
        return pick("\(who): \(lines) позиций, \(money) денег", "\(who): \(lines) of lines, \(money) of money")
    }
    var guessHeading: String { pick("Догадка", "Guess") }
    /// The heading of the candidates under a listing of names.
    var candidatesHeading: String {
        pick(
            "Возможные категории, самая вероятная первой (уверенность: на чём основана)",
            "Likely categories, the likeliest first (confidence: what it rests on)")
    }
    var candidatesHint: String {
        pick(
            "выбрать: receipts categories set \"ТОВАР\" КАТЕГОРИЯ",
            "to choose: receipts categories set \"ITEM\" CATEGORY")
    }
    /// The heading of the category's name as commands take it (`categories set NAME groceries`).
    var categoryID: String { pick("Код", "ID") }
    var noGuesses: String {
        pick(
            "Догадок нет: все товары размечены правилами, магазинами или вами.",
            "No guesses: rules, shops or you place every item.")
    }
    var guessesHint: String {
        pick(
            "верно — receipts categories confirm \"ТОВАР\"; нет — receipts categories set \"ТОВАР\" КАТЕГОРИЯ",
            "right: receipts categories confirm \"ITEM\"; wrong: receipts categories set \"ITEM\" CATEGORY")
    }
    func noGuess(_ name: String) -> String {
        let key = ItemName.key(name)
        return pick(
            "для «\(key)» догадки нет: товар не найден или его размечают правила или ваш выбор",
            "no guess for “\(key)”: the item is not stored, or rules or your choice place it")
    }
    func noSuchLine(_ line: Int, receipt: Int64) -> String {
        pick("в чеке №\(receipt) нет строки \(line)", "receipt #\(receipt) has no line \(line)")
    }
    var undoHint: String { pick("отменить: receipts categories undo", "to undo: receipts categories undo") }
    func nothingMatches(_ words: String) -> String {
        pick(
            "нет товаров без выбора и правила со словами «\(words)»",
            "no item without a choice or rule has the words “\(words)”")
    }
    func matchHint(_ words: String) -> String {
        pick(
            "выбрать категорию для всех: receipts categories match \(words) --set КАТЕГОРИЯ",
            "to choose a category for all: receipts categories match \(words) --set CATEGORY")
    }
    func nothingToUndo(_ action: Int64?) -> String {
        guard let action else { return pick("отменять нечего", "there is nothing to undo") }
        return pick(
            "действия №\(action) нет (или оно уже отменено)", "there is no action #\(action) (or it was undone)")
    }
}
