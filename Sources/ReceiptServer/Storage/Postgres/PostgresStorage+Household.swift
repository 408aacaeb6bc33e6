import Foundation
import Logging
import PostgresNIO
import ReceiptAPI

/// ``HouseholdStorage``: households, members, invitations, the receipts each member sees of the
/// others, and shares, in the database.
///
/// Locks, in the one order every transaction takes them, so none waits in a circle: a household's
/// row first, then the rows of the accounts whose change sequences move, by id. A change of
/// membership holds the household's row, so an add, a completion or another member's join never
/// sees the members half changed; each account's row keeps its sequence numbers committing in order.
extension PostgresStorage {
    func household(of account: Int64) async throws -> StoredHousehold? {
        try await call(changesAnswers: false) { client in
            guard let membership = try await Self.membership(of: account, on: client.connection, client.logger)
            else { return nil }
            return try await Self.household(membership.household, on: client.connection, client.logger)
        }
    }

    func createHousehold(owner account: Int64, at date: Date) async throws -> StoredHousehold? {
        try await transaction { connection, logger in
            try await connection.query("SELECT 1 FROM accounts WHERE id = \(account) FOR UPDATE", logger: logger)
            guard try await Self.membership(of: account, on: connection, logger) == nil else { return nil }
            var household: Int64 = 0
            for try await id in try await connection.query(
                "INSERT INTO households (created_at) VALUES (\(date)) RETURNING id", logger: logger
            ).decode(Int64.self) {
                household = id
            }
            try await connection.query(
                """
                INSERT INTO household_members (account_id, household_id, role, joined_at)
                VALUES (\(account), \(household), 'owner', \(date))
                """, logger: logger)
            return try await Self.household(household, on: connection, logger)
        }
    }

    func invite(by account: Int64, codeHash: Data, role: HouseholdRole, at date: Date, expiresAt: Date) async throws
        -> MembershipChange
    {
        try await transaction { connection, logger in
            guard let membership = try await Self.membership(of: account, on: connection, logger) else {
                return .notMember
            }
            guard membership.role == .owner else { return .notOwner }
            try await connection.query("DELETE FROM household_invitations WHERE expires_at <= \(date)", logger: logger)
            try await connection.query(
                """
                INSERT INTO household_invitations (code_hash, household_id, role, expires_at)
                VALUES (\(codeHash), \(membership.household), \(role.rawValue), \(expiresAt))
                """, logger: logger)
            return .done(try await Self.household(membership.household, on: connection, logger))
        }
    }

    func join(account: Int64, codeHash: Data, at date: Date) async throws -> MembershipChange {
        try await transaction { connection, logger in
            var invitation: (household: Int64, role: String)?
            for try await row in try await connection.query(
                """
                SELECT household_id, role FROM household_invitations WHERE code_hash = \(codeHash) AND expires_at > \(date)
                """, logger: logger
            ).decode((Int64, String).self) {
                invitation = row
            }
            guard let invitation else { return .unknownCode }
            let members = try await Self.lock(household: invitation.household, also: account, on: connection, logger)
            // The account's row is locked: it joins or creates nothing else meanwhile.
            guard try await Self.membership(of: account, on: connection, logger) == nil else { return .alreadyMember }
            // Used once: of two joins with one code, the second finds it gone.
            var used = false
            for try await _ in try await connection.query(
                "DELETE FROM household_invitations WHERE code_hash = \(codeHash) RETURNING 1", logger: logger)
            {
                used = true
            }
            guard used else { return .unknownCode }
            // The household's receipts enter the newcomer's feed, and the newcomer's enter each member's.
            let theirs = try await Self.dated(
                """
                SELECT id, date_time FROM receipts WHERE account_id = ANY(\(members)) ORDER BY date_time, id
                """, on: connection, logger)
            try await Self.enter(theirs, into: account, on: connection, logger)
            let own = try await Self.dated(
                "SELECT id, date_time FROM receipts WHERE account_id = \(account) ORDER BY date_time, id",
                on: connection, logger)
            for member in members { try await Self.enter(own, into: member, on: connection, logger) }
            try await connection.query(
                """
                INSERT INTO household_members (account_id, household_id, role, joined_at)
                VALUES (\(account), \(invitation.household), \(invitation.role), \(date))
                """, logger: logger)
            return .done(try await Self.household(invitation.household, on: connection, logger))
        }
    }

    func leave(account: Int64) async throws -> MembershipChange {
        try await changingMembership(of: account) { membership, household, connection, logger in
            let owners = household.members.filter { $0.role == .owner }
            if membership.role == .owner, owners.count == 1, household.members.count > 1 { return .lastOwner }
            return .done(try await Self.takeOut(account, of: membership.household, on: connection, logger))
        }
    }

    func remove(login: String, by account: Int64) async throws -> MembershipChange {
        try await changingMembership(of: account) { membership, household, connection, logger in
            guard membership.role == .owner else { return .notOwner }
            guard
                let member = household.members.first(where: {
                    $0.login.lowercased() == login.lowercased() && $0.account != account
                })
            else { return .noSuchMember }
            return .done(try await Self.takeOut(member.account, of: membership.household, on: connection, logger))
        }
    }

