import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts search TEXT [filters]`: receipts whose items or shop match, from the local database.
struct SearchCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search", abstract: HelpText.searchAbstract, discussion: HelpText.searchDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.searchTextHelp, valueName: HelpText.textValue)) var terms: [String] = []
    @Option(help: ArgumentHelp(HelpText.categoryHelp, valueName: HelpText.categoryValue)) var category: String?
    @Option(help: ArgumentHelp(HelpText.shopHelp, valueName: HelpText.shopValue)) var shop: String?
    @Option(help: ArgumentHelp(HelpText.fromHelp, valueName: HelpText.monthValue)) var from: String?
    @Option(help: ArgumentHelp(HelpText.toHelp, valueName: HelpText.monthValue)) var to: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpText.minHelp, valueName: HelpText.roublesValue))
    var min: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpText.maxHelp, valueName: HelpText.roublesValue))
    var max: String?
    @Flag(name: .customLong("last-filters"), help: ArgumentHelp(HelpText.lastFiltersHelp)) var lastFilters = false
    @Option(help: ArgumentHelp(HelpText.pageHelp, valueName: HelpText.countValue)) var page = 1
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        if let category, Category(lookingUp: category) == nil {
            throw ValidationError(Words(global).unknownCategory(category))
        }
        for text in [from, to].compactMap({ $0 }) where Month(text) == nil {
            throw ValidationError(HelpText.badMonth(text))
        }
        for text in [min, max].compactMap({ $0 }) where (try? Money(roubles: text)) == nil {
            throw ValidationError(HelpText.badAmount(text))
        }
        if let min, let max, let low = try? Money(roubles: min), let high = try? Money(roubles: max), low > high {
            throw ValidationError(HelpText.minAboveMax(min, max))
        }
        if page < 1 { throw ValidationError(HelpText.badPage) }
        if terms.isEmpty, category == nil, shop == nil, from == nil, to == nil, min == nil, max == nil, !lastFilters {
            throw ValidationError(HelpText.searchNeedsSomething)
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        var filters = lastFilters ? (try database.lastSearchFilters() ?? SearchFilters()) : SearchFilters()
        if let category { filters.category = Category(lookingUp: category) }
        if let shop { filters.shop = shop }
        if let from { filters.from = Month(from) }
        if let to { filters.to = Month(to) }
        if let min { filters.minimum = try Money(roubles: min) }
        if let max { filters.maximum = try Money(roubles: max) }
        let text = terms.joined(separator: " ")
        let hits = try database.search(SearchQuery(text: text, filters: filters, offset: (page - 1) * 50, limit: 50))
        try database.remember(search: text, filters: filters)
        if json {
            console.output(try JSONOutput.encode(SearchJSON(hits)))
            return
        }
        guard !hits.isEmpty else {
            console.output(words.nothingFound)
            return
        }
        var table = TextTable(rightAligned: [2], cut: [3])
        for hit in hits {
            let receipt = hit.receipt
            let what =
                hit.matchingItems.isEmpty
                ? (receipt.shop ?? "—") : "\(receipt.shop ?? "—"): " + hit.matchingItems.joined(separator: ", ")
            table.append([
                "#\(receipt.id)", receipt.dateTime.formatted(in: words.language),
                receipt.spending.formatted(in: words.language), what,
            ])
        }
        console.output(table.render(width: Console.width))
        if hits.count == 50 { console.note(words.nextPage(page + 1)) }
    }
}

/// `{"results": [{"id", "date", "place", "total", "items", "matching"}]}`.
struct SearchJSON: Encodable {
    let results: [ListedReceiptJSON]

    init(_ hits: [SearchHit]) {
        results = hits.map { ListedReceiptJSON($0.receipt, matching: $0.matchingItems) }
    }
}
