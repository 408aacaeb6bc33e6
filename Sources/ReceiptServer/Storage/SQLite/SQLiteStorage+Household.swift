import Foundation
import GRDB
import ReceiptAPI

/// ``HouseholdStorage``: households, their members and invitations, the receipts each member sees
/// of the others (`shared_receipts`, numbered in the member's own change sequence), and shares.
/// SQLite takes one writer at a time, so a change of membership and the adds beside it never mix.
extension SQLiteStorage {
    func household(of account: Int64) async throws -> StoredHousehold? {
        try await read { db in
            try Self.membership(of: account, in: db).map { try Self.household($0.household, in: db) }
        }
    }

    func createHousehold(owner account: Int64, at date: Date) async throws -> StoredHousehold? {
        try await write { db in
            guard try Self.membership(of: account, in: db) == nil else { return nil }
            try db.execute(
                sql: "INSERT INTO households (created_at) VALUES (?)", arguments: [date.timeIntervalSince1970])
            let household = db.lastInsertedRowID
            try db.execute(
                sql:
                    "INSERT INTO household_members (account_id, household_id, role, joined_at) VALUES (?, ?, 'owner', ?)",
                arguments: [account, household, date.timeIntervalSince1970])
            return try Self.household(household, in: db)
        }
    }

    func invite(by account: Int64, codeHash: Data, role: HouseholdRole, at date: Date, expiresAt: Date) async throws
        -> MembershipChange
    {
        try await write { db in
            guard let membership = try Self.membership(of: account, in: db) else { return .notMember }
            guard membership.role == .owner else { return .notOwner }
            // Expired invitations go as new ones come.
            try db.execute(
                sql: "DELETE FROM household_invitations WHERE expires_at <= ?",
                arguments: [date.timeIntervalSince1970])
            try db.execute(
                sql:
                    "INSERT INTO household_invitations (code_hash, household_id, role, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [codeHash, membership.household, role.rawValue, expiresAt.timeIntervalSince1970])
            return .done(try Self.household(membership.household, in: db))
        }
    }

    func join(account: Int64, codeHash: Data, at date: Date) async throws -> MembershipChange {
        try await write { db in
            guard
                let invitation = try Row.fetchOne(
                    db,
                    sql: "SELECT household_id, role FROM household_invitations WHERE code_hash = ? AND expires_at > ?",
                    arguments: [codeHash, date.timeIntervalSince1970])
            else { return .unknownCode }
            guard try Self.membership(of: account, in: db) == nil else { return .alreadyMember }
            let household: Int64 = invitation["household_id"]
            try db.execute(sql: "DELETE FROM household_invitations WHERE code_hash = ?", arguments: [codeHash])
            // The household's receipts enter the newcomer's feed, and the newcomer's enter each member's.
            let theirs = try Self.dated(
                db.cachedStatement(
                    sql: """
                        SELECT r.id, r.date_time FROM receipts r JOIN household_members m ON m.account_id = r.account_id
                        WHERE m.household_id = ? ORDER BY r.date_time, r.id
                        """), [household])
            try Self.enter(theirs, into: account, in: db)
            let own = try Self.dated(
                db.cachedStatement(
                    sql: "SELECT id, date_time FROM receipts WHERE account_id = ? ORDER BY date_time, id"), [account])
            for member in try Self.otherMembers(of: household, than: account, in: db) {
                try Self.enter(own, into: member, in: db)
            }
            try db.execute(
                sql: "INSERT INTO household_members (account_id, household_id, role, joined_at) VALUES (?, ?, ?, ?)",
                arguments: [account, household, invitation["role"] as String, date.timeIntervalSince1970])
            return .done(try Self.household(household, in: db))
        }
    }

    func leave(account: Int64) async throws -> MembershipChange {
        try await write { db in
            guard let membership = try Self.membership(of: account, in: db) else { return .notMember }
            let household = try Self.household(membership.household, in: db)
            let owners = household.members.filter { $0.role == .owner }
            if membership.role == .owner, owners.count == 1, household.members.count > 1 { return .lastOwner }
            return .done(try Self.takeOut(account, of: membership.household, in: db))
        }
    }

    func remove(login: String, by account: Int64) async throws -> MembershipChange {
        try await write { db in
            guard let membership = try Self.membership(of: account, in: db) else { return .notMember }
            guard membership.role == .owner else { return .notOwner }
            let household = try Self.household(membership.household, in: db)
            guard
                let member = household.members.first(where: {
                    $0.login.lowercased() == login.lowercased() && $0.account != account
                })
            else { return .noSuchMember }
            return .done(try Self.takeOut(member.account, of: membership.household, in: db))
        }
    }

    func shares(receipt: Int64, account: Int64) async throws -> ReceiptShares? {
        try await read { db in
            guard !(try Self.receiptRows(id: receipt, account: account, in: db)).isEmpty else { return nil }
            return try Self.storedShares(receipt, in: db)
        }
    }

    func changeShares(receipt: Int64, account: Int64, to shares: ReceiptShares) async throws -> SharesChange {
        try await write { db in
            guard !(try Self.receiptRows(id: receipt, account: account, in: db)).isEmpty else { return .notFound }
            if try Self.membership(of: account, in: db)?.role.mayChange == false { return .readOnly }
            var next = shares
            next.version += 1
            let json = String(decoding: JSONWriter.write(next), as: UTF8.self)
            if shares.version == 0 {
                try db.execute(
                    sql:
                        "INSERT INTO receipt_shares (receipt_id, version, shares) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
                    arguments: [receipt, json])
            } else {
                try db.execute(
                    sql:
                        "UPDATE receipt_shares SET version = version + 1, shares = ? WHERE receipt_id = ? AND version = ?",
                    arguments: [json, receipt, shares.version])
            }
            guard db.changesCount == 1 else { return .conflict(try Self.storedShares(receipt, in: db)) }
            return .changed(next)
        }
    }

    // MARK: Within a transaction

    /// The household and role of `account`, when it is a member.
    static func membership(of account: Int64, in db: Database) throws -> (household: Int64, role: HouseholdRole)? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT household_id, role FROM household_members WHERE account_id = ?"),
                arguments: [account])
        else { return nil }
        return (row[0], HouseholdRole(rawValue: row[1]) ?? .viewer)
    }

    /// The members of `household` but `account`.
    static func otherMembers(of household: Int64, than account: Int64, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(
                sql: "SELECT account_id FROM household_members WHERE household_id = ? AND account_id != ?"),
            arguments: [household, account])
    }

    /// Enters receipts (id and date) in `account`'s feed, or enters them anew: each takes the account's
    /// next change sequence number, so the account's next sync brings it.
    static func enter(_ receipts: [(id: Int64, dateTime: String)], into account: Int64, in db: Database) throws {
        guard !receipts.isEmpty else { return }
        let last =
            try Int64.fetchOne(
                db, sql: "UPDATE accounts SET last_sequence = last_sequence + ? WHERE id = ? RETURNING last_sequence",
                arguments: [receipts.count, account]) ?? 0
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO shared_receipts (account_id, receipt_id, sequence, date_time) VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id, receipt_id) DO UPDATE SET sequence = excluded.sequence, date_time = excluded.date_time
                """)
        var sequence = last - Int64(receipts.count)
        for receipt in receipts {
            sequence += 1
            try statement.execute(arguments: [account, receipt.id, sequence, receipt.dateTime])
        }
    }

    /// Enters a changed receipt anew in the feeds of every member that sees it.
    static func enterChanged(_ receipt: Int64, dateTime: String, in db: Database) throws {
        let holders = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT account_id FROM shared_receipts WHERE receipt_id = ?"), arguments: [receipt]
        )
        for holder in holders { try enter([(receipt, dateTime)], into: holder, in: db) }
    }

    private static func dated(_ statement: Statement, _ arguments: StatementArguments) throws -> [(
        id: Int64, dateTime: String
    )] {
        try Row.fetchAll(statement, arguments: arguments).map { ($0[0], $0[1]) }
    }

    /// Takes `account` out of `household`: its receipts leave the others' feeds and theirs its own;
    /// the household ends with its last member. The household as it is afterwards.
    private static func takeOut(_ account: Int64, of household: Int64, in db: Database) throws -> StoredHousehold? {
        try db.execute(sql: "DELETE FROM shared_receipts WHERE account_id = ?", arguments: [account])
        try db.execute(
            sql: "DELETE FROM shared_receipts WHERE receipt_id IN (SELECT id FROM receipts WHERE account_id = ?)",
            arguments: [account])
        try db.execute(sql: "DELETE FROM household_members WHERE account_id = ?", arguments: [account])
        let left = try Self.household(household, in: db)
        guard left.members.isEmpty else { return left }
        try db.execute(sql: "DELETE FROM households WHERE id = ?", arguments: [household])
        return nil
    }

    private static func household(_ id: Int64, in db: Database) throws -> StoredHousehold {
        let members = try Row.fetchAll(
            db,
            sql: """
                SELECT m.account_id, a.login, m.role, m.joined_at FROM household_members m
                JOIN accounts a ON a.id = m.account_id WHERE m.household_id = ? ORDER BY m.joined_at, m.account_id
                """, arguments: [id]
        ).map { row in
            StoredMember(
                account: row[0], login: row[1] ?? "", role: HouseholdRole(rawValue: row[2]) ?? .viewer,
                joinedAt: Date(timeIntervalSince1970: row[3]))
        }
        return StoredHousehold(id: id, members: members)
    }

    /// A receipt's shares as kept, or none yet (version 0).
    private static func storedShares(_ receipt: Int64, in db: Database) throws -> ReceiptShares {
        guard
            let json = try String.fetchOne(
                db, sql: "SELECT shares FROM receipt_shares WHERE receipt_id = ?", arguments: [receipt])
        else { return ReceiptShares.unset }
        return try JSONReader.read(ReceiptShares.self, from: Data(json.utf8))
    }
}

extension ReceiptShares {
    /// A receipt's shares before anyone set them: whoever added it paid, everyone shares every line.
    static let unset = ReceiptShares(version: 0, payer: nil, receipt: [], lines: [])
}
