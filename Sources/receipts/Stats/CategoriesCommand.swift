import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts categories [list|set|uncategorized]`: the categories, choices and what is left over.
struct CategoriesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "categories", abstract: Strings.categoriesAbstract,
            subcommands: [
                CategoriesListCommand.self, CategoriesSetCommand.self, CategoriesUnsetCommand.self,
                UncategorizedCommand.self,
            ],
            defaultSubcommand: CategoriesListCommand.self)
    }
}

/// `receipts categories [--json]`: every category with its all-time totals.
struct CategoriesListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: Strings.categoriesListAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    /// `{"categories": [{"category", "name", "total", "receipts", "items"}], "total"}`.
    struct Output: Encodable {
        struct Entry: Encodable {
            let category: String
            let name: String
            let total: Int64
            let receipts: Int
            let items: Int
        }
        let categories: [Entry]
        let total: Int64
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        var sums: [Category: (total: Int64, receipts: Int, items: Int)] = [:]
        for line in try database.categoryTotals() {
            let sum = sums[line.category] ?? (0, 0, 0)
            sums[line.category] = (sum.total + line.total.kopecks, sum.receipts + line.receipts, sum.items + line.items)
        }
        let language = Strings.language
        let entries = Category.allCases.map { category in
            let sum = sums[category] ?? (0, 0, 0)
            return Output.Entry(
                category: category.rawValue, name: category.name(in: language), total: sum.total,
                receipts: sum.receipts, items: sum.items)
        }
        let total = entries.reduce(0) { $0 + $1.total }
        if json {
            console.output(try JSONOutput.encode(Output(categories: entries, total: total)))
            return
        }
        let text = ReportText(language)
        var table = TextTable(
            header: ["", text.category, text.total, text.receipts, text.items], rightAligned: [2, 3, 4], cut: [1],
            optional: [4, 3])
        for entry in entries {
            table.append([
                entry.category, entry.name, text.money(Money(kopecks: entry.total)), String(entry.receipts),
                String(entry.items),
            ])
        }
        console.output(table.render(width: Console.width))
        let categorized = entries.filter { $0.category != Category.uncategorized.rawValue }.reduce(0) { $0 + $1.total }
        if total > 0 {
            console.note(Strings.categorizedShare(text.percent(Double(categorized) / Double(total))))
        }
    }
}

/// `receipts categories set "ITEM NAME" CATEGORY`: remembers a choice and moves every such item.
struct CategoriesSetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set", abstract: Strings.categoriesSetAbstract, discussion: Strings.categoriesSetDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.itemNameHelp, valueName: Strings.itemValue)) var name: String
    @Argument(help: ArgumentHelp(Strings.chosenCategoryHelp, valueName: Strings.categoryValue)) var category: String

    func validate() throws {
        guard let found = Category(lookingUp: category) else {
            throw ValidationError(Strings.unknownCategory(category, choosing: true))
        }
        if found == .uncategorized { throw ValidationError(Strings.cannotChooseUncategorized) }
        if ItemName.key(name).isEmpty { throw ValidationError(Strings.emptyItemName) }
    }

    func run() async throws {
        let console = Console(global)
        guard let chosen = Category(lookingUp: category) else {
            throw ValidationError(Strings.unknownCategory(category, choosing: true))
        }
        let database = try global.openDatabase()
        console.output(Strings.chosen(try database.choose(chosen, forItemNamed: name)))
    }
}

/// `receipts categories unset "ITEM NAME"`: forgets a choice; the items go back to the rules and shops.
struct CategoriesUnsetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unset", abstract: Strings.categoriesUnsetAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.itemNameHelp, valueName: Strings.itemValue)) var name: String

    func validate() throws {
        if ItemName.key(name).isEmpty { throw ValidationError(Strings.emptyItemName) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        guard let forgotten = try database.forgetChoice(forItemNamed: name) else {
            throw CommandFailure(status: .notFound) { _ in Strings.noChoice(name) }
        }
        console.output(Strings.forgotten(forgotten))
    }
}

/// `receipts categories uncategorized [--limit N] [--json]`: what is left without a category.
struct UncategorizedCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "uncategorized", abstract: Strings.uncategorizedAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(Strings.limitHelp, valueName: Strings.countValue)) var limit = 20
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    /// `{"items": [{"name", "key", "total", "items"}]}`.
    struct Output: Encodable {
        struct Entry: Encodable {
            let name: String
            let key: String
            let total: Int64
            let items: Int
        }
        let items: [Entry]
    }

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError(Strings.badLimit) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        let names = try database.names(in: .uncategorized, limit: limit)
        if json {
            let entries = names.map {
                Output.Entry(name: $0.name, key: $0.key, total: $0.total.kopecks, items: $0.items)
            }
            console.output(try JSONOutput.encode(Output(items: entries)))
            return
        }
        guard !names.isEmpty else {
            console.output(Strings.noUncategorized)
            return
        }
        let text = ReportText(Strings.language)
        var table = TextTable(header: [text.items, text.total, text.item], rightAligned: [0, 1], cut: [2])
        for name in names { table.append([String(name.items), text.money(name.total), name.name]) }
        console.output(table.render(width: Console.width))
    }
}
