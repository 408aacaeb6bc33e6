import ReceiptCore
import ReceiptStore

// The words of `receipts shops` and its subcommands, in Russian and English.
extension HelpText {
    static var shopsAbstract: String {
        pick(
            "Магазины: где сколько потрачено, свои названия, объединение.",
            "Shops: what was spent where, your own names, merging.")
    }
    static var shopsListAbstract: String {
        pick(
            "Магазины с числом чеков и расходами, сначала те, где потрачено больше.",
            "The shops with their receipts and spending, the most spent at first.")
    }
    static var shopsRenameAbstract: String {
        pick(
            "Назвать магазин по-своему: название видно везде (список, чек, статистика, отчёт, цены, web).",
            "Name a shop your way: the name shows everywhere (list, show, stats, report, prices, web).")
    }
    static var shopsMergeAbstract: String {
        pick(
            "Объединить магазины: чеки остальных (и их будущие чеки) станут чеками первого.",
            "Merge shops: the others' receipts (and their later ones) become the first one's.")
    }
    static var shopsUnmergeAbstract: String {
        pick(
            "Разделить объединённый магазин: его чеки (и будущие) снова его собственные.",
            "Take a merged shop back out: its receipts (and its later ones) are its own again.")
    }
    static var unmergeHelp: String {
        pick("Магазин, который был объединён с другим.", "The shop that was merged into another.")
    }
    static var shopIDHelp: String { pick("Номер магазина (receipts shops).", "The shop's number (receipts shops).") }
    static var shopNameHelp: String { pick("Новое название.", "The new name.") }
    static var shopResetHelp: String {
        pick(
            "Вернуть название, которое дают чеки магазина.", "Go back to the name the shop's receipts give.")
    }
    static var mergeTargetHelp: String {
        pick("Магазин, который остаётся.", "The shop that stays.")
    }
    static var mergeOthersHelp: String {
        pick("Магазины, которые войдут в него.", "The shops that go into it.")
    }
    static var shopIDValue: String { pick("номер", "id") }
    static var nameValue: String { pick("название", "name") }
    static var shopNameOrReset: String {
        pick("нужно новое название или --reset", "give a new name or --reset")
    }
}

extension Words {
    var noShopsYet: String {
        pick("магазинов пока нет (сначала receipts import)", "no shops yet (receipts import first)")
    }
    func noShop(_ id: Int64) -> String {
        pick("магазина #\(id) нет (receipts shops)", "there is no shop #\(id) (receipts shops)")
    }
    func mergedIntoItself(_ id: Int64) -> String {
        pick("магазин #\(id) нельзя объединить с ним же", "shop #\(id) cannot be merged into itself")
    }
    func shopRenamed(_ shop: Shop) -> String {
        let name = shop.name.visible()
        return pick("#\(shop.id) теперь «\(name)»", "#\(shop.id) is now “\(name)”")
    }
    func shopsMerged(_ shop: Shop) -> String {
        let name = shop.name.visible()
        return pick("#\(shop.id) «\(name)»: чеков \(shop.receipts)", "#\(shop.id) “\(name)”: \(shop.receipts) receipts")
    }
    var shopHeading: String { pick("Магазин", "Shop") }
    var innHeading: String { pick("ИНН", "INN") }
    var lastVisitHeading: String { pick("Последний чек", "Last receipt") }
}
