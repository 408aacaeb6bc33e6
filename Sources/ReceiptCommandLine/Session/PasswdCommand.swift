import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptSync

/// `receipts passwd`: changes the password of the account logged in to; every other session of it
/// ends, this one goes on.
struct PasswdCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "passwd", abstract: HelpText.passwdAbstract, discussion: HelpText.passwdDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Flag(name: .customLong("password-stdin"), help: ArgumentHelp(HelpText.passwdStdinHelp))
    var passwordsFromStandardInput = false

    func validate() throws {
        if !passwordsFromStandardInput, !Prompt.isInteractive { throw ValidationError(HelpText.passwdNeedsTerminal) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let connection = try Connection(global)
        connection.warnIfInClear(console)
        let session = try connection.requireSession()
        guard session.kind == .authorized, let login = session.login else {
            throw CommandFailure(status: .invalidInput) { Words($0).anonymousHasNoPassword }
        }
        let (current, new): (String, String)
        if passwordsFromStandardInput {
            current = try Prompt.required(Prompt.answer())
            new = try Prompt.required(Prompt.answer())
        } else {
            current = try Prompt.required(Prompt.secret(words.currentPasswordPrompt))
            new = try Prompt.required(Prompt.secret(words.newPasswordPrompt))
            guard Prompt.secret(words.passwordAgainPrompt) == new else {
                throw CommandFailure(status: .invalidInput) { Words($0).passwordsDiffer }
            }
        }
        // The rules are checked here first, so that a short password costs no request.
        let problems = AccountRules.problems(login: login, password: new)
        guard problems.isEmpty else {
            throw CommandFailure(status: .invalidInput) { language in
                problems.map { $0.message(in: language) }.joined(separator: "; ")
            }
        }
        do {
            try await connection.client().changePassword(from: current, to: new)
        } catch .rejected(403, _) {
            throw CommandFailure(status: .invalidInput) { Words($0).currentPasswordWrong }
        }
        console.note(words.passwordChanged(login, server: connection.server.absoluteString))
    }
}