    func shares(receipt: Int64, account: Int64) async throws -> ReceiptShares? {
        try await call(changesAnswers: false) { client in
            guard try await Self.sees(receipt, account, on: client.connection, client.logger) else { return nil }
            return try await Self.storedShares(receipt, on: client.connection, client.logger)
        }
    }

    func changeShares(receipt: Int64, account: Int64, to shares: ReceiptShares) async throws -> SharesChange {
        try await transaction { connection, logger in
            guard try await Self.sees(receipt, account, on: connection, logger) else { return .notFound }
            if try await Self.membership(of: account, on: connection, logger)?.role.mayChange == false {
                return .readOnly
            }
            var next = shares
            next.version += 1
            let json = String(decoding: JSONWriter.write(next), as: UTF8.self)
            // One statement either way: of two changes from one version, the second finds it gone.
            let rows =
                shares.version == 0
                ? try await connection.query(
                    """
                    INSERT INTO receipt_shares (receipt_id, version, shares) VALUES (\(receipt), 1, \(json))
                    ON CONFLICT DO NOTHING RETURNING version
                    """, logger: logger)
                : try await connection.query(
                    """
                    UPDATE receipt_shares SET version = version + 1, shares = \(json)
                    WHERE receipt_id = \(receipt) AND version = \(shares.version) RETURNING version
                    """, logger: logger)
            var changed = false
            for try await _ in rows { changed = true }
            guard changed else { return .conflict(try await Self.storedShares(receipt, on: connection, logger)) }
            return .changed(next)
        }
    }

    // MARK: Within a transaction

    /// The membership of `account` moved between reading it and locking (it joined or left a
    /// household meanwhile): the transaction is tried again.
    struct MembershipMoved: Error {}

    /// Runs `body` on `account`'s household with its row locked and its members read after the lock.
    private func changingMembership(
        of account: Int64,
        _ body:
            @escaping @Sendable ((household: Int64, role: HouseholdRole), StoredHousehold, PostgresConnection, Logger)
            async throws -> MembershipChange
    ) async throws -> MembershipChange {
        try await retryingMoves {
            try await self.transaction { connection, logger in
                guard let membership = try await Self.membership(of: account, on: connection, logger) else {
                    return .notMember
                }
                _ = try await Self.lock(household: membership.household, also: nil, on: connection, logger)
                guard try await Self.membership(of: account, on: connection, logger)?.household == membership.household
                else { throw MembershipMoved() }
                let household = try await Self.household(membership.household, on: connection, logger)
                return try await body(membership, household, connection, logger)
            }
        }
    }

    /// Runs `attempt` again, a few times, while a membership moves under it.
    func retryingMoves<T: Sendable>(_ attempt: @Sendable () async throws -> T) async throws -> T {
        for _ in 0..<4 {
            do {
                return try await attempt()
            } catch is MembershipMoved {
                continue
            }
        }
        return try await attempt()
    }

    /// Locks, in order, what a change of `account`'s feeds needs: its household's row, when it has
    /// one, then the rows of every member (or of the account alone), by id. Its membership as of
    /// the locks; ``MembershipMoved`` when it changed before they were taken.
    static func lockFeeds(of account: Int64, on connection: PostgresConnection, _ logger: Logger) async throws -> (
        membership: (household: Int64, role: HouseholdRole)?, others: [Int64]
    ) {
        let before = try await membership(of: account, on: connection, logger)
        if let before {
            let members = try await lock(household: before.household, also: nil, on: connection, logger)
            guard let after = try await membership(of: account, on: connection, logger),
                after.household == before.household
            else { throw MembershipMoved() }
            return (after, members.filter { $0 != account })
        }
        try await connection.query("SELECT 1 FROM accounts WHERE id = \(account) FOR UPDATE", logger: logger)
        guard try await membership(of: account, on: connection, logger) == nil else { throw MembershipMoved() }
        return (nil, [])
    }

    /// Locks a household's row, then its members' accounts (and `also`'s) by id; returns the members
    /// (without `also`).
    private static func lock(
        household: Int64, also account: Int64?, on connection: PostgresConnection, _ logger: Logger
    )
        async throws -> [Int64]
    {
        try await connection.query("SELECT 1 FROM households WHERE id = \(household) FOR UPDATE", logger: logger)
        var members: [Int64] = []
        for try await id in try await connection.query(
            "SELECT account_id FROM household_members WHERE household_id = \(household)", logger: logger
        ).decode(Int64.self) {
            members.append(id)
        }
        let locked = (members + (account.map { [$0] } ?? [])).sorted()
        try await connection.query(
            "SELECT 1 FROM accounts WHERE id = ANY(\(locked)) ORDER BY id FOR UPDATE", logger: logger)
        return members
    }

    static func membership(of account: Int64, on connection: PostgresConnection, _ logger: Logger) async throws
        -> (household: Int64, role: HouseholdRole)?
    {
        for try await (household, role) in try await connection.query(
            "SELECT household_id, role FROM household_members WHERE account_id = \(account)", logger: logger
        ).decode((Int64, String).self) {
            return (household, HouseholdRole(rawValue: role) ?? .viewer)
        }
        return nil
    }

