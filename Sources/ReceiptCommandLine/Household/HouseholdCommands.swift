import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts people [list|add|remove]`: the people who share the receipts, the user first.
struct PeopleCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "people", abstract: HelpText.peopleAbstract,
            subcommands: [PeopleListCommand.self, PeopleAddCommand.self, PeopleRemoveCommand.self],
            defaultSubcommand: PeopleListCommand.self)
    }
}

/// `receipts people [--json]`.
struct PeopleListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: HelpText.peopleListAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"people": [{"id", "name", "card", "account", "you"}]}`.
    struct Output: Encodable {
        struct Entry: Encodable {
            let id: Int64
            let name: String
            let card: String?
            let account: String?
            let you: Bool
        }
        let people: [Entry]
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let people = try global.openDatabase(createIfMissing: false).people()
        if json {
            let entries = people.map {
                Output.Entry(id: $0.id, name: $0.name, card: $0.card, account: $0.account, you: $0.isUser)
            }
            console.output(try JSONOutput.encode(Output(people: entries)))
            return
        }
        guard !people.isEmpty else {
            console.note(words.noPeopleYet)
            return
        }
        var table = TextTable(
            header: ["#", words.personHeading, words.cardHeading, words.accountHeading], rightAligned: [0], cut: [1],
            optional: [3])
        for person in people {
            table.append([
                String(person.id), person.isUser ? "\(person.name.visible()) (\(words.you))" : person.name.visible(),
                person.card.map { "*\($0)" } ?? "", person.account ?? "",
            ])
        }
        console.output(table.render(width: Console.width))
    }
}

/// `receipts people add NAME [--card DIGITS] [--account LOGIN]`.
struct PeopleAddCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: HelpText.peopleAddAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.personNameHelp, valueName: HelpText.personValue)) var name: String
    @Option(help: ArgumentHelp(HelpText.cardHelp, valueName: HelpText.cardValue)) var card: String?
    @Option(help: ArgumentHelp(HelpText.accountHelp, valueName: HelpText.loginValue)) var account: String?

    func validate() throws {
        if !Person.accepts(name: name) { throw ValidationError(HelpText.badPersonName) }
        if let card, Person.cardDigits(card) == nil { throw ValidationError(HelpText.badCard(card)) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase()
        let result = try database.addPerson(
            name.trimmingWhitespace(), card: card.flatMap(Person.cardDigits), account: account)
        switch result {
        case .success(let person): console.output(console.words.personAdded(person))
        case .failure(let refusal): throw CommandFailure(status: .usage) { refusal.message(in: $0) }
        }
    }
}

/// `receipts people remove NAME`.
struct PeopleRemoveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remove", abstract: HelpText.peopleRemoveAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.personNameHelp, valueName: HelpText.personValue)) var name: String

    func run() async throws {
        let console = Console(global)
        switch try global.openDatabase(createIfMissing: false).removePerson(named: name) {
        case .success(let person): console.output(console.words.personRemoved(person))
        case .failure(let refusal): throw CommandFailure(status: refusal.status) { refusal.message(in: $0) }
        }
    }
}

/// `receipts paid-by RECEIPT PERSON | --reset`: who paid a receipt.
struct PaidByCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "paid-by", abstract: HelpText.paidByAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.showIDHelp, valueName: HelpText.receiptIDValue)) var receipt: Int64
    @Argument(help: ArgumentHelp(HelpText.personNameHelp, valueName: HelpText.personValue)) var person: String?
    @Flag(help: ArgumentHelp(HelpText.paidByResetHelp)) var reset = false

    func validate() throws {
        if (person == nil) != reset { throw ValidationError(HelpText.personOrReset) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        let payer = try person.map { try HouseholdPeople.find($0, in: database) }
        if let refusal = try database.setPayer(of: receipt, to: payer?.id) {
            throw CommandFailure(status: refusal.status) { refusal.message(in: $0) }
        }
        console.output(console.words.payerSet(receipt: receipt, person: payer))
    }
}

