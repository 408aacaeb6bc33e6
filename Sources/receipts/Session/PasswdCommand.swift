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
            commandName: "passwd", abstract: Strings.passwdAbstract, discussion: Strings.passwdDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions

    @Flag(name: .customLong("password-stdin"), help: ArgumentHelp(Strings.passwdStdinHelp))
    var passwordsFromStandardInput = false

    func validate() throws {
        if !passwordsFromStandardInput, !Prompt.isInteractive { throw ValidationError(Strings.passwdNeedsTerminal) }
    }

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        let session = try connection.requireSession()
        guard session.kind == .authorized, let login = session.login else {
            throw CommandFailure(status: .invalidInput) { _ in Strings.anonymousHasNoPassword }
        }
        let (current, new): (String, String)
        if passwordsFromStandardInput {
            current = try Prompt.required(readLine(strippingNewline: true))
            new = try Prompt.required(readLine(strippingNewline: true))
        } else {
            current = try Prompt.required(Prompt.secret(Strings.currentPasswordPrompt))
            new = try Prompt.required(Prompt.secret(Strings.newPasswordPrompt))
            guard Prompt.secret(Strings.passwordAgainPrompt) == new else {
                throw CommandFailure(status: .invalidInput) { _ in Strings.passwordsDiffer }
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
            throw CommandFailure(status: .invalidInput) { _ in Strings.currentPasswordWrong }
        }
        console.note(Strings.passwordChanged(login, server: connection.server.absoluteString))
    }
}
