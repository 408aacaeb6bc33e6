import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts search TEXT [filters]`: receipts whose items or shop match, from the local database.
struct SearchCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search", abstract: Strings.searchAbstract, discussion: Strings.searchDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.searchTextHelp, valueName: Strings.textValue)) var words: [String] = []
    @Option(help: ArgumentHelp(Strings.categoryHelp, valueName: Strings.categoryValue)) var category: String?
    @Option(help: ArgumentHelp(Strings.shopHelp, valueName: Strings.shopValue)) var shop: String?
    @Option(help: ArgumentHelp(Strings.fromHelp, valueName: Strings.monthValue)) var from: String?
    @Option(help: ArgumentHelp(Strings.toHelp, valueName: Strings.monthValue)) var to: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(Strings.minHelp, valueName: Strings.roublesValue))
    var min: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(Strings.maxHelp, valueName: Strings.roublesValue))
    var max: String?
    @Flag(name: .customLong("last-filters"), help: ArgumentHelp(Strings.lastFiltersHelp)) var lastFilters = false
    @Option(help: ArgumentHelp(Strings.pageHelp, valueName: Strings.countValue)) var page = 1
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    func validate() throws {
        if let category, Category(lookingUp: category) == nil {
            throw ValidationError(Strings.unknownCategory(category))
        }
        for text in [from, to].compactMap({ $0 }) where Month(text) == nil {
            throw ValidationError(Strings.badMonth(text))
        }
        for text in [min, max].compactMap({ $0 }) where (try? Money(roubles: text)) == nil {
            throw ValidationError(Strings.badAmount(text))
        }
        if let min, let max, let low = try? Money(roubles: min), let high = try? Money(roubles: max), low > high {
            throw ValidationError(Strings.minAboveMax(min, max))
        }
        if page < 1 { throw ValidationError(Strings.badPage) }
        if words.isEmpty, category == nil, shop == nil, from == nil, to == nil, min == nil, max == nil, !lastFilters {
            throw ValidationError(Strings.searchNeedsSomething)
        }
    }

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        var filters = lastFilters ? (try database.lastSearchFilters() ?? SearchFilters()) : SearchFilters()
        if let category { filters.category = Category(lookingUp: category) }
        if let shop { filters.shop = shop }
        if let from { filters.from = Month(from) }
        if let to { filters.to = Month(to) }
        if let min { filters.minimum = try Money(roubles: min) }
        if let max { filters.maximum = try Money(roubles: max) }
        let text = words.joined(separator: " ")
        let hits = try database.search(SearchQuery(text: text, filters: filters, offset: (page - 1) * 50, limit: 50))
        try database.remember(search: text, filters: filters)
        if json {
            console.output(try JSONOutput.encode(SearchJSON(hits)))
            return
        }
        guard !hits.isEmpty else {
            console.output(Strings.nothingFound)
            return
        }
        var table = TextTable(rightAligned: [2], cut: [3])
        for hit in hits {
            let receipt = hit.receipt
            let what =
                hit.matchingItems.isEmpty
                ? (receipt.shop ?? "—") : "\(receipt.shop ?? "—"): " + hit.matchingItems.joined(separator: ", ")
            table.append([
                "#\(receipt.id)", receipt.dateTime.formatted(in: Strings.language),
                receipt.spending.formatted(in: Strings.language), what,
            ])
        }
        console.output(table.render(width: Console.width))
        if hits.count == 50 { console.note(Strings.nextPage(page + 1)) }
    }
}

/// `{"results": [{"id", "date", "place", "total", "items", "matching"}]}`.
struct SearchJSON: Encodable {
    let results: [ListedReceiptJSON]

    init(_ hits: [SearchHit]) {
        results = hits.map { ListedReceiptJSON($0.receipt, matching: $0.matchingItems) }
    }
}