/// `receipts split RECEIPT [--line N] [PERSON[=WEIGHT]…]` (its default, `split set`) and `split rule
/// add|list|remove`: who a receipt's lines are for, and the rules for lines nobody chose for.
struct SplitCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "split", abstract: HelpText.splitAbstract,
            subcommands: [SplitSetCommand.self, SplitRuleCommand.self], defaultSubcommand: SplitSetCommand.self)
    }
}

/// `receipts split [set] RECEIPT [--line N] [PERSON[=WEIGHT]…]`.
struct SplitSetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set", abstract: HelpText.splitSetAbstract, discussion: HelpText.splitDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.showIDHelp, valueName: HelpText.receiptIDValue)) var receipt: Int64
    @Option(help: ArgumentHelp(HelpText.splitLineHelp, valueName: "N")) var line: Int?
    @Argument(help: ArgumentHelp(HelpText.splitPeopleHelp, valueName: HelpText.personWeightValue))
    var people: [String] = []

    /// `NAME` (weight 1) or `NAME=WEIGHT`, a whole number from 1 to 1,000,000.
    static func parse(_ text: String) -> (name: String, weight: Int64)? {
        guard let equals = text.lastIndex(of: "=") else { return (text, 1) }
        let name = String(text[..<equals])
        guard !name.isEmpty, let weight = Int64(text[text.index(after: equals)...]),
            Household.Weight.allowed.contains(weight)
        else { return nil }
        return (name, weight)
    }

    func validate() throws {
        if let line, line < 1 { throw ValidationError(HelpText.badLineNumber) }
        for text in people where Self.parse(text) == nil { throw ValidationError(HelpText.badWeight(text)) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        let (weights, named) = try HouseholdPeople.weights(people, in: database)
        if let refusal = try database.setShares(of: receipt, line: line, to: weights) {
            throw CommandFailure(status: refusal.status) { refusal.message(in: $0) }
        }
        console.output(console.words.sharesSet(receipt: receipt, line: line, people: named))
    }
}

/// `receipts household balance|settle`: who paid, who consumed, who owes whom; and the household on
/// the server: `create`, `invite`, `join`, `leave`, `remove`, `members`.
struct HouseholdCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "household", abstract: HelpText.householdAbstract,
            subcommands: [
                HouseholdBalanceCommand.self, HouseholdSettleCommand.self, HouseholdCreateCommand.self,
                HouseholdInviteCommand.self, HouseholdJoinCommand.self, HouseholdLeaveCommand.self,
                HouseholdRemoveCommand.self, HouseholdMembersCommand.self,
            ],
            defaultSubcommand: HouseholdBalanceCommand.self)
    }
}

/// The months a household command looks at: `--month M`, every month without it.
struct HouseholdMonths: ParsableArguments {
    @Option(help: ArgumentHelp(HelpText.householdMonthHelp, valueName: HelpText.monthValue)) var month: String?

    func validate() throws {
        if let month, Month(month) == nil { throw ValidationError(HelpText.badMonth(month)) }
    }

    var range: ClosedRange<Month>? { month.flatMap(Month.init).map { $0...$0 } }
}

