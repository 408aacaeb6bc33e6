import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts categories [list|set|unset|uncategorized|guesses|confirm|line|match|undo]`: the categories,
/// choices and what is left over.
struct CategoriesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "categories", abstract: HelpText.categoriesAbstract,
            subcommands: [
                CategoriesListCommand.self, CategoriesSetCommand.self, CategoriesUnsetCommand.self,
                UncategorizedCommand.self, GuessesCommand.self, ConfirmCommand.self, LineCategoryCommand.self,
                MatchCommand.self, UndoCategoryCommand.self,
            ],
            defaultSubcommand: CategoriesListCommand.self)
    }
}

/// `receipts categories [--json]`: every category with its all-time totals.
struct CategoriesListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: HelpText.categoriesListAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"categories": [{"category", "name", "total", "receipts", "items"}], "total", "decided": {"lines",
    /// "total", "by": [{"by", "lines", "total", "linesShare", "totalShare"}]}}`: `by` is what decided
    /// the lines' categories (`user`, `rules`, `shop`, `none`), shares are fractions of all lines and
    /// of all the money they count.
    struct Output: Encodable {
        struct Entry: Encodable {
            let category: String
            let name: String
            let total: Int64
            let receipts: Int
            let items: Int
        }
        struct Decided: Encodable {
            struct Part: Encodable {
                let by: String
                let lines: Int
                let total: Int64
                let linesShare: Double
                let totalShare: Double
            }
            let lines: Int
            let total: Int64
            let by: [Part]

            init(_ decisions: CategoryDecisions) {
                lines = decisions.lines
                total = decisions.total
                by = decisions.parts.map { part in
                    Part(
                        by: part.by.rawValue, lines: part.lines, total: part.total,
                        linesShare: Self.share(Int64(part.lines), of: Int64(decisions.lines)),
                        totalShare: Self.share(part.total, of: decisions.total))
                }
            }

            /// Rounded to four places, as `stats --json` gives shares; 0 of nothing is 0.
            static func share(_ part: Int64, of whole: Int64) -> Double {
                whole == 0 ? 0 : (Double(part) / Double(whole) * 10_000).rounded() / 10_000
            }
        }
        let categories: [Entry]
        let total: Int64
        let decided: Decided
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        var sums: [Category: (total: Int64, receipts: Int, items: Int)] = [:]
        for line in try database.categoryTotals() {
            let sum = sums[line.category] ?? (0, 0, 0)
            sums[line.category] = (sum.total + line.total.kopecks, sum.receipts + line.receipts, sum.items + line.items)
        }
        let language = words.language
        let entries = Category.allCases.map { category in
            let sum = sums[category] ?? (0, 0, 0)
            return Output.Entry(
                category: category.rawValue, name: category.name(in: language), total: sum.total,
                receipts: sum.receipts, items: sum.items)
        }
        let total = entries.reduce(0) { $0 + $1.total }
        let decided = Output.Decided(try database.categoryDecisions())
        if json {
            console.output(try JSONOutput.encode(Output(categories: entries, total: total, decided: decided)))
            return
        }
        let text = ReportText(language)
        var table = TextTable(
            header: [words.categoryID, text.category, text.total, text.receipts, text.items], rightAligned: [2, 3, 4],
            cut: [1], optional: [4, 3])
        // The category's name goes short only after the counts (which `--json` gives) are left out.
        table.minimumCut = 16
        for entry in entries {
            table.append([
                entry.category, entry.name, text.money(Money(kopecks: entry.total)), String(entry.receipts),
                String(entry.items),
            ])
        }
        console.output(table.render(width: Console.width))
        // The summary is part of the result: on standard output, under the table.
        var summary: [String] = []
        let categorized = entries.filter { $0.category != Category.uncategorized.rawValue }.reduce(0) { $0 + $1.total }
        if total > 0 {
            summary.append(words.categorizedShare(text.percent(Double(categorized) / Double(total))))
        }
        for part in decided.by where part.lines > 0 {
            summary.append(
                words.decidedBy(part.by, lines: text.percent(part.linesShare), money: text.percent(part.totalShare)))
        }
        if !summary.isEmpty { console.output("\n" + summary.joined(separator: "\n")) }
    }
}

/// `receipts categories set "ITEM NAME" CATEGORY`: remembers a choice and moves every such item.
struct CategoriesSetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set", abstract: HelpText.categoriesSetAbstract, discussion: HelpText.categoriesSetDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.itemNameHelp, valueName: HelpText.itemValue)) var name: String
    @Argument(help: ArgumentHelp(HelpText.chosenCategoryHelp, valueName: HelpText.categoryValue)) var category: String

    func validate() throws {
        guard let found = Category(lookingUp: category) else {
            throw ValidationError(Words(global).unknownCategory(category, choosing: true))
        }
        if found == .uncategorized { throw ValidationError(HelpText.cannotChooseUncategorized) }
        if ItemName.key(name).isEmpty { throw ValidationError(HelpText.emptyItemName) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        guard let chosen = Category(lookingUp: category) else {
            throw ValidationError(words.unknownCategory(category, choosing: true))
        }
        let database = try global.openDatabase()
        console.output(words.chosen(try database.choose(chosen, forItemNamed: name)))
    }
}

/// `receipts categories unset "ITEM NAME"`: forgets a choice; the items go back to the rules and shops.
struct CategoriesUnsetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unset", abstract: HelpText.categoriesUnsetAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.itemNameHelp, valueName: HelpText.itemValue)) var name: String

    func validate() throws {
        if ItemName.key(name).isEmpty { throw ValidationError(HelpText.emptyItemName) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        guard let forgotten = try database.forgetChoice(forItemNamed: name) else {
            throw CommandFailure(status: .notFound) { Words($0).noChoice(name) }
        }
        console.output(words.forgotten(forgotten))
    }
}

/// `receipts categories uncategorized [--limit N] [--json]`: what is left without a category, with
/// the classifier's proposal for each (too unsure to be applied) and the categories it could be, each
/// with its reasons, when it has them.
struct UncategorizedCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "uncategorized", abstract: HelpText.uncategorizedAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.limitHelp, valueName: HelpText.countValue)) var limit = 20
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError(HelpText.badLimit) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let names = try database.withCandidates(database.names(in: .uncategorized, limit: limit))
        if json {
            console.output(try JSONOutput.encode(NameOutput.List(items: names.map(NameOutput.init))))
            return
        }
        guard !names.isEmpty else {
            console.output(words.noUncategorized)
            return
        }
        console.output(NameOutput.table(names, guesses: names.contains { $0.guess != nil }, in: words))
        if let candidates = NameOutput.candidates(names, in: words) {
            console.output("\n" + candidates)
            console.note(words.candidatesHint)
        }
    }
}
