import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts prices WORDS [--month M | --from M --to M] [--json]`: what the products matching the
/// words cost per kilogram, litre or piece, month by month and shop by shop.
struct PricesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "prices", abstract: Strings.pricesAbstract, discussion: Strings.pricesDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.pricesWordsHelp, valueName: Strings.textValue)) var words: [String] = []
    @OptionGroup var months: MonthRangeOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    func validate() throws {
        guard words.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw ValidationError(Strings.pricesNeedsWords)
        }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let products = try ProductPrices.read(
            from: database, matching: words.joined(separator: " "), from: months.first, through: months.last)
        let language = Strings.language
        if json {
            console.output(try JSONOutput.encode(PricesJSON(products)))
            return
        }
        guard !products.isEmpty else {
            console.output(Strings.noPrices(words.joined(separator: " ")))
            return
        }
        var blocks: [String] = []
        for product in products {
            let unit = product.unit.name(in: language)
            var lines = [Strings.productHeading(product.name, unit: unit, change: product.change)]
            var table = TextTable(
                header: [
                    Strings.monthColumn, Strings.lowestColumn, Strings.medianColumn, Strings.highestColumn,
                    Strings.boughtColumn,
                ],
                rightAligned: [1, 2, 3, 4])
            for month in product.months {
                table.append([
                    month.month.description, Self.money(month.minimum), Self.money(month.median),
                    Self.money(month.maximum), "\(month.purchases)",
                ])
            }
            lines.append(table.render(width: Console.width))
            var shops = TextTable(
                header: [Strings.shopColumn, Strings.lastColumn, Strings.cheapestColumn], rightAligned: [1, 2], cut: [0]
            )
            for shop in product.shops { shops.append([shop.shop, Self.money(shop.last), Self.money(shop.minimum)]) }
            lines.append(shops.render(width: Console.width))
            blocks.append(lines.joined(separator: "\n"))
        }
        console.output(blocks.joined(separator: "\n\n"))
    }

    private static func money(_ kopecks: Int64) -> String { Money(kopecks: kopecks).formatted(in: Strings.language) }
}
