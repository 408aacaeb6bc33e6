public import Foundation
import GRDB
public import ReceiptCore

/// What a source of fiscal documents last said of a pending receipt.
public struct PendingCheck: Sendable, Equatable {
    /// Still to come, or never.
    public enum Outcome: String, Sendable, Equatable {
        /// Not ready yet: asked again on a later run.
        case waiting
        /// A final answer that there is no such valid receipt: not asked again.
        case invalid
    }

    /// The source asked (`fns`, `proverkacheka`).
    public let provider: String
    /// What it said.
    public let outcome: Outcome
    /// Why, in the source's words, for an invalid receipt.
    public let reason: String?
    /// When it was last asked.
    public let checkedAt: Date
    /// How many times it has been asked.
    public let tries: Int

    /// A check as stored.
    public init(provider: String, outcome: Outcome, reason: String?, checkedAt: Date, tries: Int) {
        self.provider = provider
        self.outcome = outcome
        self.reason = reason
        self.checkedAt = checkedAt
        self.tries = tries
    }
}

extension ReceiptDatabase {
    /// Pending receipts to ask a source for, oldest first (by the shop's local time), at most
    /// `limit`; those a source has called invalid are left out.
    public func receiptsToComplete(limit: Int? = nil) throws(StoreError) -> [Receipt] {
        try read { db in
            let records = try ReceiptRecord.fetchAll(
                db,
                sql: """
                    SELECT receipts.* FROM receipts
                    WHERE status = 'pending' AND NOT EXISTS (
                        SELECT 1 FROM pending_checks c WHERE c.receipt_id = receipts.id AND c.outcome = 'invalid')
                    ORDER BY date_time, id LIMIT ?
                    """,
                arguments: [limit ?? -1])
            return try records.map { try $0.receipt(items: []) }
        }
    }

    /// Keeps what `provider` said of the pending receipt `identity`; nothing when no pending receipt
    /// has it (it completed meanwhile).
    public func recordCheck(
        of identity: FiscalIdentity, provider: String, outcome: PendingCheck.Outcome, reason: String? = nil,
        at date: Date = Date()
    ) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO pending_checks (receipt_id, provider, outcome, reason, checked_at, tries)
                    SELECT id, ?, ?, ?, ?, 1 FROM receipts
                    WHERE fn = ? AND fd = ? AND fp = ? AND status = 'pending'
                    ON CONFLICT (receipt_id) DO UPDATE SET provider = excluded.provider,
                        outcome = excluded.outcome, reason = excluded.reason, checked_at = excluded.checked_at,
                        tries = pending_checks.tries + 1
                    """,
                arguments: [
                    provider, outcome.rawValue, reason, date.timeIntervalSince1970, identity.fn, identity.i,
                    identity.fp,
                ])
        }
    }

    /// What a source last said of the receipt `identity`; nil when none was asked, or it is complete.
    public func check(of identity: FiscalIdentity) throws(StoreError) -> PendingCheck? {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT c.* FROM pending_checks c JOIN receipts r ON r.id = c.receipt_id
                    WHERE r.fn = ? AND r.fd = ? AND r.fp = ?
                    """,
                arguments: [identity.fn, identity.i, identity.fp])
            guard let row else { return nil }
            let outcome: String = row["outcome"]
            guard let known = PendingCheck.Outcome(rawValue: outcome) else {
                throw RecordError(row: "pending_checks.outcome='\(outcome)'", reason: "not waiting or invalid")
            }
            return PendingCheck(
                provider: row["provider"], outcome: known, reason: row["reason"],
                checkedAt: Date(timeIntervalSince1970: row["checked_at"]), tries: row["tries"])
        }
    }
}
