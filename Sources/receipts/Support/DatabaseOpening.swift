import ReceiptStats
import ReceiptStore

extension GlobalOptions {
    /// The local database, categorizing with the shipped rules and the user's own rules file in the
    /// config folder; every command opens it this way, so that items are categorized alike.
    func openDatabase(createIfMissing: Bool = true) throws -> ReceiptDatabase {
        let rules = try CategoryRuleSet.standard(configFolder: configFolder())
        return try ReceiptDatabase.open(at: database(), createIfMissing: createIfMissing, rules: rules)
    }
}
