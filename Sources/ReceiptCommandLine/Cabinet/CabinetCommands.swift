import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptSync

/// `receipts lkdr`: the receipts of the tax service's web cabinet «Мои чеки онлайн».
struct CabinetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lkdr", abstract: HelpText.lkdrAbstract, discussion: HelpText.lkdrDiscussion,
            subcommands: [
                CabinetLoginCommand.self, CabinetLogoutCommand.self, CabinetWhoAmICommand.self,
                CabinetImportCommand.self,
            ])
    }
}

/// What a `receipts lkdr` command starts from: the cabinet's address, the kept session and a client
/// that keeps every renewed session at once.
struct CabinetConnection {
    let file: SessionFile<CabinetSession>
    /// The challenge an SMS code answers, kept between `login --phone` and `login --phone …
    /// --code-stdin` when nobody is at a terminal to type the code.
    let challengeFile: CabinetChallengeFile
    let server: URL
    let client: CabinetClient
    let activity: NetworkActivity

    init(_ global: GlobalOptions) throws {
        server = try ProviderEndpoint.cabinet(environment: CommandRun.environment)
        let file = SessionFile<CabinetSession>(folder: global.configFolder())
        self.file = file
        challengeFile = CabinetChallengeFile(folder: global.configFolder())
        let console = Console(global)
        let words = console.words
        activity = NetworkActivity(server: server.absoluteString, console: console, showsStatus: !global.quiet)
        client = CabinetClient(
            server: server, session: try file.load(), deviceID: try file.deviceID(), retry: Connection.retryPolicy(),
            observer: activity.observe
        ) { renewed in
            do throws(SessionFileError) {
                try file.save(renewed)
            } catch {
                console.note(error.message(in: words.language))
            }
        }
    }
}

/// `receipts lkdr login`: signs in by SMS, or from a refresh token taken from the browser.
struct CabinetLoginCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "login", abstract: HelpText.lkdrLoginAbstract, discussion: HelpText.lkdrLoginDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.fnsPhoneHelp, valueName: "+7XXXXXXXXXX")) var phone: String?
    @Flag(name: .customLong("code-stdin"), help: ArgumentHelp(HelpText.fnsCodeStdinHelp))
    var codeFromStandardInput = false
    @Flag(name: .customLong("refresh-token-stdin"), help: ArgumentHelp(HelpText.lkdrRefreshStdinHelp))
    var refreshTokenFromStandardInput = false

    func validate() throws {
        guard (phone != nil) != refreshTokenFromStandardInput else { throw ValidationError(HelpText.lkdrOneWay) }
        if let phone, PhoneNumber(phone) == nil { throw ValidationError(HelpText.fnsBadPhone(phone)) }
        if codeFromStandardInput, phone == nil { throw ValidationError(HelpText.fnsCodeNeedsPhone) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let connection = try CabinetConnection(global)
        let client = connection.client
        let session: CabinetSession
        if let phone = phone.flatMap(PhoneNumber.init) {
            guard let opened = try await bySMS(connection, phone: phone, console: console) else { return }
            session = opened
        } else {
            // Standard input keeps the token out of the arguments, which other users can read (`ps`).
            guard let token = Prompt.answer()?.trimmingCharacters(in: .whitespaces), !token.isEmpty
            else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
            session = try await client.signIn(refreshToken: token)
        }
        try connection.file.save(session)
        console.note(words.lkdrSignedIn(session))
    }

    /// With `--code-stdin`: the code read and checked against the challenge kept by the run that
    /// sent it. Without, the code is sent; on a terminal it is asked for (three tries), elsewhere the
    /// challenge is kept and the command ends saying how to go on (nil).
    private func bySMS(_ connection: CabinetConnection, phone: PhoneNumber, console: Console) async throws
        -> CabinetSession?
    {
        let words = console.words
        let client = connection.client
        if codeFromStandardInput {
            guard let typed = Prompt.answer()?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else {
                throw CommandFailure(status: .usage) { Words($0).nothingEntered }
            }
            guard let challenge = connection.challengeFile.challenge(for: phone) else {
                throw CommandFailure(status: .usage) { Words($0).lkdrNoChallenge(phone) }
            }
            let session = try await client.verify(phone: phone, challenge: challenge, code: typed)
            connection.challengeFile.remove()
            return session
        }
        let challenge = try await client.requestCode(phone: phone)
        guard Prompt.isInteractive else {
            try connection.challengeFile.save(phone: phone, challenge: challenge)
            console.output(words.lkdrCodeSent(phone))
            return nil
        }
        Prompt.tell(phone.codeSentMessage(in: words.language))
        for attempt in 1...TaxServiceLoginCommand.tries {
            let typed = Prompt.ask(words.fnsCodePrompt)?.trimmingCharacters(in: .whitespaces) ?? ""
            do {
                guard !typed.isEmpty else { throw CommandFailure(status: .usage) { Words($0).nothingEntered } }
                return try await client.verify(phone: phone, challenge: challenge, code: typed)
            } catch CabinetError.signInRefused(let detail) where attempt < TaxServiceLoginCommand.tries {
                Prompt.tell(
                    CabinetError.signInRefused(detail: detail).message(in: words.language) + "; "
                        + words.triesLeft(TaxServiceLoginCommand.tries - attempt))
            }
        }
        return nil
    }
}

