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
            commandName: "recurring", abstract: Strings.recurringAbstract, discussion: Strings.recurringDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let found = try RecurringPayment.read(from: database, today: try ServeCommand.today())
        if json {
            console.output(try JSONOutput.encode(RecurringJSON(found)))
            return
        }
        guard !found.isEmpty else {
            console.output(Strings.noRecurring)
            return
        }
        let language = Strings.language
        var table = TextTable(
            header: [
                Strings.shopColumn, Strings.amountColumn, Strings.howOftenColumn, Strings.timesColumn,
                Strings.nextColumn,
            ],
            rightAligned: [1, 3], cut: [0])
        for payment in found {
            table.append([
                payment.shop, payment.amount.formatted(in: language), payment.period.name(in: language),
                "\(payment.times)", payment.stopped ? Strings.stoppedSince(payment.last.isoDate) : payment.next.isoDate,
            ])
        }
        console.output(table.render(width: Console.width))
    }
}
