import ReceiptCore
import ReceiptStore

extension Strings {
    // MARK: stats

    static var statsAbstract: String {
        pick(
            "Расходы по месяцам и категориям — мгновенно, из итогов, которые база ведёт сама.",
            "Spending by month and category — instantly, from the totals the database keeps.")
    }
    static var statsDiscussion: String {
        pick(
            "Без --month и --from/--to — последний месяц, в котором есть чеки. Возвраты вычитаются; "
                + "месяц чека — по местной дате магазина.",
            "Without --month or --from/--to: the latest month that has receipts. Refunds subtract; a receipt's "
                + "month is the shop's local date.")
    }
    static var byHelp: String {
        pick(
            "Группировка: category (по умолчанию), shop, item или month.",
            "Group by category (default), shop, item or month.")
    }
    static var csvHelp: String { pick("Вывести CSV (суммы — в копейках).", "Print CSV (amounts in kopecks).") }
    static var verifyHelp: String {
        pick(
            "Пересчитать все итоги по позициям чеков и сообщить о любом расхождении.",
            "Recompute every total from the receipts' items and report any difference.")
    }
    static var topHelp: String {
        pick("Сколько магазинов и товаров показать.", "How many shops and items to show.")
    }
    static var jsonOrCSV: String { pick("--json или --csv, не вместе", "--json or --csv, not both") }
    static var badTop: String { pick("--top: нужно число от 1 до 1000", "--top: give a number from 1 to 1000") }
    static func statsHeading(_ line: String, receipts: Int) -> String {
        pick(
            "\(line) · \(receipts) \(russianReceiptsWord(receipts))",
            "\(line) · \(receipts) receipt\(receipts == 1 ? "" : "s")")
    }
    static func totalsAgree(months: Int, rows: Int) -> String {
        pick(
            "Итоги совпадают с пересчётом по позициям: месяцев \(months), строк итогов \(rows).",
            "The totals equal their recomputation from the items: \(months) months, \(rows) rows of totals.")
    }
    static func totalsDiffer(_ count: Int) -> String {
        pick(
            "Итоги расходятся с пересчётом в \(count) строках (первое число — хранимое, второе — пересчитанное):",
            "The totals differ from their recomputation in \(count) rows (kept first, recomputed second):")
    }

    // MARK: categories

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

    // MARK: report

    static var reportAbstract: String {
        pick(
            "Отчёт о расходах: HTML с графиками, Markdown, CSV и JSON — в папку Reports/.",
            "A spending report: HTML with charts, Markdown, CSV and JSON — written to Reports/.")
    }
    static var outHelp: String { pick("Папка для отчёта (по умолчанию Reports).", "Where to write (default Reports).") }
    static var formatHelp: String {
        pick(
            "Форматы через запятую: html,md,csv,json (по умолчанию все).",
            "Formats, comma-separated: html,md,csv,json (default all).")
    }
    static func badFormat(_ text: String) -> String {
        pick(
            "«\(text)» — не формат отчёта; есть html, md, csv, json",
            "“\(text)” is not a report format; there are html, md, csv, json")
    }
    static func reportWritten(_ path: String) -> String { pick("записан \(path)", "wrote \(path)") }
    static func cannotWriteReport(_ folder: String, _ reason: String) -> String {
        pick("не удалось записать отчёт в \(folder): \(reason)", "cannot write the report to \(folder): \(reason)")
    }

    static func russianReceiptsWord(_ count: Int) -> String {
        let tens = count % 100
        let ones = count % 10
        if (11...14).contains(tens) { return "чеков" }
        if ones == 1 { return "чек" }
        if (2...4).contains(ones) { return "чека" }
        return "чеков"
    }
}
