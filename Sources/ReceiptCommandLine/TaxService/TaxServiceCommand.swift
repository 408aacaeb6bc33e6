import ArgumentParser

/// `receipts fns`: the person's account at the tax service (the API of its app «Проверка чеков»).
struct TaxServiceCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "fns", abstract: HelpText.fnsAbstract, discussion: HelpText.fnsDiscussion,
            subcommands: [
                TaxServiceLoginCommand.self, TaxServiceLogoutCommand.self, TaxServiceWhoAmICommand.self,
                TaxServiceImportCommand.self,
            ])
    }
}
