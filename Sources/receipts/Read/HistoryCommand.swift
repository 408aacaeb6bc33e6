import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts history [PREFIX] [--clear]`: the last five search texts.
struct HistoryCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "history", abstract: Strings.historyAbstract)
    }

    @OptionGroup(title: Strings.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(Strings.historyPrefixHelp, valueName: Strings.textValue)) var prefix: String?
    @Flag(help: ArgumentHelp(Strings.clearHelp)) var clear = false
    @Flag(help: ArgumentHelp(Strings.jsonHelp)) var json = false

    func run() async throws {
        let console = Console(global)
        let database = try global.openDatabase(createIfMissing: false, rules: .unused)
        if clear {
            try database.clearSearchHistory()
            console.note(Strings.historyCleared)
            return
        }
        let texts = try database.searchHistory(containing: prefix)
        if json {
            console.output(try JSONOutput.encode(["history": texts]))
        } else {
            for text in texts { console.output(text) }
        }
    }
}
