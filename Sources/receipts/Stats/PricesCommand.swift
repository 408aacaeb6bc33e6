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
            commandName: "prices", abstract: HelpText.pricesAbstract, discussion: HelpText.pricesDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.pricesWordsHelp, valueName: HelpText.textValue)) var terms: [String] = []
    @OptionGroup var months: MonthRangeOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        guard terms.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw ValidationError(HelpText.pricesNeedsWords)
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let products = try ProductPrices.read(
            from: database, matching: terms.joined(separator: " "), from: months.first, through: months.last)
        let language = words.language
        if json {
            console.output(try JSONOutput.encode(PricesJSON(products)))
            return
        }
        guard !products.isEmpty else {
            console.output(words.noPrices(terms.joined(separator: " ")))
            return
        }
        var blocks: [String] = []
        for product in products {
            let unit = product.unit.name(in: language)
            var lines = [words.productHeading(product.name, unit: unit, change: product.change)]
            var table = TextTable(
                header: [
                    words.monthColumn, words.lowestColumn, words.medianColumn, words.highestColumn,
                    words.boughtColumn,
                ],
                rightAligned: [1, 2, 3, 4])
            for month in product.months {
                table.append([
                    month.month.description, Self.money(month.minimum, in: language),
                    Self.money(month.median, in: language),
                    Self.money(month.maximum, in: language), "\(month.purchases)",
                ])
            }
            lines.append(table.render(width: Console.width))
            var shops = TextTable(
                header: [words.shopColumn, words.lastColumn, words.cheapestColumn], rightAligned: [1, 2], cut: [0]
            )
            for shop in product.shops {
                shops.append([shop.shop, Self.money(shop.last, in: language), Self.money(shop.minimum, in: language)])
            }
            lines.append(shops.render(width: Console.width))
            blocks.append(lines.joined(separator: "\n"))
        }
        console.output(blocks.joined(separator: "\n\n"))
    }

    private static func money(_ kopecks: Int64, in language: Language) -> String {
        Money(kopecks: kopecks).formatted(in: language)
    }
}
