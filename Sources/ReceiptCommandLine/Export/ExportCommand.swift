import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptLedger
import ReceiptStore

/// `beancount`, `hledger` or `splitwise`.
enum LedgerFormatOption: String, ExpressibleByArgument, CaseIterable {
    case beancount, hledger, splitwise

    /// The ledger's format; nil for Splitwise's spreadsheet, which is no ledger.
    var ledger: LedgerFormat? {
        switch self {
        case .beancount: .beancount
        case .hledger: .hledger
        case .splitwise: nil
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
/// [--account-map FILE] [--payment-account ACCOUNT] [--person NAME] [-o FILE]`: the receipts as a
/// plain-text ledger (a person's books with `--person`);
/// `receipts export splitwise [--from M] [--to M] [-o FILE]`: the household's as Splitwise's spreadsheet.
struct ExportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export", abstract: HelpText.exportAbstract, discussion: HelpText.exportDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.exportFormatHelp, valueName: "beancount|hledger|splitwise")) var format:
        LedgerFormatOption
    @Option(help: ArgumentHelp(HelpText.fromHelp, valueName: HelpText.monthValue)) var from: String?
    @Option(help: ArgumentHelp(HelpText.toHelp, valueName: HelpText.monthValue)) var to: String?
    @Option(help: ArgumentHelp(HelpText.postingsHelp, valueName: "category|item")) var postings: LedgerPostingsOption?
    @Option(help: ArgumentHelp(HelpText.accountMapHelp, valueName: HelpText.statementFileValue)) var accountMap: String?
    @Option(help: ArgumentHelp(HelpText.paymentAccountHelp, valueName: HelpText.accountValue)) var paymentAccount:
        String?
    @Option(help: ArgumentHelp(HelpText.ledgerPersonHelp, valueName: HelpText.personValue)) var person: String?
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
        guard let ledger = format.ledger else {
            if postings != nil || accountMap != nil || paymentAccount != nil || person != nil {
                throw ValidationError(HelpText.notForSplitwise)
            }
            return
        }
        if let paymentAccount, !ledger.accepts(account: paymentAccount) {
            throw ValidationError(HelpText.badAccountName(paymentAccount))
        }
    }

    func run() async throws {
        let console = Console(global)
        guard let ledger = format.ledger else {
            let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
            let export = SplitwiseExport(from: from.flatMap(Month.init), to: to.flatMap(Month.init))
            try writing(to: output, console: console) { write in
                do {
                    return try export.write(from: database, to: write)
                } catch SplitwiseExport.Failure.noPeople {
                    throw CommandFailure(status: .usage) { Words($0).noPeopleToExport }
                }
            }
            return
        }
        var accounts = LedgerAccounts()
        accounts.unmatched = paymentAccount
        if let accountMap {
            do {
                let bytes = try BankImportCommand.bytes(of: accountMap)
                accounts = try AccountMap.read(String(decoding: bytes, as: UTF8.self), format: ledger, over: accounts)
            } catch {
                // Which file: the map's own messages give only its line.
                let failure = CommandFailure(error)
                throw CommandFailure(status: failure.status) { "\(accountMap): " + failure.message(in: $0) }
            }
        }
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        var export = LedgerExport(
            format: ledger, postings: (postings ?? .category).postings, accounts: accounts,
            from: from.flatMap(Month.init), to: to.flatMap(Month.init))
        export.person = try person.map { try HouseholdPeople.find($0, in: database) }
        try writing(to: output, console: console) { write in try export.write(from: database, to: write) }
    }

    /// Writes through `body` to `output` (standard output when nil), which appears whole or not at
    /// all; says how many receipts went to a file.
    private func writing(
        to output: String?, console: Console, _ body: ((String) throws -> Void) throws -> Int
    ) throws {
        let file = try LedgerFile(path: output)
        do {
            let count = try body(file.write)
            try file.finish()
            if let output { console.note(console.words.exported(count, to: output)) }
        } catch {
            file.discard()
            throw error
        }
    }
}
