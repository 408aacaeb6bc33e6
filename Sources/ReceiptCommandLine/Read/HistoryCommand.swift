import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts history [PREFIX] [--clear]`: the last five search texts.
struct HistoryCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "history", abstract: HelpText.historyAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.historyPrefixHelp, valueName: HelpText.textValue)) var prefix: String?
    @Flag(help: ArgumentHelp(HelpText.clearHelp)) var clear = false
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .unused)
        if clear {
            try database.clearSearchHistory()
            console.note(words.historyCleared)
            return
        }
        let texts = try database.searchHistory(containing: prefix)
        if json {
            console.output(try JSONOutput.encode(["history": texts]))
        } else {
            for text in texts { console.output(text.visible()) }
        }
    }
}