/// `receipts household balance [--month M] [--json]`.
struct HouseholdBalanceCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "balance", abstract: HelpText.householdBalanceAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: HouseholdMonths
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"people": [{"name", "paid", "consumed", "settled", "balance"}]}`, kopecks; `settled` is
    /// what recorded settlements moved (sent minus received).
    struct Output: Encodable {
        struct Entry: Encodable {
            let name: String
            let paid: Int64
            let consumed: Int64
            let settled: Int64
            let balance: Int64
        }
        let people: [Entry]
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let balance = try global.openDatabase(createIfMissing: false).householdBalance(months: months.range)
        if json {
            let entries = balance.lines.map {
                Output.Entry(
                    name: $0.person.name, paid: $0.paid, consumed: $0.consumed, settled: $0.sent - $0.received,
                    balance: $0.balance)
            }
            console.output(try JSONOutput.encode(Output(people: entries)))
            return
        }
        guard !balance.lines.isEmpty else {
            console.note(words.noPeopleYet)
            return
        }
        let text = ReportText(words.language)
        let settled = balance.lines.contains { $0.sent != 0 || $0.received != 0 }
        var table = TextTable(
            header: [words.personHeading, words.paidHeading, words.consumedHeading]
                + (settled ? [words.settledHeading] : []) + [words.balanceHeading],
            rightAligned: settled ? [1, 2, 3, 4] : [1, 2, 3], cut: [0])
        for line in balance.lines {
            table.append(
                [
                    line.person.name.visible(), text.money(Money(kopecks: line.paid)),
                    text.money(Money(kopecks: line.consumed)),
                ]
                    + (settled ? [text.signedMoney(Money(kopecks: line.sent - line.received))] : [])
                    + [text.signedMoney(Money(kopecks: line.balance))])
        }
        console.output(table.render(width: Console.width))
        console.note(words.balanceMeaning)
    }
}

/// `receipts household settle [--month M] [--record] [--json]`.
struct HouseholdSettleCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "settle", abstract: HelpText.householdSettleAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: HouseholdMonths
    @Flag(help: ArgumentHelp(HelpText.settleRecordHelp)) var record = false
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"transfers": [{"from", "to", "amount"}], "recorded"}`, amounts in kopecks.
    struct Output: Encodable {
        struct Entry: Encodable {
            let from: String
            let to: String
            let amount: Int64
        }
        let transfers: [Entry]
        let recorded: Bool
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let balance = try database.householdBalance(months: months.range)
        let names = Dictionary(uniqueKeysWithValues: balance.lines.map { ($0.person.id, $0.person.name) })
        let transfers = Household.settle(balance.lines.map { (person: $0.person.id, balance: $0.balance) })
        if record, !transfers.isEmpty {
            // Kept in the month settled, or (every month) in this one: later balances count them. A
            // balance another run changed since it was read keeps nothing (as the web app's does).
            let month = try months.range?.upperBound ?? ServeCommand.today().yearMonth
            guard try database.recordSettlements(settling: months.range, in: month, expected: transfers) else {
                throw CommandFailure(status: .failure) { Words($0).balancesChangedMeanwhile }
            }
        }
        if json {
            let entries = transfers.map {
                Output.Entry(from: names[$0.from] ?? "", to: names[$0.to] ?? "", amount: $0.amount)
            }
            console.output(try JSONOutput.encode(Output(transfers: entries, recorded: record && !transfers.isEmpty)))
            return
        }
        guard !balance.lines.isEmpty else {
            console.note(words.noPeopleYet)
            return
        }
        guard !transfers.isEmpty else {
            console.output(words.allEven)
            return
        }
        let text = ReportText(words.language)
        for transfer in transfers {
            console.output(
                "\(names[transfer.from]?.visible() ?? "") → \(names[transfer.to]?.visible() ?? ""): "
                    + text.money(Money(kopecks: transfer.amount)))
        }
        console.note(record ? words.settlementsRecorded(transfers.count) : words.settleHint)
    }
}

/// The person a name on the command line means, or a "not found" failure naming the people.
enum HouseholdPeople {
    /// `NAME[=WEIGHT]` arguments as weights (a name given twice adds up), with the people named.
    static func weights(
        _ texts: [String], in database: ReceiptDatabase
    ) throws -> ([Household.Weight], [(Person, Int64)]) {
        var weights: [Household.Weight] = []
        var named: [(Person, Int64)] = []
        for text in texts {
            guard let (name, weight) = SplitSetCommand.parse(text) else { continue }
            let person = try find(name, in: database)
            if let index = weights.firstIndex(where: { $0.person == person.id }) {
                weights[index] = Household.Weight(person: person.id, weight: weights[index].weight + weight)
                named[index].1 += weight
            } else {
                weights.append(Household.Weight(person: person.id, weight: weight))
                named.append((person, weight))
            }
        }
        return (weights, named)
    }

    static func find(_ name: String, in database: ReceiptDatabase) throws -> Person {
        guard let person = try database.person(named: name.trimmingWhitespace()) else {
            throw CommandFailure(status: .notFound) { HouseholdError.noPerson(name).message(in: $0) }
        }
        return person
    }
}

