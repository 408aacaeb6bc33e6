import Logging
import PostgresNIO
import ReceiptCore

/// Every instance's writes heard here: the triggers of `v6-answer-changes` notify
/// `receipts_answers` when a transaction that changed a session's or a feed's rows commits.
extension PostgresStorage {
    /// The channel the triggers notify.
    static let answersChannel = "receipts_answers"

    /// How often the listening connection is asked whether it still answers. It may take six
    /// times the patience a request has (a minute by default): a connection that goes quiet
    /// without breaking is found within that. Shorter waits (2 s, then the 10-s patience) took a
    /// PostgreSQL that was only slow for gone: on a machine that schedules each backend as a group
    /// of its own (autogroup), an idle backend waited more than ten seconds for the CPU under
    /// full load, and every answer then went to the starved database at once. A frozen database
    /// loses nothing meanwhile: no other instance's write commits either.
    static let heartbeat = (every: Duration.seconds(1), patienceTimes: 6)

    /// Listens on a connection of its own and moves ``changes`` on at each notification. The
    /// answers kept in memory are trusted only while it listens: from the moment `LISTEN` holds
    /// until the connection breaks or misses a heartbeat; then it listens again a second later.
    func watchChanges() async {
        while !Task.isCancelled {
            do {
                let listener = try await PostgresConnection.connect(configuration: connection, id: 3, logger: logger)
                defer {
                    changes.distrust()
                    Task { try? await listener.close() }
                }
                try await listener.listen(on: Self.answersChannel) { [changes, logger] notifications in
                    changes.trust()
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await _ in notifications { changes.advance() }
                            throw ListenerLost(what: "its notifications ended")
                        }
                        group.addTask { [patience] in
                            try await Self.beat(
                                listener, within: patience * Self.heartbeat.patienceTimes, logger: logger)
                        }
                        // Either ends only by throwing: the connection is gone or does not answer.
                        try await group.next()
                        group.cancelAll()
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "listening for changes: \(PostgresProblem(error).message(in: .english)); answers are read from the database until it listens again in a second"
                )
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Asks the listening connection `SELECT 1` every second (``heartbeat``) until it fails to
    /// answer within `patience` (``ListenerLost``) or the task is cancelled.
    private static func beat(_ listener: PostgresConnection, within patience: Duration, logger: Logger) async throws {
        while true {
            try await Task.sleep(for: heartbeat.every)
            let answered = try await FirstOf.run(within: patience) {
                for try await _ in try await listener.query("SELECT 1", logger: logger) {}
                return true
            }
            guard answered != nil else { throw ListenerLost(what: "it did not answer its heartbeat in time") }
        }
    }

    /// The listening connection stopped delivering, or stopped answering.
    struct ListenerLost: Error, CustomStringConvertible {
        let what: String
        var description: String { "the listening connection is lost: \(what)" }
    }
}
