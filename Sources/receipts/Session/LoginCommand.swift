import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptSync

/// `receipts login`: opens a session on the server and keeps its cookie.
struct LoginCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "login", abstract: Strings.loginAbstract, discussion: Strings.loginDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions

    @Option(name: .customLong("login"), help: ArgumentHelp(Strings.loginNameHelp, valueName: Strings.loginValue))
    var login: String?
    @Flag(name: .customLong("password-stdin"), help: ArgumentHelp(Strings.passwordStdinHelp))
    var passwordFromStandardInput = false
    @Flag(help: ArgumentHelp(Strings.anonymousHelp)) var anonymous = false
    @Flag(help: ArgumentHelp(Strings.registerHelp)) var register = false

    func validate() throws {
        if anonymous, login != nil || passwordFromStandardInput || register {
            throw ValidationError(Strings.anonymousAlone)
        }
        if !anonymous, login == nil || !passwordFromStandardInput, !Prompt.isInteractive {
            throw ValidationError(Strings.loginNeedsTerminal)
        }
    }

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        let client = connection.client()
        let info: SessionInfo
        if anonymous {
            info = try await client.openAnonymous()
        } else {
            let name = try login ?? Self.required(Prompt.ask(Strings.loginPrompt))
            let password =
                try passwordFromStandardInput
                ? Self.required(readLine(strippingNewline: true)) : Self.required(Prompt.secret(Strings.passwordPrompt))
            if register {
                let problems = AccountRules.problems(login: name, password: password)
                guard problems.isEmpty else {
                    throw CommandFailure(status: .invalidInput) { language in
                        problems.map { $0.message(in: language) }.joined(separator: "\n")
                    }
                }
                info = try await client.register(login: name, password: password)
            } else {
                info = try await client.logIn(login: name, password: password)
            }
        }
        _ = try connection.save(info, from: client)
        console.note(Strings.loggedIn(info, server: connection.server.absoluteString))
    }

    private static func required(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else {
            throw CommandFailure(status: .usage) { _ in Strings.nothingEntered }
        }
        return value
    }
}
