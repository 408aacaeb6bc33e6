import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptSync

/// `receipts fns logout`: forgets the tax-service session kept here.
struct TaxServiceLogoutCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: HelpText.fnsLogoutAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func run() async throws {
        let file = TaxServiceSessionFile(folder: global.configFolder())
        let had = try file.load() != nil
        try file.signOut()
        let console = Console(global)
        console.note(had ? console.words.fnsSignedOut : console.words.fnsWasNotSignedIn)
    }
}

/// `receipts fns whoami [--json]`: whose tax-service session is kept here, if any.
struct TaxServiceWhoAmICommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "whoami", abstract: HelpText.fnsWhoamiAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    struct Output: Encodable {
        let signedIn: Bool
        let server: String
        @NullWhenAbsent var phone: String?
        @NullWhenAbsent var inn: String?
        @NullWhenAbsent var renewedAt: String?
    }

    func run() async throws {
        let server = try ProviderEndpoint.fns(environment: CommandRun.environment).absoluteString
        let session = try TaxServiceSessionFile(folder: global.configFolder()).load()
        let output = Output(
            signedIn: session != nil, server: server, phone: session?.phone, inn: session?.inn,
            renewedAt: session.map { ISO8601DateFormatter().string(from: $0.renewedAt) })
        let console = Console(global)
        let words = console.words
        if json {
            console.output(try JSONOutput.encode(output))
        } else if let session {
            console.output(words.fnsWhoami(session, server: server))
        } else {
            console.output(words.fnsNobody(server))
        }
    }
}
