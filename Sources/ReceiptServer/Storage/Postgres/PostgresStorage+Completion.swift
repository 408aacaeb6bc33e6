import Foundation
import PostgresNIO
import ReceiptAPI

/// ``CompletionJobStorage``: completion jobs, leased with `SKIP LOCKED`, and completers' values
/// changed under a lock.
extension PostgresStorage {
    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob? {
        let lease = Int64.random(in: 1...Int64.max)
        return try await call(changesAnswers: false) { client in
            // SKIP LOCKED: workers of every instance take different jobs at once, none waits on another.
            let rows = try await client.query(
                """
                WITH next AS (
                    SELECT receipt_id FROM completion_jobs
                    WHERE outcome IS NULL AND not_before <= \(now) AND (taken_until IS NULL OR taken_until < \(now))
                    ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED),
                taken AS (
                    UPDATE completion_jobs j SET taken_until = \(until), lease = \(lease), tries = j.tries + 1
                    FROM next WHERE j.receipt_id = next.receipt_id RETURNING j.receipt_id, j.tries)
                SELECT taken.receipt_id, taken.tries, r.account_id, r.document
                FROM taken JOIN receipts r ON r.id = taken.receipt_id
                """)
            for try await (receiptID, tries, account, document) in rows.decode((Int64, Int32, Int64, String).self) {
                return CompletionJob(
                    receiptID: receiptID, account: account, document: document, tries: Int(tries), lease: lease)
            }
            return nil
        }
    }

    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws {
        try await retryingMoves { try await self.finishCompletionJobOnce(job, outcome) }
    }

    private func finishCompletionJobOnce(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws {
        try await transaction { connection, logger in
            var held = false
            for try await _ in try await connection.query(
                """
                SELECT 1 FROM completion_jobs WHERE receipt_id = \(job.receiptID) AND lease = \(job.lease) FOR UPDATE
                """, logger: logger
            ) {
                held = true
            }
            guard held else { return }
            switch outcome {
            case .completed(let receipt):
                // The account's row lock keeps its sequence numbers committing in order (see ``add``);
                // in a household, the household's first, then its members' (they see it too).
                _ = try await Self.lockFeeds(of: job.account, on: connection, logger)
                var sequence: Int64 = 0
                for try await value in try await connection.query(
                    """
                    UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = \(job.account)
                    RETURNING last_sequence
                    """, logger: logger
                ).decode(Int64.self) {
                    sequence = value
                }
                try await connection.query(
                    """
                    UPDATE receipts SET status = 'complete', document = \(receipt.json),
                        date_time = \(receipt.document.dateTime), sequence = \(sequence)
                    WHERE id = \(job.receiptID) AND status = 'pending'
                    """, logger: logger)
                try await Self.enterChanged(
                    job.receiptID, dateTime: receipt.document.dateTime, on: connection, logger)
                try await connection.query(
                    "DELETE FROM completion_jobs WHERE receipt_id = \(job.receiptID)", logger: logger)
            case .retry(let date):
                try await connection.query(
                    """
                    UPDATE completion_jobs SET not_before = \(date), taken_until = NULL, lease = NULL
                    WHERE receipt_id = \(job.receiptID)
                    """, logger: logger)
            case .invalid(let reason):
                try await connection.query(
                    """
                    UPDATE completion_jobs SET outcome = 'invalid', reason = \(reason), taken_until = NULL, lease = NULL
                    WHERE receipt_id = \(job.receiptID)
                    """, logger: logger)
            }
        }
    }

    func completionCounts() async throws -> (open: Int, invalid: Int) {
        try await call(changesAnswers: false) { client in
            let rows = try await client.query(
                """
                SELECT count(*) FILTER (WHERE outcome IS NULL), count(*) FILTER (WHERE outcome = 'invalid')
                FROM completion_jobs
                """)
            for try await (open, invalid) in rows.decode((Int64, Int64).self) { return (Int(open), Int(invalid)) }
            return (0, 0)
        }
    }

    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?
    {
        // The change may ask a provider over the network (a session renewed): it gets a minute, and
        // holds the name's lock, so that another instance's change starts from its result.
        do {
            return try await changeCompleterValueLocked(named: name, change)
        } catch let error as CallersError {
            throw error.error
        }
    }

    private func changeCompleterValueLocked(
        named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?
    ) async throws -> Data? {
        try await transaction(patience: Self.lockPatience) { connection, logger in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended(\("completer:" + name), 0))", logger: logger)
            var kept: Data?
            for try await value in try await connection.query(
                "SELECT value FROM completer_values WHERE name = \(name)", logger: logger
            ).decode(Data.self) {
                kept = value
            }
            let changed: Data?
            do {
                changed = try await change(kept)
            } catch {
                throw CallersError(error: error)
            }
            guard let changed else { return kept }
            try await connection.query(
                """
                INSERT INTO completer_values (name, value, changed_at) VALUES (\(name), \(changed), now())
                ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at
                """, logger: logger)
            return changed
        }
    }
}