/// `receipts lkdr logout`: forgets the session kept here.
struct CabinetLogoutCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: HelpText.lkdrLogoutAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func run() async throws {
        let file = SessionFile<CabinetSession>(folder: global.configFolder())
        let had = try file.load() != nil
        try file.signOut()
        let console = Console(global)
        console.note(had ? console.words.lkdrSignedOut : console.words.lkdrWasNotSignedIn)
    }
}

/// `receipts lkdr whoami [--json]`: whose session is kept here, if any.
struct CabinetWhoAmICommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "whoami", abstract: HelpText.lkdrWhoamiAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    struct Output: Encodable {
        let signedIn: Bool
        let server: String
        @NullWhenAbsent var phone: String?
        @NullWhenAbsent var tokenExpires: String?
    }

    func run() async throws {
        let server = try ProviderEndpoint.cabinet(environment: CommandRun.environment).absoluteString
        let session = try SessionFile<CabinetSession>(folder: global.configFolder()).load()
        let output = Output(
            signedIn: session != nil, server: server, phone: session?.phone,
            tokenExpires: session?.tokenExpires.map { ISO8601DateFormatter().string(from: $0) })
        let console = Console(global)
        if json {
            console.output(try JSONOutput.encode(output))
        } else {
            console.output(console.words.lkdrWhoami(session, server: server))
        }
    }
}

/// `receipts lkdr import [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]`: every receipt of the
/// cabinet into the local database, each kept as it arrives.
struct CabinetImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: HelpText.lkdrImportAbstract, discussion: HelpText.lkdrImportDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.lkdrFromHelp, valueName: HelpText.dayValue)) var from: String?
    @Option(help: ArgumentHelp(HelpText.lkdrToHelp, valueName: HelpText.dayValue)) var to: String?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    static func day(_ text: String) -> LocalDateTime? { try? LocalDateTime(iso: text + "T00:00:00") }

    func validate() throws {
        for text in [from, to].compactMap({ $0 }) where Self.day(text) == nil {
            throw ValidationError(HelpText.badDay(text))
        }
        if let first = from.flatMap(Self.day), let last = to.flatMap(Self.day), last.isoDate < first.isoDate {
            throw ValidationError(HelpText.daysBackwards(from ?? "", to ?? ""))
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase()
        let connection = try CabinetConnection(global)
        guard connection.client.currentSession != nil else { throw CabinetError.notSignedIn }
        let live = !json && !global.quiet && LiveLine.current.terminal
        let summary = try await CabinetImport(client: connection.client, database: database).run(
            from: from.flatMap(Self.day), to: to.flatMap(Self.day)
        ) { summary in
            if live { LiveLine.current.setProgress(summary.progressMessage(in: words.language)) }
        }
        LiveLine.current.end()
        console.output(json ? try JSONOutput.encode(summary) : summary.message(in: words.language))
    }
}
