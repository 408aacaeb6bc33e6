import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore

/// `receipts fns login`: signs in to the tax service by SMS, by INN and password, or from a refresh
/// token, and keeps the session.
struct TaxServiceLoginCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "login", abstract: Strings.fnsLoginAbstract, discussion: Strings.fnsLoginDiscussion)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(Strings.fnsPhoneHelp, valueName: "+7XXXXXXXXXX")) var phone: String?
    @Option(help: ArgumentHelp(Strings.fnsCodeHelp, valueName: Strings.fnsCodeValue)) var code: String?
    @Option(help: ArgumentHelp(Strings.fnsINNHelp, valueName: Strings.fnsINNValue)) var inn: String?
    @Flag(name: .customLong("password-stdin"), help: ArgumentHelp(Strings.fnsPasswordStdinHelp))
    var passwordFromStandardInput = false
    @Flag(name: .customLong("refresh-token-stdin"), help: ArgumentHelp(Strings.fnsRefreshStdinHelp))
    var refreshTokenFromStandardInput = false

    /// How many times a person at the terminal may type the SMS code or the password.
    static let tries = 3

    func validate() throws {
        let ways = [phone != nil, inn != nil, refreshTokenFromStandardInput].filter { $0 }.count
        guard ways == 1 else { throw ValidationError(Strings.fnsOneWay) }
        if let phone, PhoneNumber(phone) == nil { throw ValidationError(Strings.fnsBadPhone(phone)) }
        if code != nil, phone == nil { throw ValidationError(Strings.fnsCodeNeedsPhone) }
        if passwordFromStandardInput, inn == nil { throw ValidationError(Strings.fnsPasswordNeedsINN) }
        if let inn {
            do {
                _ = try TaxpayerNumber(inn)
            } catch {
                throw ValidationError("\(inn): " + error.message(in: Strings.language))
            }
            if !passwordFromStandardInput, !Prompt.isInteractive {
                throw ValidationError(Strings.fnsPasswordNeedsTerminal)
            }
        }
    }

    func run() async throws {
        let console = Console(global)
        let connection = try TaxServiceConnection(global)
        let client = connection.client
        let session: TaxServiceSession
        if let phone = phone.flatMap(PhoneNumber.init) {
            guard let opened = try await bySMS(client, phone: phone, console: console) else { return }
            session = opened
        } else if let inn {
            session = try await byPassword(client, inn: try TaxpayerNumber(inn))
        } else {
            guard let token = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !token.isEmpty
            else { throw CommandFailure(status: .usage) { _ in Strings.nothingEntered } }
            session = try await client.signIn(refreshToken: token)
        }
        try connection.file.save(session)
        console.note(Strings.fnsSignedIn(session))
    }

    /// With `--code`: the code checked. Without, the code is sent; on a terminal it is asked for (three
    /// tries), elsewhere the command ends saying how to go on (nil).
    private func bySMS(_ client: TaxServiceClient, phone: PhoneNumber, console: Console) async throws
        -> TaxServiceSession?
    {
        if let code { return try await client.verify(phone: phone, code: code) }
        try await client.requestCode(phone: phone)
        guard Prompt.isInteractive else {
            console.output(Strings.fnsCodeSent(phone))
            return nil
        }
        Prompt.tell(Strings.fnsCodeSentAsk(phone))
        for attempt in 1...Self.tries {
            let typed = Prompt.ask(Strings.fnsCodePrompt)?.trimmingCharacters(in: .whitespaces) ?? ""
            do {
                guard !typed.isEmpty else { throw CommandFailure(status: .usage) { _ in Strings.nothingEntered } }
                return try await client.verify(phone: phone, code: typed)
            } catch ProviderError.signInRefused(let detail) where attempt < Self.tries {
                Prompt.tell(
                    ProviderError.signInRefused(detail: detail).message(in: Strings.language) + "; "
                        + Strings.triesLeft(Self.tries - attempt))
            }
        }
        return nil
    }

    private func byPassword(_ client: TaxServiceClient, inn: TaxpayerNumber) async throws -> TaxServiceSession {
        if passwordFromStandardInput {
            guard let password = readLine(strippingNewline: true), !password.isEmpty else {
                throw CommandFailure(status: .usage) { _ in Strings.nothingEntered }
            }
            return try await client.signIn(inn: inn, password: password)
        }
        for attempt in 1...Self.tries {
            let password = Prompt.secret(Strings.fnsPasswordPrompt) ?? ""
            do {
                guard !password.isEmpty else { throw CommandFailure(status: .usage) { _ in Strings.nothingEntered } }
                return try await client.signIn(inn: inn, password: password)
            } catch ProviderError.signInRefused(let detail) where attempt < Self.tries {
                Prompt.tell(
                    ProviderError.signInRefused(detail: detail).message(in: Strings.language) + "; "
                        + Strings.triesLeft(Self.tries - attempt))
            }
        }
        throw CommandFailure(status: .authenticationNeeded) { _ in Strings.nothingEntered }
    }
}
