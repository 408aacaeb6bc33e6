import GRDB

extension ReceiptDatabase {
    /// The value of a read-only pragma such as `journal_mode` or `foreign_keys`, for diagnostics.
    public func pragma(_ name: String) throws(StoreError) -> String? {
        guard name.allSatisfy({ $0.isLetter || $0 == "_" }) else { return nil }
        return try read { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
    }
}
