import Foundation
import PostgresNIO

/// ``AttemptStorage``: attempts counted in the database, one key by one instance at a time.
extension PostgresStorage {
    func admit(_ attempts: [Attempt], now: Date) async throws -> Int? {
        try await transaction(changesAnswers: false) { connection, logger in
            // One key's attempts are counted by one instance at a time: the key's lock, in key order.
            for key in Set(attempts.map(\.key)).sorted() {
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))", logger: logger)
            }
            if Int.random(in: 0..<100) == 0 {
                let old = now.addingTimeInterval(-Attempt.longestWindow)
                try await connection.query("DELETE FROM attempts WHERE at <= \(old)", logger: logger)
            }
            for attempt in attempts {
                let start = now.addingTimeInterval(-attempt.rate.window)
                try await connection.query(
                    "DELETE FROM attempts WHERE key = \(attempt.key) AND at <= \(start)", logger: logger)
                var recent: [Date] = []
                for try await at in try await connection.query(
                    "SELECT at FROM attempts WHERE key = \(attempt.key) ORDER BY at", logger: logger
                ).decode(Date.self) {
                    recent.append(at)
                }
                if let wait = Attempt.wait(recent, rate: attempt.rate, now: now) { return wait }
            }
            for attempt in attempts {
                try await connection.query(
                    "INSERT INTO attempts (key, at) VALUES (\(attempt.key), \(now))", logger: logger)
            }
            return nil
        }
    }

    func forgetAttempts(of key: String) async throws {
        try await call(changesAnswers: false) { client in
            _ = try await client.query("DELETE FROM attempts WHERE key = \(key)")
        }
    }

    func withdrawLatestAttempt(of key: String) async throws {
        try await call(changesAnswers: false) { client in
            _ = try await client.query(
                """
                DELETE FROM attempts WHERE ctid = (
                    SELECT ctid FROM attempts WHERE key = \(key) ORDER BY at DESC LIMIT 1)
                """)
        }
    }
}
