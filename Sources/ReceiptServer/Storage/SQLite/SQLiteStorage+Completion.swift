import Foundation
import GRDB
import ReceiptAPI

/// ``CompletionJobStorage``: completion jobs and completers' values in the file.
extension SQLiteStorage {
    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob? {
        try await write(changesAnswers: false) { db in
            let moment = now.timeIntervalSince1970
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT j.receipt_id, j.tries, r.account_id, r.document
                        FROM completion_jobs j JOIN receipts r ON r.id = j.receipt_id
                        WHERE j.outcome IS NULL AND j.not_before <= ? AND (j.taken_until IS NULL OR j.taken_until < ?)
                        ORDER BY j.not_before LIMIT 1
                        """, arguments: [moment, moment])
            else { return nil }
            let lease = Int64.random(in: 1...Int64.max)
            let receiptID: Int64 = row["receipt_id"]
            try db.execute(
                sql: "UPDATE completion_jobs SET taken_until = ?, lease = ?, tries = tries + 1 WHERE receipt_id = ?",
                arguments: [until.timeIntervalSince1970, lease, receiptID])
            let tries: Int = row["tries"]
            return CompletionJob(
                receiptID: receiptID, account: row["account_id"], document: row["document"], tries: tries + 1,
                lease: lease)
        }
    }

    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws {
        try await write { db in
            let held =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM completion_jobs WHERE receipt_id = ? AND lease = ?)",
                    arguments: [job.receiptID, job.lease]) ?? false
            guard held else { return }
            switch outcome {
            case .completed(let receipt):
                let sequence =
                    try Int64.fetchOne(
                        db,
                        sql:
                            "UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = ? RETURNING last_sequence",
                        arguments: [job.account]) ?? 0
                try db.execute(
                    sql: """
                        UPDATE receipts SET status = 'complete', document = ?, date_time = ?, sequence = ?
                        WHERE id = ? AND status = 'pending'
                        """,
                    arguments: [receipt.json, receipt.document.dateTime, sequence, job.receiptID])
                try Self.enterChanged(job.receiptID, dateTime: receipt.document.dateTime, in: db)
                try db.execute(sql: "DELETE FROM completion_jobs WHERE receipt_id = ?", arguments: [job.receiptID])
            case .retry(let date):
                try db.execute(
                    sql:
                        "UPDATE completion_jobs SET not_before = ?, taken_until = NULL, lease = NULL WHERE receipt_id = ?",
                    arguments: [date.timeIntervalSince1970, job.receiptID])
            case .invalid(let reason):
                try db.execute(
                    sql: """
                        UPDATE completion_jobs SET outcome = 'invalid', reason = ?, taken_until = NULL, lease = NULL
                        WHERE receipt_id = ?
                        """,
                    arguments: [reason, job.receiptID])
            }
        }
    }

    func completionCounts() async throws -> (open: Int, invalid: Int) {
        try await read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM completion_jobs WHERE outcome IS NULL") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM completion_jobs WHERE outcome = 'invalid'") ?? 0
            )
        }
    }

    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?
    {
        // One process owns the file: changes wait for each other here, not in the database (the
        // change may ask a provider over the network, and no write transaction is held meanwhile).
        try await completerValues.exclusively {
            let kept = try await read { db in
                try Data.fetchOne(db, sql: "SELECT value FROM completer_values WHERE name = ?", arguments: [name])
            }
            guard let changed = try await change(kept) else { return kept }
            try await write { db in
                try db.execute(
                    sql: """
                        INSERT INTO completer_values (name, value, changed_at) VALUES (?, ?, ?)
                        ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at
                        """, arguments: [name, changed, Date().timeIntervalSince1970])
            }
            return changed
        }
    }
}
