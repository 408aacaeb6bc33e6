// The words of `receipts stats`, in Russian and English.
extension HelpText {
    static var statsAbstract: String {
        pick(
            "Расходы по месяцам и категориям — мгновенно, из итогов, которые база ведёт сама.",
            "Spending by month and category — instantly, from the totals the database keeps.")
    }
    static var statsDiscussion: String {
        pick(
            "Без --month и --from/--to — последний месяц, в котором есть чеки (с --by month — последние 12). "
                + "Возвраты вычитаются; месяц чека — по местной дате магазина. Месяц, который ещё идёт, помечен "
                + "«идёт» и с целыми месяцами не сравнивается.",
            "Without --month or --from/--to: the latest month that has receipts (with --by month, the last 12). "
                + "Refunds subtract; a receipt's month is the shop's local date. A month that has not ended is "
                + "marked “so far” and not compared with whole months.")
    }
    static var byHelp: String {
        pick(
            "Группировка: по категориям, магазинам, товарам или месяцам.",
            "Group by category, shop, item or month.")
    }
    static var csvHelp: String { pick("Вывести CSV (суммы — в копейках).", "Print CSV (amounts in kopecks).") }
    static var verifyHelp: String {
        pick(
            "Пересчитать все итоги и цены товаров по позициям чеков и сообщить о любом расхождении.",
            "Recompute every total and product price from the receipts' items and report any difference.")
    }
    static var topHelp: String {
        pick("Сколько магазинов и товаров показать.", "How many shops and items to show.")
    }
    static var jsonOrCSV: String { pick("--json или --csv, не вместе", "--json or --csv, not both") }
    static var badTop: String { pick("--top: нужно число от 1 до 1000", "--top: give a number from 1 to 1000") }
}

extension Words {
    func receiptCount(_ count: Int) -> String {
        pick("\(count) \(russianReceiptsWord(count))", "\(count) receipt\(count == 1 ? "" : "s")")
    }
    func paidWithBonuses(_ amount: String) -> String {
        pick("из них бонусами и сертификатами \(amount)", "\(amount) of it in bonuses and certificates")
    }
    var monthsTotal: String { pick("Итого", "Total") }
    /// The row for the shops a top list leaves out: `ещё 12 магазинов`.
    func moreShops(_ count: Int) -> String {
        pick("ещё магазинов: \(count)", count == 1 ? "1 more shop" : "\(count) more shops")
    }
    var shopsTotal: String { pick("Итого по магазинам", "All shops") }
    func totalsAgree(months: Int, rows: Int) -> String {
        pick(
            "Итоги и цены товаров совпадают с пересчётом по позициям: месяцев \(months), строк итогов \(rows).",
            "The totals and product prices equal their recomputation from the items: \(months) months, \(rows) rows of totals."
        )
    }
    func totalsDiffer(_ count: Int) -> String {
        pick(
            "Итоги расходятся с пересчётом в \(count) строках (первое число — хранимое, второе — пересчитанное):",
            "The totals differ from their recomputation in \(count) rows (kept first, recomputed second):")
    }
    var unusualHeading: String {
        pick(
            "Необычно крупные чеки (намного выше обычного для категории)",
            "Unusually large receipts (far above the category's usual)")
    }
    var usualColumn: String { pick("Обычно", "Usual") }
    var dateColumn: String { pick("Чек", "Receipt") }
}
