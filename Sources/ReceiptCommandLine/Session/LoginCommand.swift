import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptSync

/// `receipts login`: opens a session on the server and keeps its cookie.
struct LoginCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "login", abstract: HelpText.loginAbstract, discussion: HelpText.loginDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    @Option(name: .customLong("login"), help: ArgumentHelp(HelpText.loginNameHelp, valueName: HelpText.loginValue))
    var login: String?
    @Flag(name: .customLong("password-stdin"), help: ArgumentHelp(HelpText.passwordStdinHelp))
    var passwordFromStandardInput = false
    @Flag(help: ArgumentHelp(HelpText.anonymousHelp)) var anonymous = false
    @Flag(help: ArgumentHelp(HelpText.registerHelp)) var register = false

    func validate() throws {
        if anonymous, login != nil || passwordFromStandardInput || register {
            throw ValidationError(HelpText.anonymousAlone)
        }
        if !anonymous, login == nil || !passwordFromStandardInput, !Prompt.isInteractive {
            throw ValidationError(HelpText.loginNeedsTerminal)
        }
    }

    /// How many times a person at the terminal may enter a password.
    static let tries = 3

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let connection = try Connection(global)
        connection.warnIfInClear(console)
        let account = connection.account
        let session: SavedSession
        if anonymous {
            session = try await account.signIn(.anonymous)
        } else if passwordFromStandardInput {
            let name = try login ?? Prompt.required(Prompt.ask(words.loginPrompt))
            let password = try Prompt.required(Prompt.answer())
            session = try await account.signIn(way(login: name, password: password))
        } else {
            session = try await askAndOpen(account, words: words)
        }
        console.note(words.loggedIn(session, server: account.server.absoluteString))
    }

    /// On a terminal: asks for the login (unless given) and the password, a new one twice; asks for
    /// the password again after a wrong one, two that differ or one that breaks the rules, three
    /// tries in all.
    private func askAndOpen(_ account: ServerAccount, words: Words) async throws -> SavedSession {
        let name = try login ?? Prompt.required(Prompt.ask(words.loginPrompt))
        var attempt = 1
        while true {
            let left = Self.tries - attempt
            let password = try Prompt.required(Prompt.secret(words.passwordPrompt))
            do {
                if register {
                    let again = Prompt.secret(words.passwordAgainPrompt)
                    guard again == password else {
                        throw CommandFailure(status: .invalidInput) { Words($0).passwordsDiffer }
                    }
                }
                return try await account.signIn(way(login: name, password: password))
            } catch let error as CommandFailure where error.status == .invalidInput && left > 0 {
                Prompt.tell(error.message(in: words.language) + "; " + words.triesLeft(left))
            } catch let error as RegistrationRefused where left > 0 {
                Prompt.tell(error.message(in: words.language) + "; " + words.triesLeft(left))
            } catch ClientError.wrongCredentials where left > 0 {
                Prompt.tell(ClientError.wrongCredentials.message(in: words.language) + "; " + words.triesLeft(left))
            }
            attempt += 1
        }
    }

    /// Logging in, or creating the account when `--register` says so.
    private func way(login name: String, password: String) -> SignIn {
        register ? .register(login: name, password: password) : .logIn(login: name, password: password)
    }
}
