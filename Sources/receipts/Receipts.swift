import ArgumentParser

/// `receipts`: the root of the command line; it only groups the commands.
struct Receipts: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "receipts",
            abstract: Strings.rootAbstract,
            discussion: Strings.rootDiscussion,
            subcommands: [QRCommand.self, ServeCommand.self]
        )
    }
}
