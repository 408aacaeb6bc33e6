import ArgumentParser
import ReceiptBank
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts match [--json] [--undo RECEIPT] [--pair RECEIPT PAYMENT]`: card payments paired with
/// receipts, what is left on each side; or one pair undone or made by hand.
struct BankMatchCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "match", abstract: HelpText.bankMatchAbstract, discussion: HelpText.bankMatchDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Option(help: ArgumentHelp(HelpText.undoHelp, valueName: HelpText.receiptIDValue)) var undo: Int64?
    @Option(parsing: .upToNextOption, help: ArgumentHelp(HelpText.pairHelp, valueName: HelpText.pairValue))
    var pair: [Int64] = []

    func validate() throws {
        if undo != nil && !pair.isEmpty { throw ValidationError(HelpText.undoAndPair) }
        if !pair.isEmpty && pair.count != 2 { throw ValidationError(HelpText.pairNeedsTwo) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .unused)
        if let receipt = undo {
            guard let payment = try database.undoBankMatch(receipt: receipt) else {
                throw CommandFailure(status: .notFound) { BankWords($0).noMatch(of: receipt) }
            }
            console.output(words.bank.undone(receipt: receipt, payment: payment))
            return
        }
        if pair.count == 2 {
            guard try database.pairByHand(payment: pair[1], receipt: pair[0]) else {
                throw CommandFailure(status: .notFound) { BankWords($0).noSuchPair(receipt: pair[0], payment: pair[1]) }
            }
            console.output(words.bank.paired(receipt: pair[0], payment: pair[1]))
            return
        }
        let outcome = try BankReconciliation(database: database).match()
        if json {
            console.output(try JSONOutput.encode(BankMatchJSON(outcome)))
            return
        }
        guard !outcome.matched.isEmpty || !outcome.unmatchedPayments.isEmpty else {
            console.output(words.bank.noPayments)
            return
        }
        var shops: [Int64: String] = [:]
        for id in outcome.matched.map(\.receipt) { shops[id] = try database.shopName(ofReceipt: id) }
        let unmatched = try database.listedReceipts(ids: outcome.unmatchedReceipts)
        console.output(
            render(outcome, shops: shops, unmatchedReceipts: unmatched, words: words, width: Console.width))
    }

    /// The pairs with their shops (`shops`, by receipt) and why each was made, the payments without
    /// a receipt, and the receipts without a payment (`unmatchedReceipts`) with their date, shop and
    /// amount; dates in the user's language, nothing said cut.
    func render(
        _ outcome: BankReconciliation.Outcome, shops: [Int64: String], unmatchedReceipts: [ListedReceipt],
        words: Words, width: Int
    ) -> String {
        let language = words.language
        var sections: [String] = []
        if !outcome.matched.isEmpty {
            var table = TextTable(
                header: [
                    words.bankReceiptColumn, words.bankPaymentColumn, words.bankDateColumn,
                    words.bankAmountColumn, words.bankShopColumn, words.bankDescriptionColumn,
                ], rightAligned: [0, 1, 3], cut: [5, 4], optional: [5])
            // A bank's description cut to a few letters says nothing: it goes before the shop is cut short.
            table.minimumCut = 12
            var reasons: [String] = []
            for pairing in outcome.matched {
                table.append([
                    "\(pairing.receipt)", "\(pairing.payment.id)",
                    pairing.payment.payment.time.local.formattedDate(in: language),
                    pairing.payment.payment.spent.formatted(in: language), shops[pairing.receipt] ?? "—",
                    pairing.payment.payment.description,
                ])
                // Why, wrapped rather than cut, under its first line: `#12: strict, same amount, …`.
                let reason = TextTable.wrap(
                    words.bank.pairReason(receipt: pairing.receipt, pairing.reason.message(in: language)),
                    width: max(20, width - 2))
                reasons += reason.prefix(1) + reason.dropFirst().map { "  " + $0 }
            }
            sections.append(
                words.bank.matchedTitle + "\n" + table.render(width: width) + "\n" + words.bankReasonsHeading + "\n"
                    + reasons.joined(separator: "\n"))
        }
        if !outcome.unmatchedPayments.isEmpty {
            var table = TextTable(
                header: [
                    words.bankPaymentColumn, words.bankDateColumn, words.bankAmountColumn,
                    words.bankDescriptionColumn,
                ], rightAligned: [0, 2], cut: [3])
            for stored in outcome.unmatchedPayments {
                table.append([
                    "\(stored.id)", stored.payment.time.local.formattedDate(in: language),
                    words.bank.amount(of: stored.payment),
                    stored.payment.description,
                ])
            }
            sections.append(words.bank.unmatchedPaymentsTitle + "\n" + table.render(width: width))
        }
        if !unmatchedReceipts.isEmpty {
            var table = TextTable(
                header: [words.bankReceiptColumn, words.bankDateColumn, words.bankAmountColumn, words.bankShopColumn],
                rightAligned: [0, 2], cut: [3])
            for receipt in unmatchedReceipts {
                table.append([
                    "\(receipt.id)", receipt.dateTime.formatted(in: language), receipt.spending.formatted(in: language),
                    receipt.shop ?? "—",
                ])
            }
            sections.append(words.bank.unmatchedReceiptsTitle + "\n" + table.render(width: width))
        }
        sections.append(
            words.bank.summary(
                matched: outcome.matched.count, payments: outcome.unmatchedPayments.count,
                receipts: outcome.unmatchedReceipts.count
            ).joined(separator: "\n"))
        return sections.joined(separator: "\n\n")
    }
}