extension HouseholdError {
    /// The exit status of the refusal: something named that is not there, or a change not allowed.
    var status: ExitStatus {
        switch self {
        case .noPerson, .noReceipt, .noLine, .noShop: .notFound
        case .nameTaken, .cardTaken, .userStays, .hasSettlements: .usage
        }
    }
}

/// `receipts split rule add|list|remove`: who lines are for when nobody chose.
struct SplitRuleCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "rule", abstract: HelpText.splitRuleAbstract,
            subcommands: [SplitRuleAddCommand.self, SplitRuleListCommand.self, SplitRuleRemoveCommand.self],
            defaultSubcommand: SplitRuleListCommand.self)
    }
}

/// `receipts split rule add (--category C | --shop ID | --name WORDS) PERSON[=WEIGHT]…`.
struct SplitRuleAddCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: HelpText.splitRuleAddAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.ruleCategoryHelp, valueName: HelpText.categoryValue)) var category: String?
    @Option(help: ArgumentHelp(HelpText.ruleShopHelp, valueName: HelpText.shopIDValue)) var shop: Int64?
    @Option(help: ArgumentHelp(HelpText.ruleNameHelp, valueName: HelpText.ruleWordsValue)) var name: String?
    @Argument(help: ArgumentHelp(HelpText.splitPeopleHelp, valueName: HelpText.personWeightValue))
    var people: [String] = []

    func validate() throws {
        if [category != nil, shop != nil, name != nil].filter({ $0 }).count != 1 {
            throw ValidationError(HelpText.oneRuleMatch)
        }
        if let name, name.trimmingWhitespace().isEmpty { throw ValidationError(HelpText.oneRuleMatch) }
        if people.isEmpty { throw ValidationError(HelpText.rulePeopleNeeded) }
        for text in people where SplitSetCommand.parse(text) == nil { throw ValidationError(HelpText.badWeight(text)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let match: SplitRule.Match
        if let category {
            guard let chosen = Category(lookingUp: category) else {
                throw ValidationError(words.unknownCategory(category))
            }
            match = .category(chosen)
        } else if let shop {
            match = .shop(shop)
        } else {
            match = .words(name?.trimmingWhitespace() ?? "")
        }
        let database = try global.openDatabase(createIfMissing: false)
        let (weights, named) = try HouseholdPeople.weights(people, in: database)
        switch try database.addSplitRule(match, weights: weights) {
        case .success(let rule): console.output(words.ruleAdded(rule, people: named))
        case .failure(let refusal): throw CommandFailure(status: refusal.status) { refusal.message(in: $0) }
        }
    }
}

/// `receipts split rule [list] [--json]`.
struct SplitRuleListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: HelpText.splitRuleListAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"rules": [SplitRuleEntry]}`.
    struct Output: Encodable {
        let rules: [SplitRuleEntry]
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let rules = try database.splitRules()
        let names = Dictionary(uniqueKeysWithValues: try database.people().map { ($0.id, $0) })
        let people = { (rule: SplitRule) in
            rule.weights.compactMap { weight in names[weight.person].map { ($0, weight.weight) } }
        }
        if json {
            let named = names.mapValues(\.name)
            console.output(try JSONOutput.encode(Output(rules: rules.map { SplitRuleEntry($0, names: named) })))
            return
        }
        guard !rules.isEmpty else {
            console.note(words.noRulesYet)
            return
        }
        for rule in rules { console.output(words.ruleAdded(rule, people: people(rule))) }
    }
}

/// `receipts split rule remove ID`.
struct SplitRuleRemoveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remove", abstract: HelpText.splitRuleRemoveAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.ruleIDHelp, valueName: HelpText.ruleIDValue)) var id: Int64

    func run() async throws {
        let console = Console(global)
        guard try global.openDatabase(createIfMissing: false).removeSplitRule(id) else {
            throw CommandFailure(status: .notFound) { Words($0).noRule(id) }
        }
        console.output(console.words.ruleRemoved(id))
    }
}
