import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptReports
import ReceiptSync

/// `receipts household create`: a household on the server logged in to, you its owner.
struct HouseholdCreateCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "create", abstract: HelpText.householdCreateAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func run() async throws {
        let console = Console(global)
        _ = try await HouseholdCall.run(global) { try await $0.createHousehold() }
        console.note(console.words.householdCreated)
    }
}

/// `receipts household invite [--role owner|editor|viewer] [--json]`: a one-time code to pass on.
struct HouseholdInviteCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "invite", abstract: HelpText.householdInviteAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.roleHelp, valueName: HelpText.roleValue)) var role: RoleChoice = .editor

    /// The role an invitation gives, as the option names it.
    enum RoleChoice: String, ExpressibleByArgument, CaseIterable {
        case owner, editor, viewer

        var role: HouseholdRole { HouseholdRole(rawValue: rawValue) ?? .editor }
    }
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"code", "role", "expiresAt"}`.
    struct Output: Encodable {
        let code: String
        let role: String
        let expiresAt: String
    }

    func run() async throws {
        let console = Console(global)
        let invitation = try await HouseholdCall.run(global) { try await $0.invite(role: role.role) }
        if json {
            console.output(
                try JSONOutput.encode(
                    Output(code: invitation.code, role: invitation.role.rawValue, expiresAt: invitation.expiresAt)))
            return
        }
        console.output(invitation.code)
        console.note(console.words.invitationNote(role: invitation.role))
    }
}

/// `receipts household join`: joins with a code read from a prompt, or from standard input when it
/// is not a terminal; never from the arguments, where `ps` and the shell's history would keep it.
struct HouseholdJoinCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "join", abstract: HelpText.householdJoinAbstract, discussion: HelpText.householdJoinDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let typed = Prompt.isInteractive ? Prompt.ask(words.codePrompt) : Prompt.answer()
        let code = try Prompt.required(typed?.trimmingCharacters(in: .whitespaces))
        let household = try await HouseholdCall.run(global) { try await $0.join(code: code) }
        console.note(words.joined(household))
    }
}

/// `receipts household leave`.
struct HouseholdLeaveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "leave", abstract: HelpText.householdLeaveAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func run() async throws {
        let console = Console(global)
        try await HouseholdCall.run(global) { try await $0.leaveHousehold() }
        console.note(console.words.householdLeft)
    }
}

/// `receipts household remove LOGIN` (owners only).
struct HouseholdRemoveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remove", abstract: HelpText.householdRemoveAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.memberLoginHelp, valueName: HelpText.loginValue)) var login: String

    func run() async throws {
        let console = Console(global)
        try await HouseholdCall.run(global) { try await $0.removeMember(login: login) }
        console.note(console.words.memberRemoved(login))
    }
}

/// `receipts household members [--json]`.
struct HouseholdMembersCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "members", abstract: HelpText.householdMembersAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"members": [{"login", "role", "joinedAt"}], "role"}`.
    struct Output: Encodable {
        struct Entry: Encodable {
            let login: String
            let role: String
            let joinedAt: String
        }
        let members: [Entry]
        let role: String
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let household = try await HouseholdCall.run(global) { try await $0.household() }
        if json {
            let entries = household.members.map {
                Output.Entry(login: $0.login, role: $0.role.rawValue, joinedAt: $0.joinedAt)
            }
            console.output(try JSONOutput.encode(Output(members: entries, role: household.role.rawValue)))
            return
        }
        var table = TextTable(header: [words.loginHeading, words.roleHeading, words.joinedHeading], cut: [0])
        for member in household.members {
            table.append([member.login.visible(), words.role(member.role), String(member.joinedAt.prefix(10))])
        }
        console.output(table.render(width: Console.width))
    }
}

/// A call on the household of the server logged in to, with its refusals given the exit codes the
/// command line uses: none there (no household, member or code) is 3, a state that refuses it
/// (already a member, the last owner, not an owner, a viewer) is 1. An anonymous session has no
/// login for the others to see: 5 before asking.
enum HouseholdCall {
    static func run<T>(_ global: GlobalOptions, _ call: (ReceiptsClient) async throws -> T) async throws -> T {
        let connection = try Connection(global)
        guard try connection.requireSession().kind == .authorized else {
            throw CommandFailure(status: .authenticationNeeded) { Words($0).householdNeedsLogin }
        }
        do {
            return try await call(connection.client())
        } catch ClientError.rejected(let status, let message) {
            let failure = ClientError.rejected(status: status, message: message)
            switch status {
            case 404: throw CommandFailure(status: .notFound, describe: failure.message(in:))
            case 403, 409, 429: throw CommandFailure(status: .failure, describe: failure.message(in:))
            default: throw failure
            }
        }
    }
}
