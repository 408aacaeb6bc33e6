import Foundation
import ReceiptStats
import ReceiptStore

extension GlobalOptions {
    /// The local database, categorizing with the shipped rules and the user's own rules file in the
    /// config folder; every command opens it this way, so that items are categorized alike. With
    /// `--verbose` it says which database and which rules.
    func openDatabase(createIfMissing: Bool = true) throws -> ReceiptDatabase {
        let console = Console(self)
        let userRules = (configFolder() as NSString).appendingPathComponent(CategoryRuleSet.fileName)
        console.detail(Strings.rulesInUse(userRules, exists: FileManager.default.fileExists(atPath: userRules)))
        let rules = try CategoryRuleSet.standard(configFolder: configFolder())
        console.detail(Strings.databaseInUse(database()))
        return try ReceiptDatabase.open(at: database(), createIfMissing: createIfMissing, rules: rules)
    }
}
