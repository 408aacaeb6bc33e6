import ArgumentParser
import Foundation
import ReceiptBank
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts bank`: bank statements, added and taken out.
struct BankCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "bank", abstract: HelpText.bankAbstract,
            subcommands: [BankImportCommand.self, BankRemoveCommand.self])
    }
}

/// `receipts bank import FILE... [--json]`: the operations of each statement, each once; a broken
/// file or row is named and the rest are kept, and the exit code is then 6.
struct BankImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: HelpText.bankImportAbstract, discussion: HelpText.bankImportDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Argument(help: ArgumentHelp(HelpText.statementFilesHelp, valueName: HelpText.statementFileValue))
    var files: [String]

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let reconciliation = BankReconciliation(database: try global.openDatabase(rules: .unused))
        var report = BankImportJSON()
        var accounts = Set<String>()
        var failed = 0
        var missing = 0
        for file in files {
            do {
                let statement = try BankStatement.read(try Self.statementBytes(of: file))
                let added = try reconciliation.add(statement)
                report.imported += added.imported
                report.duplicates += added.duplicates
                report.skipped += statement.skipped
                accounts.formUnion(statement.accounts)
                for problem in statement.problems {
                    let text = problem.message(in: words.language)
                    report.errors.append(.init(file: file, error: text))
                    if !json { console.note(words.statementRowFailed(file, text)) }
                }
                failed += statement.problems.count
                // Which bank each file was read as, said without --verbose.
                if !json {
                    console.note(
                        words.statementRead(
                            file, bank: words.bank.name(of: statement.bank),
                            layout: statement.layout.description(in: words.language), added: added.imported,
                            duplicates: added.duplicates, skipped: statement.skipped))
                }
            } catch let error as StoreError {
                throw error
            } catch {
                let failure = CommandFailure(error)
                if failure.status == .notFound { missing += 1 }
                let text = failure.message(in: words.language)
                report.errors.append(.init(file: file, error: text))
                if !json { console.note(words.statementRowFailed(file, text)) }
                failed += 1
            }
        }
        report.accounts = accounts.sorted()
        if json {
            console.output(try JSONOutput.encode(report))
        } else {
            console.output(
                words.statementsImported(
                    added: report.imported, duplicates: report.duplicates, skipped: report.skipped,
                    problems: report.errors.count))
        }
        if failed > 0 {
            let count = failed
            // Only missing files: 3, as for anything not found; anything unreadable makes it 6.
            throw CommandFailure(status: missing == failed ? .notFound : .invalidInput) {
                Words($0).statementsFailed(count)
            }
        }
    }

    /// The file's bytes, or a failure that says it is missing (3) or unreadable (1).
    static func bytes(of file: String) throws -> [UInt8] {
        try reading(file) { Array(try Data(contentsOf: URL(fileURLWithPath: file))) }
    }

    /// A statement file's bytes, read a piece at a time and refused at a line past
    /// `BankStatement.maximumLineLength` (6) before the rest is read; or a failure that says it is
    /// missing (3) or unreadable (1).
    static func statementBytes(of file: String) throws -> [UInt8] {
        try reading(file) {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            return try BankStatement.bytes(from: handle)
        }
    }

    /// What `read` makes of an existing file; a missing one is not found (3), an error of the
    /// system unreadable (1), and a statement's own error passed on.
    private static func reading(_ file: String, _ read: () throws -> [UInt8]) throws -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CommandFailure(status: .notFound) { Words($0).noSuchFile }
        }
        do {
            return try read()
        } catch let error as StatementError {
            throw error
        } catch {
            let reason = (error as NSError).localizedDescription
            throw CommandFailure(status: .failure) { Words($0).cannotReadFile(reason) }
        }
    }
}

/// `receipts bank remove (--file FILE | --payment ID) [--json]`: takes stored operations out, with
/// their pairs: those a statement holds, or one by its ID (as `match --json` gives it).
struct BankRemoveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove", abstract: HelpText.bankRemoveAbstract, discussion: HelpText.bankRemoveDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Option(help: ArgumentHelp(HelpText.removeFileHelp, valueName: HelpText.statementFileValue)) var file: String?
    @Option(help: ArgumentHelp(HelpText.removePaymentHelp, valueName: HelpText.paymentIDValue)) var payment: Int64?

    func validate() throws {
        guard (file == nil) != (payment == nil) else { throw ValidationError(HelpText.fileOrPayment) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(rules: .unused)
        let removed: Int
        if let payment {
            guard try database.removeBankPayment(id: payment) else {
                throw CommandFailure(status: .notFound) { Words($0).noSuchPayment(payment) }
            }
            removed = 1
        } else {
            // `validate()` leaves exactly one of the two: without --payment, --file is given.
            // Read whole before anything is removed: a file that is no statement removes nothing.
            let statement = try BankStatement.read(try BankImportCommand.statementBytes(of: file ?? ""))
            removed = try BankReconciliation(database: database).remove(statement)
        }
        if json {
            console.output(try JSONOutput.encode(["removed": removed]))
        } else {
            console.output(words.paymentsRemoved(removed))
        }
    }
}

/// `receipts bank import --json`.
struct BankImportJSON: Encodable {
    var imported = 0
    var duplicates = 0
    var skipped = 0
    var accounts: [String] = []
    var errors: [FileError] = []

    struct FileError: Encodable {
        var file: String
        var error: String
    }
}
