import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts list`: the local receipts by month, newest first, from the database alone.
struct ListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: HelpText.listAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @OptionGroup var months: MonthRangeOptions
    @Option(help: ArgumentHelp(HelpText.pageHelp, valueName: HelpText.countValue)) var page: Int?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    static let pageSize = 50

    func validate() throws {
        if let page, page < 1 { throw ValidationError(HelpText.badPage) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let paged = page != nil || !json
        let number = page ?? 1
        let months = try database.listing(
            from: months.first, through: months.last, offset: paged ? (number - 1) * Self.pageSize : 0,
            limit: paged ? Self.pageSize : nil)
        if json {
            console.output(try JSONOutput.encode(ListingJSON(months)))
            return
        }
        guard !months.isEmpty else {
            console.output(number > 1 ? words.noSuchPage(number) : words.noReceipts)
            return
        }
        console.output(Self.render(months, language: words.language, width: Console.width))
        if months.reduce(0, { $0 + $1.receipts.count }) == Self.pageSize {
            console.note(words.nextPage(number + 1))
        }
    }

    static func render(_ months: [MonthListing], language: Language, width: Int) -> String {
        let words = Words(language)
        var lines: [String] = []
        for month in months {
            if !lines.isEmpty { lines.append("") }
            lines.append(words.monthHeading(month))
            var table = TextTable(rightAligned: [2], cut: [4])
            // A receipt that counts otherwise than its total (a settlement its prepayment paid) is
            // marked, and says under the table what it counts, so that the rows add up to the heading.
            var notes: [String] = []
            for receipt in month.receipts {
                let date = receipt.dateTime.formatted(in: language)
                var amount = receipt.spending.formatted(in: language)
                if let note = receipt.countedNote(in: language) {
                    amount += "*"
                    notes.append("* #\(receipt.id): \(note)")
                }
                let items = words.itemCount(receipt.itemCount, pending: receipt.status == .pending)
                table.append(["#\(receipt.id)", date, amount, items, receipt.shop ?? "—"])
            }
            lines.append(table.render(width: width))
            lines += notes
        }
        return lines.joined(separator: "\n")
    }
}

/// `{"months": [{"month", "total", "receipts": [{"id", "date", "place", "total", "items"}]}]}`.
struct ListingJSON: Encodable {
    struct MonthEntry: Encodable {
        let month: String
        let total: Int64
        let receipts: [ListedReceiptJSON]
    }

    let months: [MonthEntry]

    init(_ listings: [MonthListing]) {
        months = listings.map { month in
            MonthEntry(
                month: month.month.description, total: month.total.kopecks,
                receipts: month.receipts.map { ListedReceiptJSON($0) })
        }
    }
}

/// A receipt in the `--json` of `list` and `search`: `{"id", "date", "place", "total", "counted",
/// "linked", "items"}`, `place` null while the shop is unknown; `total` the receipt's (negative for
/// money received), `counted` what it counts towards spending (what the month's `total` adds up:
/// 0 for a settlement its prepayment paid), `linked` the receipt it goes with (the prepayment that
/// paid it, the purchase a return returns) or null; `search` adds `matching`, the items that matched.
struct ListedReceiptJSON: Encodable {
    let id: Int64
    let date: String
    @NullWhenAbsent var place: String?
    let total: Int64
    let counted: Int64
    @NullWhenAbsent var linked: Int64?
    let items: Int
    /// Left out of `list`.
    let matching: [String]?

    init(_ receipt: ListedReceipt, matching: [String]? = nil) {
        id = receipt.id
        date = receipt.dateTime.iso
        place = receipt.shop
        total = receipt.spending.kopecks
        counted = receipt.counted.kopecks
        linked = receipt.linkedID
        items = receipt.itemCount
        self.matching = matching
    }
}
