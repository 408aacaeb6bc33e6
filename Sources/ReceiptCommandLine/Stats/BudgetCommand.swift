import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts budget [--month M] [--json]`, `budget set CATEGORY AMOUNT [--month M]`, `budget unset
/// CATEGORY [--month M]`: spending limits by category, and where the month stands against them.
struct BudgetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "budget", abstract: HelpText.budgetAbstract,
            subcommands: [BudgetStatusCommand.self, BudgetSetCommand.self, BudgetUnsetCommand.self],
            defaultSubcommand: BudgetStatusCommand.self)
    }
}

/// `receipts budget [show] [--month M] [--json]`.
struct BudgetStatusCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show", abstract: HelpText.budgetShowAbstract, discussion: HelpText.budgetDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.budgetMonthHelp, valueName: HelpText.monthValue)) var month: String?
    @Option(help: ArgumentHelp(HelpText.budgetPersonHelp, valueName: HelpText.personValue)) var person: String?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        if let month, Month(month) == nil { throw ValidationError(HelpText.badMonth(month)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let today = try ServeCommand.today()
        let shown = month.flatMap(Month.init) ?? today.yearMonth
        let whose = try person.map { try HouseholdPeople.find($0, in: database) }
        let status = try BudgetStatus.read(from: database, month: shown, today: today, person: whose?.id)
        if json {
            console.output(try JSONOutput.encode(BudgetJSON(status, person: whose?.name)))
            return
        }
        if let whose { console.output(words.onlyFor(whose)) }
        guard !status.lines.isEmpty else {
            console.output(words.noBudgets(for: whose))
            return
        }
        let language = words.language
        var table = TextTable(
            header: [
                words.categoryColumn, words.limitColumn, words.spentColumn, words.leftColumn,
                words.projectedColumn,
            ],
            rightAligned: [1, 2, 3, 4], cut: [0], optional: [4])
        // A category cut to a few letters loses its mark (`!`, `↑`): the projection goes first.
        table.minimumCut = 12
        for line in status.lines {
            let mark = line.isOver ? " !" : line.isHeadingOver ? " ↑" : ""
            table.append([
                line.category.name(in: language) + mark, line.limit.formatted(in: language),
                line.spent.formatted(in: language), line.left.formatted(in: language),
                line.projected.formatted(in: language),
            ])
        }
        console.output(words.budgetHeading(shown, today: today) + "\n" + table.render(width: Console.width))
    }
}

/// `receipts budget set CATEGORY AMOUNT [--month M]`.
struct BudgetSetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "set", abstract: HelpText.budgetSetAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.budgetCategoryHelp, valueName: HelpText.categoryValue)) var category: String
    @Argument(help: ArgumentHelp(HelpText.budgetAmountHelp, valueName: HelpText.roublesValue)) var amount: String
    @Option(help: ArgumentHelp(HelpText.budgetOneMonthHelp, valueName: HelpText.monthValue)) var month: String?
    @Option(help: ArgumentHelp(HelpText.budgetPersonHelp, valueName: HelpText.personValue)) var person: String?

    func validate() throws {
        if Category(lookingUp: category) == nil { throw ValidationError(Words(global).unknownCategory(category)) }
        do {
            _ = try BudgetLimit.parse(amount)
        } catch {
            throw ValidationError(error.message(in: Words(global).language))
        }
        if let month, Month(month) == nil { throw ValidationError(HelpText.badMonth(month)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        guard let chosen = Category(lookingUp: category) else {
            throw ValidationError(words.unknownCategory(category))
        }
        let money = try BudgetLimit.parse(amount)
        let only = month.flatMap(Month.init)
        let database = try global.openDatabase()
        let whose = try person.map { try HouseholdPeople.find($0, in: database) }
        try database.setBudget(chosen, amount: money, month: only, person: whose?.id)
        if let whose { console.output(words.onlyFor(whose)) }
        console.output(BudgetChange.set(chosen, money, month: only).message(in: words.language))
    }
}

/// `receipts budget unset CATEGORY [--month M]`.
struct BudgetUnsetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unset", abstract: HelpText.budgetUnsetAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.budgetCategoryHelp, valueName: HelpText.categoryValue)) var category: String
    @Option(help: ArgumentHelp(HelpText.budgetOneMonthHelp, valueName: HelpText.monthValue)) var month: String?
    @Option(help: ArgumentHelp(HelpText.budgetPersonHelp, valueName: HelpText.personValue)) var person: String?

    func validate() throws {
        if Category(lookingUp: category) == nil { throw ValidationError(Words(global).unknownCategory(category)) }
        if let month, Month(month) == nil { throw ValidationError(HelpText.badMonth(month)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        guard let chosen = Category(lookingUp: category) else {
            throw ValidationError(words.unknownCategory(category))
        }
        let database = try global.openDatabase(createIfMissing: false)
        let only = month.flatMap(Month.init)
        let whose = try person.map { try HouseholdPeople.find($0, in: database) }
        let removed = try database.removeBudget(chosen, month: only, person: whose?.id)
        if let whose { console.output(words.onlyFor(whose)) }
        let change = removed ? BudgetChange.removed(chosen, month: only) : .noneToRemove(chosen, month: only)
        console.output(change.message(in: words.language))
    }
}
