import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore

/// `receipts fns login`: signs in to the tax service by SMS, by INN and password, or from a refresh
/// token, and keeps the session.
struct TaxServiceLoginCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "login", abstract: HelpText.fnsLoginAbstract, discussion: HelpText.fnsLoginDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.fnsPhoneHelp, valueName: "+7XXXXXXXXXX")) var phone: String?
    @Option(help: ArgumentHelp(HelpText.fnsCodeHelp, valueName: HelpText.fnsCodeValue)) var code: String?
    @Flag(name: .customLong("code-stdin"), help: ArgumentHelp(HelpText.fnsCodeStdinHelp))
    var codeFromStandardInput = false
    @Option(help: ArgumentHelp(HelpText.fnsINNHelp, valueName: HelpText.fnsINNValue)) var inn: String?
    @Flag(name: .customLong("password-stdin"), help: ArgumentHelp(HelpText.fnsPasswordStdinHelp))
    var passwordFromStandardInput = false
    @Flag(name: .customLong("refresh-token-stdin"), help: ArgumentHelp(HelpText.fnsRefreshStdinHelp))
    var refreshTokenFromStandardInput = false

    /// How many times a person at the terminal may type the SMS code or the password.
    static let tries = 3

    func validate() throws {
        let ways = [phone != nil, inn != nil, refreshTokenFromStandardInput].filter { $0 }.count
        guard ways == 1 else { throw ValidationError(HelpText.fnsOneWay) }
        if let phone, PhoneNumber(phone) == nil { throw ValidationError(HelpText.fnsBadPhone(phone)) }
        if code != nil || codeFromStandardInput, phone == nil { throw ValidationError(HelpText.fnsCodeNeedsPhone) }
        if code != nil, codeFromStandardInput { throw ValidationError(HelpText.fnsOneCode) }
        if passwordFromStandardInput, inn == nil { throw ValidationError(HelpText.fnsPasswordNeedsINN) }
        if let inn {
            do {
                _ = try TaxpayerNumber(inn)
            } catch {
                throw ValidationError("\(inn): " + error.message(in: Words(global).language))
            }
            if !passwordFromStandardInput, !Prompt.isInteractive {
                throw ValidationError(HelpText.fnsPasswordNeedsTerminal)
            }
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let connection = try TaxServiceConnection(global)
        let client = connection.client
        let session: TaxServiceSession
        if let phone = phone.flatMap(PhoneNumber.init) {
            guard let opened = try await bySMS(client, phone: phone, console: console) else { return }
            session = opened
        } else if let inn {
            session = try await byPassword(client, inn: try TaxpayerNumber(inn), words: words)
        } else {
            guard let token = Prompt.answer()?.trimmingCharacters(in: .whitespaces), !token.isEmpty
            else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
            session = try await client.signIn(refreshToken: token)
        }
        try connection.file.save(session)
        console.note(words.fnsSignedIn(session))
    }

    /// With `--code` or `--code-stdin`: the code checked. Without, the code is sent; on a terminal it
    /// is asked for (three tries), elsewhere the command ends saying how to go on (nil).
    private func bySMS(_ client: TaxServiceClient, phone: PhoneNumber, console: Console) async throws
        -> TaxServiceSession?
    {
        let words = console.words
        if let code { return try await client.verify(phone: phone, code: code) }
        if codeFromStandardInput {
            // Standard input keeps the code out of the arguments, which other users can read (`ps`).
            guard let typed = Prompt.answer()?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else {
                throw CommandFailure(status: .usage) { Words($0).nothingEntered }
            }
            return try await client.verify(phone: phone, code: typed)
        }
        try await client.requestCode(phone: phone)
        guard Prompt.isInteractive else {
            console.output(words.fnsCodeSent(phone))
            return nil
        }
        Prompt.tell(words.fnsCodeSentAsk(phone))
        for attempt in 1...Self.tries {
            let typed = Prompt.ask(words.fnsCodePrompt)?.trimmingCharacters(in: .whitespaces) ?? ""
            do {
                guard !typed.isEmpty else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
                return try await client.verify(phone: phone, code: typed)
            } catch ProviderError.signInRefused(let detail) where attempt < Self.tries {
                Prompt.tell(
                    ProviderError.signInRefused(detail: detail).message(in: words.language) + "; "
                        + words.triesLeft(Self.tries - attempt))
            }
        }
        return nil
    }

    private func byPassword(_ client: TaxServiceClient, inn: TaxpayerNumber, words: Words) async throws
        -> TaxServiceSession
    {
        if passwordFromStandardInput {
            guard let password = Prompt.answer(), !password.isEmpty else {
                throw CommandFailure(status: .usage) { Words($0).nothingEntered }
            }
            return try await client.signIn(inn: inn, password: password)
        }
        for attempt in 1...Self.tries {
            let password = Prompt.secret(words.fnsPasswordPrompt) ?? ""
            do {
                guard !password.isEmpty else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
                return try await client.signIn(inn: inn, password: password)
            } catch ProviderError.signInRefused(let detail) where attempt < Self.tries {
                Prompt.tell(
                    ProviderError.signInRefused(detail: detail).message(in: words.language) + "; "
                        + words.triesLeft(Self.tries - attempt))
            }
        }
        throw CommandFailure(status: .authenticationNeeded) { Words($0).nothingEntered }
    }
}
