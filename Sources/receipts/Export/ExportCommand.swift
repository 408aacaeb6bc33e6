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
            commandName: "export", abstract: Strings.exportAbstract, discussion: Strings.exportDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.exportFormatHelp, valueName: "beancount|hledger")) var format:
        LedgerFormatOption
    @Option(help: ArgumentHelp(Strings.fromHelp, valueName: Strings.monthValue)) var from: String?
    @Option(help: ArgumentHelp(Strings.toHelp, valueName: Strings.monthValue)) var to: String?
    @Option(help: ArgumentHelp(Strings.postingsHelp, valueName: "category|item")) var postings = LedgerPostingsOption
        .category
    @Option(help: ArgumentHelp(Strings.accountMapHelp, valueName: Strings.statementFileValue)) var accountMap: String?
    @Option(help: ArgumentHelp(Strings.paymentAccountHelp, valueName: Strings.accountValue)) var paymentAccount: String?
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(Strings.outputFileHelp, valueName: Strings.statementFileValue))
    var output: String?

    func validate() throws {
        for text in [from, to].compactMap({ $0 }) where Month(text) == nil {
            throw ValidationError(Strings.badMonth(text))
        }
        if let first = from.flatMap(Month.init), let last = to.flatMap(Month.init), last < first {
            throw ValidationError(Strings.rangeBackwards(first, last))
        }
        if let paymentAccount, !format.ledger.accepts(account: paymentAccount) {
            throw ValidationError(Strings.badAccountName(paymentAccount))
        }
    }

    func run() async throws {
        let console = Console(global)
        var accounts = LedgerAccounts()
        if let paymentAccount { accounts.cash = paymentAccount }
        if let accountMap {
            let bytes = try BankImportCommand.bytes(of: accountMap)
            accounts = try AccountMap.read(
                String(decoding: bytes, as: UTF8.self), format: format.ledger, over: accounts)
        }
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        let export = LedgerExport(
            format: format.ledger, postings: postings.postings, accounts: accounts, from: from.flatMap(Month.init),
            to: to.flatMap(Month.init))
        let file = try LedgerFile(path: output)
        do {
            let count = try export.write(from: database, to: file.write)
            try file.finish()
            if let output { console.note(Strings.exported(count, to: output)) }
        } catch {
            file.discard()
            throw error
        }
    }
}
