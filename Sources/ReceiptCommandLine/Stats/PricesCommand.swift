import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts prices WORDS [--month M | --from M --to M] [--json]`: what the product kinds and products
/// the words find cost per kilogram, litre or piece, month by month and shop by shop.
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
        let report = try PriceReport.read(
            from: database, matching: terms.joined(separator: " "), from: months.first, through: months.last)
        let language = words.language
        if json {
            console.output(try JSONOutput.encode(PricesJSON(report, language: language)))
            return
        }
        guard !report.isEmpty else {
            console.output(words.noPrices(terms.joined(separator: " ")))
            return
        }
        var blocks: [String] = []
        for kind in report.kinds {
            var lines = [
                words.kindHeading(
                    kind.kind.name(in: language), per: kind.kind.perText(in: language), change: kind.change)
            ]
            if kind.assumesDensity { lines.append(ReportText(language).densityAssumed) }
            if kind.months.isEmpty {
                lines.append(words.noKindPrices(kind.kind.perText(in: language)))
            } else {
                lines.append(Self.months(kind.months, words: words))
                lines.append(Self.shops(kind.shops, words: words))
            }
            var products = TextTable(
                header: [words.productColumn, words.unitColumn, words.medianColumn, words.boughtColumn],
                rightAligned: [2, 3], cut: [0])
            for product in kind.products {
                products.append([
                    product.heading, product.unit.name(in: language),
                    product.months.last.map { Self.money($0.median, in: language) } ?? "—", "\(product.purchases)",
                ])
            }
            lines.append(products.render(width: Console.width))
            blocks.append(lines.joined(separator: "\n"))
        }
        for product in report.products {
            blocks.append(
                [
                    words.productHeading(
                        product.heading, unit: product.unit.name(in: language), change: product.change),
                    Self.months(product.months, words: words), Self.shops(product.shops, words: words),
                ].joined(separator: "\n"))
        }
        console.output(blocks.joined(separator: "\n\n"))
    }

    /// A row a month: lowest, median, highest, purchases.
    private static func months(_ months: [ProductPrices.MonthPrices], words: Words) -> String {
        var table = TextTable(
            header: [
                words.monthColumn, words.lowestColumn, words.medianColumn, words.highestColumn, words.boughtColumn,
            ],
            rightAligned: [1, 2, 3, 4])
        for month in months {
            table.append([
                month.month.description, money(month.minimum, in: words.language),
                money(month.median, in: words.language),
                money(month.maximum, in: words.language), "\(month.purchases)",
            ])
        }
        return table.render(width: Console.width)
    }

    /// A row a shop: the last price there and the cheapest.
    private static func shops(_ shops: [ProductPrices.ShopPrice], words: Words) -> String {
        var table = TextTable(
            header: [words.shopColumn, words.lastColumn, words.cheapestColumn], rightAligned: [1, 2], cut: [0])
        for shop in shops {
            table.append([shop.shop, money(shop.last, in: words.language), money(shop.minimum, in: words.language)])
        }
        return table.render(width: Console.width)
    }

    private static func money(_ kopecks: Int64, in language: Language) -> String {
        Money(kopecks: kopecks).formatted(in: language)
    }
}
