import Foundation
import GRDB

/// ``AttemptStorage``: attempts counted in the file.
extension SQLiteStorage {
    func admit(_ attempts: [Attempt], now: Date) async throws -> Int? {
        try await write(changesAnswers: false) { db in
            let moment = now.timeIntervalSince1970
            if Int.random(in: 0..<100) == 0 {
                try db.execute(
                    sql: "DELETE FROM attempts WHERE at <= ?", arguments: [moment - Attempt.longestWindow])
            }
            for attempt in attempts {
                try db.execute(
                    sql: "DELETE FROM attempts WHERE key = ? AND at <= ?",
                    arguments: [attempt.key, moment - attempt.rate.window])
                let recent = try Double.fetchAll(
                    db, sql: "SELECT at FROM attempts WHERE key = ? ORDER BY at", arguments: [attempt.key]
                ).map { Date(timeIntervalSince1970: $0) }
                if let wait = Attempt.wait(recent, rate: attempt.rate, now: now) { return wait }
            }
            for attempt in attempts {
                try db.execute(sql: "INSERT INTO attempts (key, at) VALUES (?, ?)", arguments: [attempt.key, moment])
            }
            return nil
        }
    }

    func forgetAttempts(of key: String) async throws {
        try await write(changesAnswers: false) { db in
            try db.execute(sql: "DELETE FROM attempts WHERE key = ?", arguments: [key])
        }
    }

    func withdrawLatestAttempt(of key: String) async throws {
        try await write(changesAnswers: false) { db in
            try db.execute(
                sql:
                    "DELETE FROM attempts WHERE rowid = (SELECT rowid FROM attempts WHERE key = ? ORDER BY at DESC LIMIT 1)",
                arguments: [key])
        }
    }
}
