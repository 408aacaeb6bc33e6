import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptSync

/// `receipts import [--json] [FILE...]`: the account's receipts from the server, or exported files.
struct ImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: HelpText.importAbstract, discussion: HelpText.importDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Argument(help: ArgumentHelp(HelpText.importFilesHelp, valueName: HelpText.pathValue)) var files: [String] = []

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase()
        if !files.isEmpty {
            try FileImportRun(files: files, database: database, console: console, json: json).run()
            return
        }
        var connection = try Connection(global)
        var session = try connection.requireSession()
        console.note(words.importingAs(session))
        let progress = ProgressBar(enabled: !json && !global.quiet, language: words.language)
        var summary = ImportSummary()
        do {
            while true {
                do {
                    let importer = Importer(
                        client: connection.client(), database: database, source: session.syncSource)
                    let part = try await importer.run { progress.show($0) }
                    summary.merge(part)
                    break
                } catch ClientError.unauthorized(let server) {
                    progress.finish()
                    // The session died mid-way; the pages written so far stay. Ask, or say how to log in.
                    guard Prompt.isInteractive, let renewed = try await Self.renewSession(connection, console: console)
                    else {
                        throw ClientError.unauthorized(server: server)
                    }
                    progress.beginPart()
                    session = renewed
                    connection = try Connection(global)
                }
            }
        } catch {
            progress.finish()
            throw Self.stopped(by: error, kept: progress.receiptsWritten)
        }
        progress.finish()
        if json {
            console.output(try JSONOutput.encode(ImportReport(summary)))
        } else {
            console.output(words.imported(summary))
        }
    }

    /// The failure that stopped an import, with what it kept: every page written before it stays, and
    /// the next run goes on after them.
    static func stopped(by error: any Error, kept: Int) -> any Error {
        guard kept > 0 else { return error }
        let failure = CommandFailure(error)
        return CommandFailure(status: failure.status) { language in
            failure.message(in: language) + "\n" + Words(language).importKept(kept)
        }
    }

    /// On a terminal: log in again or go on anonymously; nil when the person declines.
    static func renewSession(_ connection: Connection, console: Console) async throws -> SavedSession? {
        let words = console.words
        let answer = Prompt.ask(words.sessionDiedQuestion)?.lowercased() ?? ""
        switch answer {
        case "l", "д", "л", "login", "войти":
            guard let login = Prompt.ask(words.loginPrompt), let password = Prompt.secret(words.passwordPrompt)
            else { return nil }
            return try await connection.account.signIn(.logIn(login: login, password: password))
        case "a", "а", "anonymous", "анонимно":
            return try await connection.account.signIn(.anonymous)
        default:
            return nil
        }
    }
}

/// The `--json` shape of `import`: `{"imported", "updated", "unchanged", "pages", "months": {"YYYY-MM": n}}`.
struct ImportReport: Encodable {
    let imported: Int
    let updated: Int
    let unchanged: Int
    let pages: Int
    let months: [String: Int]
    var errors: [FileFailure]?

    struct FileFailure: Encodable {
        let file: String
        let error: String
    }

    init(_ summary: ImportSummary, errors: [FileFailure]? = nil) {
        imported = summary.imported
        updated = summary.updated
        unchanged = summary.unchanged
        pages = summary.pages
        months = Dictionary(uniqueKeysWithValues: summary.months.map { ($0.key.description, $0.value) })
        self.errors = errors
    }

}
