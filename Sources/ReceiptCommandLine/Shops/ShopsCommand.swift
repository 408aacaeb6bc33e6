import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts shops [list|rename|merge]`: the shops, named as the user knows them.
struct ShopsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "shops", abstract: HelpText.shopsAbstract,
            subcommands: [
                ShopsListCommand.self, ShopsRenameCommand.self, ShopsMergeCommand.self, ShopsUnmergeCommand.self,
            ],
            defaultSubcommand: ShopsListCommand.self)
    }
}

/// `receipts shops [--json]`: every shop with its receipts and spending.
struct ShopsListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: HelpText.shopsListAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"shops": [ShopEntry]}`.
    struct Output: Encodable {
        let shops: [ShopEntry]
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let shops = try database.shops()
        if json {
            console.output(try JSONOutput.encode(Output(shops: shops.map(ShopEntry.init))))
            return
        }
        guard !shops.isEmpty else {
            console.note(words.noShopsYet)
            return
        }
        let text = ReportText(words.language)
        var table = TextTable(
            header: [
                "#", text.total, text.receipts, words.shopHeading, words.lastVisitHeading, words.innHeading,
            ],
            rightAligned: [0, 1, 2], cut: [3], optional: [5, 4])
        // The shop is what the table is for: the INN and the last visit go before it is cut short.
        table.minimumCut = 16
        // Shops of one name (a chain's) are told apart by their street.
        var named: [String: Int] = [:]
        for shop in shops { named[shop.name, default: 0] += 1 }
        for shop in shops {
            let street = (named[shop.name] ?? 0) > 1 ? shop.address.flatMap(ShopName.street) : nil
            table.append([
                String(shop.id), text.money(shop.spending), String(shop.receipts),
                street.map { "\(shop.name), \($0)" } ?? shop.name,
                shop.lastVisit.map { String($0.iso.prefix(10)) } ?? "", shop.sellerINN,
            ])
        }
        console.output(table.render(width: Console.width))
    }
}

/// `receipts shops rename ID NAME | --reset`: the user's own name for a shop.
struct ShopsRenameCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "rename", abstract: HelpText.shopsRenameAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.shopIDHelp, valueName: HelpText.shopIDValue)) var id: Int64
    @Argument(help: ArgumentHelp(HelpText.shopNameHelp, valueName: HelpText.nameValue)) var name: String?
    @Flag(help: ArgumentHelp(HelpText.shopResetHelp)) var reset = false

    func validate() throws {
        let named = !(name?.trimmingWhitespace().isEmpty ?? true)
        if named == reset { throw ValidationError(HelpText.shopNameOrReset) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        guard let shop = try database.renameShop(id, to: reset ? nil : name) else {
            throw CommandFailure(status: .notFound) { Words($0).noShop(id) }
        }
        console.output(words.shopRenamed(shop))
    }
}

/// `receipts shops merge ID OTHER...`: several shops as one.
struct ShopsMergeCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "merge", abstract: HelpText.shopsMergeAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.mergeTargetHelp, valueName: HelpText.shopIDValue)) var target: Int64
    @Argument(help: ArgumentHelp(HelpText.mergeOthersHelp, valueName: HelpText.shopIDValue)) var others: [Int64]

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        switch try database.mergeShops(others, into: target) {
        case .success(let shop):
            console.output(words.shopsMerged(shop))
        case .failure(.noShop(let id)):
            throw CommandFailure(status: .notFound) { Words($0).noShop(id) }
        case .failure(.mergedIntoItself(let id)):
            throw CommandFailure(status: .usage) { Words($0).mergedIntoItself(id) }
        case .failure(.notMerged(let id)):
            throw CommandFailure(status: .usage) { ShopChangeError.notMerged(id).message(in: $0) }
        }
    }
}

/// `receipts shops unmerge ID`: a merged shop taken back out, with its receipts.
struct ShopsUnmergeCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unmerge", abstract: HelpText.shopsUnmergeAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.unmergeHelp, valueName: HelpText.shopIDValue)) var id: Int64

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        switch try database.unmergeShop(id) {
        case .success(let shop):
            console.output(console.words.shopsMerged(shop))
        case .failure(.noShop(let id)):
            throw CommandFailure(status: .notFound) { Words($0).noShop(id) }
        case .failure(let refusal):
            throw CommandFailure(status: .usage) { refusal.message(in: $0) }
        }
    }
}
