import Foundation
import GRDB
public import ReceiptCore

/// One letter read from a mailbox: the key it is remembered by and the receipts found in it.
public struct ReadLetter: Sendable {
    /// Its `Message-ID`, or `sha256:` and its bytes' digest when it has none.
    public let key: String
    /// The receipts it carries; none for a letter that is no receipt.
    public let receipts: [Receipt]

    /// A letter read.
    public init(key: String, receipts: [Receipt]) {
        self.key = key
        self.receipts = receipts
    }
}

extension ReceiptDatabase {
    /// The keys among `keys` of letters read before.
    public func readLetterKeys(among keys: [String]) throws(StoreError) -> Set<String> {
        guard !keys.isEmpty else { return [] }
        return try read { db in
            var found: Set<String> = []
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM mail_letters WHERE key = ?")
            for key in keys where try Bool.fetchOne(statement, arguments: [key]) == true {
                found.insert(key)
            }
            return found
        }
    }

    /// Saves the letters' receipts and remembers the letters as read, in one transaction: all of
    /// them or, on an error, none. A letter's receipt never replaces one stored complete (the tax
    /// service's document, an export file's, knows more than a letter's HTML); a pending one it
    /// completes. What saving each receipt did, letter by letter; a letter read before is passed over.
    public func save(letters: [ReadLetter]) throws(StoreError) -> [[SaveOutcome]] {
        let stamp = ISO8601DateFormatter().string(from: Date())
        return try writeCounting { db, context in
            let known = try db.cachedStatement(sql: "SELECT 1 FROM mail_letters WHERE key = ?")
            let complete = try db.cachedStatement(
                sql: "SELECT 1 FROM receipts WHERE fn = ? AND fd = ? AND fp = ? AND status = 'complete'")
            let remember = try db.cachedStatement(
                sql: "INSERT INTO mail_letters (key, receipts, read_at) VALUES (?, ?, ?)")
            var outcomes: [[SaveOutcome]] = []
            for letter in letters {
                guard try Bool.fetchOne(known, arguments: [letter.key]) != true else {
                    outcomes.append([])
                    continue
                }
                var saved: [SaveOutcome] = []
                for receipt in letter.receipts {
                    let identity = receipt.identity
                    if try Bool.fetchOne(complete, arguments: [identity.fn, identity.i, identity.fp]) == true {
                        saved.append(.unchanged)
                    } else {
                        saved.append(try Self.save(receipt, in: db, context: &context))
                    }
                }
                try remember.execute(arguments: [letter.key, letter.receipts.count, stamp])
                outcomes.append(saved)
            }
            return outcomes
        }
    }
}
