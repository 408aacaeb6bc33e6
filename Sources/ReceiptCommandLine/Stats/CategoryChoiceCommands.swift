import ArgumentParser
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `{"name", "key", "category", "total", "items", "guess": {"category", "confidence"}, "candidates":
/// [...]}`: a name with what its lines cost, the category they count in, the classifier's guess
/// (`null` when a choice or a rule places it, or nothing was guessed), and the categories it could
/// be, best first (``CandidateOutput``; empty without a guess).
struct NameOutput: Encodable {
    let name: String
    let key: String
    let category: String
    let total: Int64
    let items: Int
    @NullWhenAbsent var guess: GuessOutput?
    let candidates: [CandidateOutput]

    init(_ name: NameSpending) {
        self.name = name.name
        key = name.key
        category = name.category.rawValue
        total = name.total.kopecks
        items = name.items
        guess = name.guess.map(GuessOutput.init)
        candidates = name.candidates.map(CandidateOutput.init)
    }

    /// `{"items": [...]}`, as `uncategorized`, `guesses` and `match` print them.
    struct List: Encodable {
        let items: [NameOutput]
    }

    /// The names as a table: lines, money, the name, and `guess` (the guessed category with its
    /// confidence) when `guesses`.
    static func table(_ names: [NameSpending], guesses: Bool, in words: Words) -> String {
        let language = words.language
        let text = ReportText(language)
        var table = TextTable(
            header: [text.items, text.total, text.item] + (guesses ? [words.guessHeading] : []),
            rightAligned: [0, 1],
            cut: guesses ? [2, 3] : [2])
        for name in names {
            let guess = name.guess.map { "\($0.category.name(in: language)) \($0.confidenceText(in: language))" }
            table.append(
                [String(name.items), text.money(name.total), name.name] + (guesses ? [guess ?? "—"] : []))
        }
        return table.render(width: Console.width)
    }

    /// Each name that has candidates, and under it the categories it could be, best first, each with
    /// what the classifier rests it on, wrapped to the terminal's width; nil when none has any.
    static func candidates(_ names: [NameSpending], in words: Words) -> String? {
        let language = words.language
        let width = max(Console.width - 5, 20)
        let blocks = names.filter { !$0.candidates.isEmpty }.map { name in
            ([TextTable.wrapLines(name.name.visible(), width: Console.width)]
                + name.candidates.enumerated().flatMap { index, candidate in
                    let text =
                        "\(candidate.category.name(in: language)) (\(candidate.category.rawValue)) — "
                        + candidate.reasonText(in: language)
                    return TextTable.wrap(text, width: width).enumerated().map { line, part in
                        (line == 0 ? "  \(index + 1). " : "     ") + part
                    }
                }).joined(separator: "\n")
        }
        let heading = TextTable.wrapLines("\(words.candidatesHeading):", width: Console.width)
        return blocks.isEmpty ? nil : heading + "\n" + blocks.joined(separator: "\n")
    }
}

/// `{"category", "confidence", "words", "like": {"name", "by"}}`: a category a name could be, its
/// confidence cut to four places (as ``GuessOutput``), the name's words the classifier learned
/// there, and a name it learned from there that has them, placed `by` the user's `choice`, the
/// `rules`, or the rules' `vocabulary` (`null` when no whole word matched).
struct CandidateOutput: Encodable {
    struct Like: Encodable {
        let name: String
        let by: String
    }

    let category: String
    let confidence: Double
    let words: [String]
    @NullWhenAbsent var like: Like?

    init(_ candidate: NameClassifier.Candidate) {
        category = candidate.category.rawValue
        confidence = GuessOutput(candidate.guess).confidence
        words = candidate.words
        like = candidate.example.map { Like(name: $0.key, by: $0.source.rawValue) }
    }
}

/// `{"category", "confidence"}`: the classifier's guess, its confidence cut (not rounded) to four
/// places, so that one below the applied threshold never reads as at it.
struct GuessOutput: Encodable {
    let category: String
    let confidence: Double

    init(_ guess: NameClassifier.Guess) {
        category = guess.category.rawValue
        confidence = (guess.confidence * 10_000).rounded(.down) / 10_000
    }
}

/// `receipts categories guesses [--limit N] [--json]`: the names the classifier's guesses place.
struct GuessesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "guesses", abstract: HelpText.guessesAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(help: ArgumentHelp(HelpText.limitHelp, valueName: HelpText.countValue)) var limit = 20
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError(HelpText.badLimit) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let names = try database.withCandidates(database.guessedNames(limit: limit))
        if json {
            console.output(try JSONOutput.encode(NameOutput.List(items: names.map(NameOutput.init))))
            return
        }
        guard !names.isEmpty else {
            console.output(words.noGuesses)
            return
        }
        console.output(NameOutput.table(names, guesses: true, in: words))
        if let candidates = NameOutput.candidates(names, in: words) { console.output("\n" + candidates) }
        console.note(words.guessesHint)
    }
}

