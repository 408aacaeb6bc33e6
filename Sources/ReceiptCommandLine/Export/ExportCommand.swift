import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptLedger
import ReceiptStore

/// `beancount` or `hledger`.
enum LedgerFormatOption: String, ExpressibleByArgument, CaseIterable {
    case beancount, hledger

    var ledger: LedgerFormat {
        switch self {
        case .beancount: .beancount
        case .hledger: .hledger
        }
    }
}

/// `category` or `item`.
enum LedgerPostingsOption: String, ExpressibleByArgument, CaseIterable {
    case category, item

    var postings: LedgerPostings {
        switch self {
        case .category: .category
        case .item: .item
        }
    }
}

/// `receipts export beancount|hledger [--from M] [--to M] [--postings category|item]
/// [--account-map FILE] [--payment-account ACCOUNT] [-o FILE]`: the receipts as a plain-text ledger.
struct ExportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export", abstract: HelpText.exportAbstract, discussion: HelpText.exportDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.exportFormatHelp, valueName: "beancount|hledger")) var format:
        LedgerFormatOption
    @Option(help: ArgumentHelp(HelpText.fromHelp, valueName: HelpText.monthValue)) var from: String?
    @Option(help: ArgumentHelp(HelpText.toHelp, valueName: HelpText.monthValue)) var to: String?
    @Option(help: ArgumentHelp(HelpText.postingsHelp, valueName: "category|item")) var postings = LedgerPostingsOption
        .category
    @Option(help: ArgumentHelp(HelpText.accountMapHelp, valueName: HelpText.statementFileValue)) var accountMap: String?
    @Option(help: ArgumentHelp(HelpText.paymentAccountHelp, valueName: HelpText.accountValue)) var paymentAccount:
        String?
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(HelpText.outputFileHelp, valueName: HelpText.statementFileValue))
    var output: String?

    func validate() throws {
        for text in [from, to].compactMap({ $0 }) where Month(text) == nil {
            throw ValidationError(HelpText.badMonth(text))
        }
        if let first = from.flatMap(Month.init), let last = to.flatMap(Month.init), last < first {
            throw ValidationError(HelpText.rangeBackwards(first, last))
        }
        if let paymentAccount, !format.ledger.accepts(account: paymentAccount) {
            throw ValidationError(HelpText.badAccountName(paymentAccount))
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        var accounts = LedgerAccounts()
        accounts.unmatched = paymentAccount
        if let accountMap {
            do {
                let bytes = try BankImportCommand.bytes(of: accountMap)
                accounts = try AccountMap.read(
                    String(decoding: bytes, as: UTF8.self), format: format.ledger, over: accounts)
            } catch {
                // Which file: the map's own messages give only its line.
                let failure = CommandFailure(error)
                throw CommandFailure(status: failure.status) { "\(accountMap): " + failure.message(in: $0) }
            }
        }
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let export = LedgerExport(
            format: format.ledger, postings: postings.postings, accounts: accounts, from: from.flatMap(Month.init),
            to: to.flatMap(Month.init))
        let file = try LedgerFile(path: output)
        do {
            let count = try export.write(from: database, to: file.write)
            try file.finish()
            if let output { console.note(words.exported(count, to: output)) }
        } catch {
            file.discard()
            throw error
        }
    }
}
