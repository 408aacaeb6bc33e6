import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// `receipts recurring [--json]`: payments that come back — the same shop, a similar amount, weekly,
/// monthly or yearly — with the next date due, and those that stopped.
struct RecurringCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "recurring", abstract: HelpText.recurringAbstract, discussion: HelpText.recurringDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let found = try RecurringPayment.read(from: database, today: try ServeCommand.today())
        if json {
            console.output(try JSONOutput.encode(RecurringJSON(found)))
            return
        }
        guard !found.isEmpty else {
            console.output(words.noRecurring)
            return
        }
        let language = words.language
        var table = TextTable(
            header: [
                words.shopColumn, words.amountColumn, words.howOftenColumn, words.timesColumn,
                words.nextColumn,
            ],
            rightAligned: [1, 3], cut: [0])
        for payment in found {
            table.append([
                payment.shop, payment.amount.formatted(in: language), payment.period.name(in: language),
                "\(payment.times)", payment.stopped ? words.stoppedSince(payment.last.isoDate) : payment.next.isoDate,
            ])
        }
        console.output(table.render(width: Console.width))
    }
}