/// `receipts categories confirm "ITEM NAME"...`: takes the classifier's guess as the user's choice.
struct ConfirmCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "confirm", abstract: HelpText.confirmAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.itemNameHelp, valueName: HelpText.itemValue)) var names: [String]

    func validate() throws {
        if names.isEmpty { throw ValidationError(HelpText.noNamesGiven) }
        if names.contains(where: { ItemName.key($0).isEmpty }) { throw ValidationError(HelpText.emptyItemName) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        var missing: [String] = []
        for name in names {
            guard let choice = try database.confirmGuess(forItemNamed: name) else {
                missing.append(name)
                continue
            }
            console.output(words.chosen(choice))
        }
        if !missing.isEmpty {
            let message = missing.map(words.noGuess).joined(separator: "\n")
            throw CommandFailure(status: .notFound) { _ in message }
        }
    }
}

/// `receipts categories line RECEIPT LINE CATEGORY` (or `--forget`): a category for one line of one
/// receipt, whatever its name says elsewhere.
struct LineCategoryCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "line", abstract: HelpText.lineAbstract, discussion: HelpText.lineDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.lineReceiptHelp, valueName: HelpText.receiptIDValue)) var receipt: Int64
    @Argument(help: ArgumentHelp(HelpText.lineNumberHelp, valueName: HelpText.lineValue)) var line: Int
    @Argument(help: ArgumentHelp(HelpText.chosenCategoryHelp, valueName: HelpText.categoryValue)) var category: String?
    @Flag(help: ArgumentHelp(HelpText.lineForgetHelp)) var forget = false

    func validate() throws {
        guard line >= 1 else { throw ValidationError(HelpText.badLineNumber) }
        switch (category, forget) {
        case (nil, false): throw ValidationError(HelpText.lineNeedsCategory)
        case (.some, true): throw ValidationError(HelpText.lineCategoryOrForget)
        case (let text?, false):
            guard let found = Category(lookingUp: text) else {
                throw ValidationError(Words(global).unknownCategory(text, choosing: true))
            }
            if found == .uncategorized { throw ValidationError(HelpText.cannotChooseUncategorized) }
        case (nil, true): break
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let chosen = category.flatMap(Category.init(lookingUp:))
        let database = try global.openDatabase(createIfMissing: false)
        guard let action = try database.choose(chosen, forLine: line - 1, ofReceipt: receipt) else {
            let (receipt, line) = (receipt, line)
            throw CommandFailure(status: .notFound) { Words($0).noSuchLine(line, receipt: receipt) }
        }
        console.output(action.message(in: words.language))
        console.note(words.undoHint)
    }
}

/// `receipts categories match WORDS... [--set CATEGORY] [--json]`: the names no choice or rule places
/// that have the words; with `--set`, a category for all of them at once.
struct MatchCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "match", abstract: HelpText.matchAbstract, discussion: HelpText.matchDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.matchWordsHelp, valueName: HelpText.wordsValue)) var terms: [String]
    @Option(help: ArgumentHelp(HelpText.matchSetHelp, valueName: HelpText.categoryValue)) var set: String?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        if ItemName.key(terms.joined(separator: " ")).isEmpty { throw ValidationError(HelpText.emptyWords) }
        if let set {
            guard let found = Category(lookingUp: set) else {
                throw ValidationError(Words(global).unknownCategory(set, choosing: true))
            }
            if found == .uncategorized { throw ValidationError(HelpText.cannotChooseUncategorized) }
        }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        let text = terms.joined(separator: " ")
        let names = try database.names(matching: text)
        if let category = set.flatMap(Category.init(lookingUp:)) {
            guard !names.isEmpty else {
                throw CommandFailure(status: .notFound) { Words($0).nothingMatches(text) }
            }
            let action = try database.choose(category, forNamesMatching: text)
            if json {
                console.output(try JSONOutput.encode(ActionOutput(action)))
                return
            }
            console.output(action.message(in: words.language))
            console.note(words.undoHint)
            return
        }
        if json {
            console.output(try JSONOutput.encode(NameOutput.List(items: names.map(NameOutput.init))))
            return
        }
        guard !names.isEmpty else {
            console.output(words.nothingMatches(text))
            return
        }
        console.output(NameOutput.table(names, guesses: true, in: words))
        console.note(words.matchHint(text))
    }
}

/// `{"action", "kind", "subject", "category", "names", "lines", "itemsMoved"}`: what a category action
/// did (or, from `undo`, what was undone).
struct ActionOutput: Encodable {
    let action: Int64
    let kind: String
    let subject: String
    @NullWhenAbsent var category: String?
    let names: [String]
    let lines: Int
    let itemsMoved: Int

    init(_ action: CategoryAction) {
        self.action = action.id
        kind = action.kind.rawValue
        subject = action.subject
        category = action.category?.rawValue
        names = action.names
        lines = action.lines
        itemsMoved = action.itemsMoved
    }
}

/// `receipts categories undo [ACTION] [--json]`: undoes a category action, the latest by default.
struct UndoCategoryCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "undo", abstract: HelpText.undoAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.undoActionHelp, valueName: HelpText.actionValue)) var action: Int64?
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false)
        guard let undone = try database.undoCategoryAction(action) else {
            let action = action
            throw CommandFailure(status: .notFound) { Words($0).nothingToUndo(action) }
        }
        if json {
            console.output(try JSONOutput.encode(ActionOutput(undone)))
            return
        }
        console.output(undone.undoneMessage(in: words.language))
    }
}
