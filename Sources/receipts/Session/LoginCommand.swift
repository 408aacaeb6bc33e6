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

    @Option(name: .customLong("login"), help: ArgumentHelp(Strings.loginNameHelp, valueName: "login")) var login:
        String?
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

/// `receipts logout`: ends the session on the server and forgets its cookie.
struct LogoutCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: Strings.logoutAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        guard connection.saved != nil else {
            console.note(Strings.notLoggedIn(connection.server.absoluteString))
            return
        }
        do {
            try await connection.client(retry: RetryPolicy(budget: 5)).logOut()
        } catch .unauthorized {
            // Already ended on the server: forgetting it here is all that is left.
        } catch {
            console.note(Strings.logoutOffline(error.message(in: Strings.language)))
        }
        connection.vault.remove(server: connection.server)
        console.note(Strings.loggedOut(connection.server.absoluteString))
    }
}

/// `receipts whoami [--json]`: anonymous, authorized or none, on which server, as whom.
struct WhoAmICommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "whoami", abstract: Strings.whoamiAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    struct Output: Encodable {
        let kind: String
        let server: String
        @NullWhenAbsent var login: String?
    }

    func run() async throws {
        let console = Console(global)
        let connection = try Connection(global)
        var output = Output(kind: "none", server: connection.server.absoluteString, login: nil)
        if let saved = connection.saved {
            output = Output(kind: saved.kind.rawValue, server: saved.server, login: saved.login)
            // Ask the server whether the session still lives; offline, the saved answer stands.
            do {
                _ = try await connection.client(retry: RetryPolicy(budget: 3)).whoAmI()
            } catch .unauthorized {
                connection.vault.remove(server: connection.server)
                output = Output(kind: "none", server: connection.server.absoluteString, login: nil)
                console.note(Strings.sessionEnded)
            } catch {
                console.note(Strings.notChecked(error.message(in: Strings.language)))
            }
        }
        if json {
            console.output(try JSONOutput.encode(output))
        } else {
            console.output(Strings.whoami(kind: output.kind, login: output.login, server: output.server))
        }
    }
}
