import ArgumentParser

/// `receipts`: the root of the command line; it only groups the commands.
struct Receipts: AsyncParsableCommand {
    /// This build's version, which `receipts --version` prints; `CHANGELOG.md` says what each
    /// version brought.
    static let version = "0.3.0"

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "receipts",
            abstract: HelpText.rootAbstract,
            discussion: HelpText.rootDiscussion,
            version: version,
            subcommands: [
                LoginCommand.self, LogoutCommand.self, PasswdCommand.self, WhoAmICommand.self, ImportCommand.self,
                ListCommand.self,
                ShowCommand.self, SearchCommand.self, HistoryCommand.self, StatsCommand.self, PricesCommand.self,
                InflationCommand.self, BudgetCommand.self, RecurringCommand.self,
                CategoriesCommand.self, ShopsCommand.self, PeopleCommand.self, PaidByCommand.self, SplitCommand.self,
                HouseholdCommand.self,
                ReportCommand.self, PlacesCommand.self, QRCommand.self, ScanCommand.self, AddCommand.self,
                ServeCommand.self,
                DemoCommand.self, BackupCommand.self, TaxServiceCommand.self, CabinetCommand.self, MailCommand.self,
                CompleteCommand.self,
                WebCommand.self,
                BankCommand.self, BankMatchCommand.self, ExportCommand.self,
            ]
        )
    }
}

extension Receipts {
    /// The command that the leading words name (`places star …` is `places star`), and how many
    /// words name it; the root when the first word is no command.
    static func command(namedBy words: some Sequence<String>) -> (command: any ParsableCommand.Type, words: Int) {
        var command: any ParsableCommand.Type = Receipts.self
        var count = 0
        for word in words {
            guard
                let next = command.configuration.subcommands.first(where: {
                    $0._commandName == word || $0.configuration.aliases.contains(word)
                })
            else { break }
            command = next
            count += 1
        }
        return (command, count)
    }
}
