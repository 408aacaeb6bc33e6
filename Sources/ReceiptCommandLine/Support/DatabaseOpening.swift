import Foundation
import ReceiptStats
import ReceiptStore
import Synchronization

extension GlobalOptions {
    /// The local database, categorizing with the shipped rules and the user's own rules file in the
    /// config folder; every command opens it this way, so that items are categorized alike.
    ///
    /// Commands that only read create no database (`createIfMissing` false: "no database yet", exit
    /// 3). How a broken rules file stops the command depends on `rules`. The database is closed,
    /// its log copied into the file, when the run ends (``OpenedDatabases``). With `--verbose`
    /// it says which database and which rules.
    func openDatabase(createIfMissing: Bool = true, rules use: RulesUse = .categorizes) throws -> ReceiptDatabase {
        let path = database()
        let console = Console(self)
        if use != .unused {
            let userRules = (configFolder() as NSString).appendingPathComponent(CategoryRuleSet.fileName)
            console.detail(
                console.words.rulesInUse(userRules, exists: FileManager.default.fileExists(atPath: userRules)))
        }
        console.detail(console.words.databaseInUse(path))
        let rules: CategoryRuleSet?
        switch use {
        case .categorizes:
            rules = try CategoryRuleSet.standard(configFolder: configFolder())
        case .readsOnly:
            do {
                rules = try CategoryRuleSet.standard(configFolder: configFolder())
            } catch {
                CommandRun.current.databases.warnOnce(error, console: Console(self))
                rules = nil
            }
        case .unused:
            rules = nil
        }
        let database = try ReceiptDatabase.open(at: path, createIfMissing: createIfMissing, rules: rules)
        for file in database.narrowed { console.note(console.words.narrowed(file)) }
        return CommandRun.current.databases.keep(database)
    }
}

/// How a command depends on the category rules (shipped, and the user's file).
enum RulesUse {
    /// It saves receipts or counts by category: a rules file with a bad line stops it (file:line).
    case categorizes
    /// It only reads receipts (`list`, `show`, `search`): a bad rules file is a warning, once, and
    /// the categories stay as the database holds them.
    case readsOnly
    /// It never looks at item categories (`backup`, `history`, `qr render`, local `places`): the
    /// rules are not read, and the categories stay as the database holds them.
    case unused
}

/// The databases a run opened, each closed when the run ends: its write-ahead log is then copied
/// into the file, so that the `.sqlite` file alone holds the whole database.
final class OpenedDatabases: Sendable {
    private let opened = Mutex<[ReceiptDatabase]>([])
    private let warned = Mutex(false)

    /// Keeps `database` to close at the end, and hands it back.
    func keep(_ database: ReceiptDatabase) -> ReceiptDatabase {
        opened.withLock { $0.append(database) }
        return database
    }

    /// Closes every database opened so far; the run calls it before it returns, however the command
    /// ended.
    func closeAll() {
        let databases = opened.withLock { opened in
            defer { opened = [] }
            return opened
        }
        for database in databases { database.close() }
    }

    /// Says on standard error, once a run, that the rules could not be read and why (file:line).
    func warnOnce(_ error: any Error, console: Console) {
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        guard first else { return }
        console.note(console.words.rulesIgnored(CommandFailure(error).message(in: console.words.language)))
    }
}
