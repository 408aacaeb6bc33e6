import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts shops [list|rename|merge]`: the shops, named as the user knows them.
struct ShopsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "shops", abstract: Strings.shopsAbstract,
            subcommands: [ShopsListCommand.self, ShopsRenameCommand.self, ShopsMergeCommand.self],
            defaultSubcommand: ShopsListCommand.self)
    }
}

/// `{"id", "name", "chosen", "inn", "seller", "address", "receipts", "spending", "lastVisit"}`: a
/// shop as `--json` gives it, amounts in kopecks.
struct ShopEntry: Encodable {
    let id: Int64
    let name: String
    @NullWhenAbsent var chosen: String?
    let inn: String
    @NullWhenAbsent var seller: String?
    @NullWhenAbsent var address: String?
    let receipts: Int
    let spending: Int64
    @NullWhenAbsent var lastVisit: String?

    init(_ shop: Shop) {
        id = shop.id
        name = shop.name
        chosen = shop.chosen
        inn = shop.sellerINN
        seller = shop.seller
        address = shop.address
        receipts = shop.receipts
        spending = shop.spending.kopecks
        lastVisit = shop.lastVisit?.iso
    }
}

/// `receipts shops [--json]`: every shop with its receipts and spending.
struct ShopsListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: Strings.shopsListAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    /// `{"shops": [ShopEntry]}`.
    struct Output: Encodable {
        let shops: [ShopEntry]
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        let shops = try database.shops()
        if json {
            console.output(try JSONOutput.encode(Output(shops: shops.map(ShopEntry.init))))
            return
        }
        guard !shops.isEmpty else {
            console.note(Strings.noShopsYet)
            return
        }
        let text = ReportText(Strings.language)
        var table = TextTable(
            header: [
                "#", text.total, text.receipts, Strings.shopHeading, Strings.lastVisitHeading, Strings.innHeading,
            ],
            rightAligned: [0, 1, 2], cut: [3], optional: [5, 4])
        for shop in shops {
            table.append([
                String(shop.id), text.money(shop.spending), String(shop.receipts), shop.name,
                shop.lastVisit.map { String($0.iso.prefix(10)) } ?? "", shop.sellerINN,
            ])
        }
        console.output(table.render(width: Console.width))
    }
}

/// `receipts shops rename ID NAME | --reset`: the user's own name for a shop.
struct ShopsRenameCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "rename", abstract: Strings.shopsRenameAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.shopIDHelp, valueName: Strings.shopIDValue)) var id: Int64
    @Argument(help: ArgumentHelp(Strings.shopNameHelp, valueName: Strings.nameValue)) var name: String?
    @Flag(help: ArgumentHelp(Strings.shopResetHelp)) var reset = false

    func validate() throws {
        let named = !(name?.trimmingWhitespace().isEmpty ?? true)
        if named == reset { throw ValidationError(Strings.shopNameOrReset) }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        guard let shop = try database.renameShop(id, to: reset ? nil : name) else {
            throw CommandFailure(status: .notFound) { _ in Strings.noShop(id) }
        }
        console.output(Strings.shopRenamed(shop))
    }
}

/// `receipts shops merge ID OTHER...`: several shops as one.
struct ShopsMergeCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "merge", abstract: Strings.shopsMergeAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.mergeTargetHelp, valueName: Strings.shopIDValue)) var target: Int64
    @Argument(help: ArgumentHelp(Strings.mergeOthersHelp, valueName: Strings.shopIDValue)) var others: [Int64]

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false)
        switch try database.mergeShops(others, into: target) {
        case .success(let shop):
            console.output(Strings.shopsMerged(shop))
        case .failure(.noShop(let id)):
            throw CommandFailure(status: .notFound) { _ in Strings.noShop(id) }
        case .failure(.mergedIntoItself(let id)):
            throw CommandFailure(status: .usage) { _ in Strings.mergedIntoItself(id) }
        }
    }
}
