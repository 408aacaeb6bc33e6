import Logging
import PostgresNIO
import ReceiptCore

/// Every instance's writes heard here: the triggers of `v6-answer-changes` notify
/// `receipts_answers` when a transaction that changed a session's or a feed's rows commits.
extension PostgresStorage {
    /// The channel the triggers notify.
    static let answersChannel = "receipts_answers"

    /// Listens on a connection of its own and moves ``changes`` on at each notification. The
    /// answers kept in memory are trusted only while it listens: from the moment `LISTEN` holds
    /// until the connection breaks; then it waits a second and listens again.
    func watchChanges() async {
        while !Task.isCancelled {
            do {
                let listener = try await PostgresConnection.connect(configuration: connection, id: 3, logger: logger)
                defer {
                    changes.distrust()
                    Task { try? await listener.close() }
                }
                try await listener.listen(on: Self.answersChannel) { [changes] notifications in
                    changes.trust()
                    for try await _ in notifications { changes.advance() }
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
}
