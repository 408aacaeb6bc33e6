import ArgumentParser

/// `receipts`: the root of the command line; it only groups the commands.
struct Receipts: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "receipts",
            abstract: Strings.rootAbstract,
            discussion: Strings.rootDiscussion,
            subcommands: [
                LoginCommand.self, LogoutCommand.self, WhoAmICommand.self, ImportCommand.self, ListCommand.self,
                ShowCommand.self, SearchCommand.self, HistoryCommand.self, StatsCommand.self, CategoriesCommand.self,
                ReportCommand.self, PlacesCommand.self, QRCommand.self, ScanCommand.self, AddCommand.self,
                ServeCommand.self,
                DemoCommand.self, BackupCommand.self,
            ]
        )
    }
}
