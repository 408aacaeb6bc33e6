import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptMail
import ReceiptReports
import ReceiptStore

/// `receipts mail`: the receipts shops and their fiscal data operators send by e-mail.
struct MailCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mail", abstract: HelpText.mailAbstract, discussion: HelpText.mailDiscussion,
            subcommands: [MailImportCommand.self])
    }
}

/// `receipts mail import PATH…` or `receipts mail import --imap URL`.
struct MailImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: HelpText.mailImportAbstract, discussion: HelpText.mailImportDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.mailPathsHelp, valueName: HelpText.pathValue)) var paths: [String] = []
    @Option(help: ArgumentHelp(HelpText.mailIMAPHelp, valueName: "imaps://…")) var imap: String?
    @Option(help: ArgumentHelp(HelpText.mailFolderHelp, valueName: HelpText.nameValue)) var folder: String?
    @Option(help: ArgumentHelp(HelpText.mailSinceHelp, valueName: HelpText.dayValue)) var since: String?
    @Option(help: ArgumentHelp(HelpText.mailPasswordFileHelp, valueName: HelpText.pathValue)) var passwordFile: String?
    @Option(help: ArgumentHelp(HelpText.mailCAFileHelp, valueName: HelpText.pathValue)) var caFile: String?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        guard paths.isEmpty != (imap == nil) else { throw ValidationError(HelpText.mailPathOrIMAP) }
        if imap == nil, folder != nil || since != nil || passwordFile != nil || caFile != nil {
            throw ValidationError(HelpText.mailIMAPOnly)
        }
        if let since, CabinetImportCommand.day(since) == nil { throw ValidationError(HelpText.badDay(since)) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase()
        let live = !json && !global.quiet && LiveLine.current.terminal
        let importer = MailImport(database: database)
        let summary: MailImport.Summary
        if let imap {
            summary = try await importIMAP(imap, with: importer, words: words, live: live)
        } else {
            summary = try importer.run(MailFiles(paths: paths)) { summary in
                if live { LiveLine.current.setProgress(words.mailReading(summary.letters)) }
            }
        }
        LiveLine.current.end()
        console.output(json ? try JSONOutput.encode(summary) : summary.message(in: words.language))
    }

    /// The password: from the file (which only its owner may read), else asked at the terminal.
    func password(for address: String, words: Words) throws -> String {
        if let passwordFile {
            if PrivateFile.isShared(passwordFile) {
                throw CommandFailure(status: .authenticationNeeded) { Words($0).mailPasswordFileShared(passwordFile) }
            }
            guard let data = FileManager.default.contents(atPath: passwordFile),
                let text = String(data: data, encoding: .utf8)
            else {
                throw CommandFailure(status: .authenticationNeeded) {
                    Words($0).mailPasswordFileUnreadable(passwordFile)
                }
            }
            // The file's last line break is no part of the password.
            var password = Substring(text)
            while password.last == "\n" || password.last == "\r" { password = password.dropLast() }
            return String(password)
        }
        guard Prompt.isInteractive else {
            throw CommandFailure(status: .authenticationNeeded) { Words($0).mailPasswordNeeded }
        }
        return try Prompt.required(Prompt.secret(words.mailPasswordQuestion(address)))
    }
}

extension MailImportCommand {
    /// The folder of the mailbox `imap` names, read through its password.
    func importIMAP(_ imap: String, with importer: MailImport, words: Words, live: Bool) async throws
        -> MailImport.Summary
    {
        let address = try IMAPAddress(parsing: imap)
        let day = since.flatMap(CabinetImportCommand.day)
        let source = MailImport.IMAPSource(
            address: address, folder: folder, password: try password(for: address.description, words: words),
            trustRoots: caFile, since: day.map { ($0.year, $0.month, $0.day) })
        return try await importer.run(source) { summary in
            if live { LiveLine.current.setProgress(words.mailReading(summary.letters)) }
        }
    }
}
