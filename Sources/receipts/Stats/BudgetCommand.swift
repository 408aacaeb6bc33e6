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
            commandName: "budget", abstract: Strings.budgetAbstract,
            subcommands: [BudgetStatusCommand.self, BudgetSetCommand.self, BudgetUnsetCommand.self],
            defaultSubcommand: BudgetStatusCommand.self)
    }
}

/// `receipts budget [show] [--month M] [--json]`.
struct BudgetStatusCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show", abstract: Strings.budgetShowAbstract, discussion: Strings.budgetDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(Strings.budgetMonthHelp, valueName: Strings.monthValue)) var month: String?
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    func validate() throws {
        if let month, Month(month) == nil { throw ValidationError(Strings.badMonth(month)) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        let today = try ServeCommand.today()
        let shown = month.flatMap(Month.init) ?? today.yearMonth
        let status = try BudgetStatus.read(from: database, month: shown, today: today)
        if json {
            console.output(try JSONOutput.encode(BudgetJSON(status)))
            return
        }
        guard !status.lines.isEmpty else {
            console.output(Strings.noBudgets)
            return
        }
        let language = Strings.language
        var table = TextTable(
            header: [
                Strings.categoryColumn, Strings.limitColumn, Strings.spentColumn, Strings.leftColumn,
                Strings.projectedColumn,
            ],
            rightAligned: [1, 2, 3, 4], cut: [0])
        for line in status.lines {
            let mark = line.isOver ? " !" : line.isHeadingOver ? " ↑" : ""
            table.append([
                line.category.name(in: language) + mark, line.limit.formatted(in: language),
                line.spent.formatted(in: language), line.left.formatted(in: language),
                line.projected.formatted(in: language),
            ])
        }
        console.output(Strings.budgetHeading(shown, today: today) + "\n" + table.render(width: Console.width))
    }
}

/// `receipts budget set CATEGORY AMOUNT [--month M]`.
struct BudgetSetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "set", abstract: Strings.budgetSetAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.budgetCategoryHelp, valueName: Strings.categoryValue)) var category: String
    @Argument(help: ArgumentHelp(Strings.budgetAmountHelp, valueName: Strings.roublesValue)) var amount: String
    @Option(help: ArgumentHelp(Strings.budgetOneMonthHelp, valueName: Strings.monthValue)) var month: String?

    func validate() throws {
        if Category(lookingUp: category) == nil { throw ValidationError(Strings.unknownCategory(category)) }
        do {
            _ = try BudgetLimit.parse(amount)
        } catch {
            throw ValidationError(error.message(in: Strings.language))
        }
        if let month, Month(month) == nil { throw ValidationError(Strings.badMonth(month)) }
    }

    func run() async throws {
        let console = Console(global)
        guard let chosen = Category(lookingUp: category) else {
            throw ValidationError(Strings.unknownCategory(category))
        }
        let money = try BudgetLimit.parse(amount)
        let only = month.flatMap(Month.init)
        let database = try global.openDatabase()
        try database.setBudget(chosen, amount: money, month: only)
        console.output(BudgetChange.set(chosen, money, month: only).message(in: Strings.language))
    }
}

/// `receipts budget unset CATEGORY [--month M]`.
struct BudgetUnsetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unset", abstract: Strings.budgetUnsetAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.budgetCategoryHelp, valueName: Strings.categoryValue)) var category: String
    @Option(help: ArgumentHelp(Strings.budgetOneMonthHelp, valueName: Strings.monthValue)) var month: String?

    func validate() throws {
        if Category(lookingUp: category) == nil { throw ValidationError(Strings.unknownCategory(category)) }
        if let month, Month(month) == nil { throw ValidationError(Strings.badMonth(month)) }
    }

    func run() async throws {
        let console = Console(global)
        guard let chosen = Category(lookingUp: category) else {
            throw ValidationError(Strings.unknownCategory(category))
        }
        let database = try global.openDatabase(createIfMissing: false)
        let only = month.flatMap(Month.init)
        let removed = try database.removeBudget(chosen, month: only)
        let change = removed ? BudgetChange.removed(chosen, month: only) : .noneToRemove(chosen, month: only)
        console.output(change.message(in: Strings.language))
    }
}