    /// Enters receipts in `account`'s feed, or anew: each takes the account's next change sequence
    /// number (the account's row must be locked already).
    static func enter(
        _ receipts: [(id: Int64, dateTime: String)], into account: Int64, on connection: PostgresConnection,
        _ logger: Logger
    ) async throws {
        guard !receipts.isEmpty else { return }
        var last: Int64 = 0
        for try await value in try await connection.query(
            """
            UPDATE accounts SET last_sequence = last_sequence + \(Int64(receipts.count)) WHERE id = \(account)
            RETURNING last_sequence
            """, logger: logger
        ).decode(Int64.self) {
            last = value
        }
        let first = last - Int64(receipts.count) + 1
        for chunk in chunks(receipts) {
            let sequences = chunk.indices.map { first + Int64($0) }
            try await connection.query(
                """
                INSERT INTO shared_receipts (account_id, receipt_id, sequence, date_time)
                SELECT \(account), receipt_id, sequence, date_time
                FROM unnest(\(chunk.map(\.id))::bigint[], \(sequences)::bigint[], \(chunk.map(\.dateTime))::text[])
                    AS new (receipt_id, sequence, date_time)
                ON CONFLICT (account_id, receipt_id)
                DO UPDATE SET sequence = excluded.sequence, date_time = excluded.date_time
                """, logger: logger)
        }
    }

    /// Enters a changed receipt anew in the feeds of every member that sees it (their rows locked).
    static func enterChanged(_ receipt: Int64, dateTime: String, on connection: PostgresConnection, _ logger: Logger)
        async throws
    {
        var holders: [Int64] = []
        for try await holder in try await connection.query(
            "SELECT account_id FROM shared_receipts WHERE receipt_id = \(receipt) ORDER BY account_id", logger: logger
        ).decode(Int64.self) {
            holders.append(holder)
        }
        for holder in holders { try await enter([(receipt, dateTime)], into: holder, on: connection, logger) }
    }

    private static func dated(_ query: PostgresQuery, on connection: PostgresConnection, _ logger: Logger)
        async throws -> [(id: Int64, dateTime: String)]
    {
        var receipts: [(id: Int64, dateTime: String)] = []
        for try await row in try await connection.query(query, logger: logger).decode((Int64, String).self) {
            receipts.append(row)
        }
        return receipts
    }

    /// Whether `account` sees the receipt `id`.
    private static func sees(_ receipt: Int64, _ account: Int64, on connection: PostgresConnection, _ logger: Logger)
        async throws -> Bool
    {
        for try await _ in try await connection.query(
            """
            SELECT 1 FROM receipts WHERE id = \(receipt) AND account_id = \(account)
            UNION ALL SELECT 1 FROM shared_receipts WHERE receipt_id = \(receipt) AND account_id = \(account)
            """, logger: logger)
        {
            return true
        }
        return false
    }

    /// Takes `account` out of `household` (its row locked): its receipts leave the others' feeds and
    /// theirs its own; the household ends with its last member.
    private static func takeOut(
        _ account: Int64, of household: Int64, on connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoredHousehold? {
        try await connection.query("DELETE FROM shared_receipts WHERE account_id = \(account)", logger: logger)
        try await connection.query(
            """
            DELETE FROM shared_receipts WHERE receipt_id IN (SELECT id FROM receipts WHERE account_id = \(account))
            """, logger: logger)
        try await connection.query("DELETE FROM household_members WHERE account_id = \(account)", logger: logger)
        let left = try await Self.household(household, on: connection, logger)
        guard left.members.isEmpty else { return left }
        try await connection.query("DELETE FROM households WHERE id = \(household)", logger: logger)
        return nil
    }

    private static func household(_ id: Int64, on connection: PostgresConnection, _ logger: Logger) async throws
        -> StoredHousehold
    {
        var members: [StoredMember] = []
        for try await (account, login, role, joinedAt) in try await connection.query(
            """
            SELECT m.account_id, a.login, m.role, m.joined_at FROM household_members m
            JOIN accounts a ON a.id = m.account_id WHERE m.household_id = \(id) ORDER BY m.joined_at, m.account_id
            """, logger: logger
        ).decode((Int64, String?, String, Date).self) {
            members.append(
                StoredMember(
                    account: account, login: login ?? "", role: HouseholdRole(rawValue: role) ?? .viewer,
                    joinedAt: joinedAt))
        }
        return StoredHousehold(id: id, members: members)
    }

    private static func storedShares(_ receipt: Int64, on connection: PostgresConnection, _ logger: Logger)
        async throws -> ReceiptShares
    {
        for try await json in try await connection.query(
            "SELECT shares FROM receipt_shares WHERE receipt_id = \(receipt)", logger: logger
        ).decode(String.self) {
            return try JSONReader.read(ReceiptShares.self, from: Data(json.utf8))
        }
        return .unset
    }
}
