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

    /// How many times a person at the terminal may enter a password.
    static let tries = 3

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        let client = connection.client()
        let info: SessionInfo
        if anonymous {
            info = try await client.openAnonymous()
        } else if passwordFromStandardInput {
            let name = try login ?? Self.required(Prompt.ask(Strings.loginPrompt))
            let password = try Self.required(readLine(strippingNewline: true))
            info = try await open(client, login: name, password: password)
        } else {
            info = try await askAndOpen(client)
        }
        _ = try connection.save(info, from: client)
        console.note(Strings.loggedIn(info, server: connection.server.absoluteString))
    }

    /// On a terminal: asks for the login (unless given) and the password, a new one twice; asks for
    /// the password again after a wrong one, two that differ or one that breaks the rules, three
    /// tries in all.
    private func askAndOpen(_ client: ReceiptsClient) async throws -> SessionInfo {
        let name = try login ?? Self.required(Prompt.ask(Strings.loginPrompt))
        var attempt = 1
        while true {
            let left = Self.tries - attempt
            let password = try Self.required(Prompt.secret(Strings.passwordPrompt))
            do {
                if register {
                    let again = Prompt.secret(Strings.passwordAgainPrompt)
                    guard again == password else {
                        throw CommandFailure(status: .invalidInput) { _ in Strings.passwordsDiffer }
                    }
                }
                return try await open(client, login: name, password: password)
            } catch let error as CommandFailure where error.status == .invalidInput && left > 0 {
                Prompt.tell(error.message(in: Strings.language) + "; " + Strings.triesLeft(left))
            } catch ClientError.wrongCredentials where left > 0 {
                Prompt.tell(ClientError.wrongCredentials.message(in: Strings.language) + "; " + Strings.triesLeft(left))
            }
            attempt += 1
        }
    }

    /// Logs in, or creates the account when `--register` says so, its rules checked here first.
    private func open(_ client: ReceiptsClient, login name: String, password: String) async throws -> SessionInfo {
        guard register else { return try await client.logIn(login: name, password: password) }
        let problems = AccountRules.problems(login: name, password: password)
        guard problems.isEmpty else {
            throw CommandFailure(status: .invalidInput) { language in
                problems.map { $0.message(in: language) }.joined(separator: "\n")
            }
        }
        return try await client.register(login: name, password: password)
    }

    private static func required(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else {
            throw CommandFailure(status: .usage) { _ in Strings.nothingEntered }
        }
        return value
    }
}
