import Foundation
import Hummingbird
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// The web app's import: the same ``Importer`` as `receipts import`, against the configured server
/// with the session kept on this machine, one at a time. It runs on its own, not in the request that
/// started it, so a reload or a second tab finds it still going; whoever listens hears every change
/// of its state (the page, through server-sent events).
final class ImportRun: Sendable {
    /// Where the import is, as the page shows it.
    struct Snapshot: Sendable {
        var phase = JobPhase.idle
        /// The last progress of the running (or stopped) import.
        var progress: ImportProgress?
        /// What a finished import did.
        var summary: ImportSummary?
        /// Why it stopped; the pages written before stay.
        var failure: (any Error & Sendable)?

    }

    // A listener hears the state until the job is not running (at once when none has run).
    private let broadcast = Broadcast(Snapshot()) { $0.phase != .running }

    /// What the import is doing now.
    var snapshot: Snapshot { broadcast.value }

    /// Starts importing the feed of `session`'s account into `database`; false when an import is
    /// running already (it is not started twice).
    func start(database: ReceiptDatabase, account: ServerAccount, session: SavedSession) -> Bool {
        let started = broadcast.change { snapshot in
            guard snapshot.phase != .running else { return false }
            snapshot = Snapshot(phase: .running)
            return true
        }
        guard started else { return false }
        Task.detached {
            let importer = Importer(
                client: account.client(session), database: database, source: session.syncSource)
            do {
                let summary = try await importer.run { progress in
                    self.broadcast.change { $0.progress = progress }
                }
                self.broadcast.change {
                    $0.phase = .done
                    $0.summary = summary
                }
            } catch {
                self.broadcast.change {
                    $0.phase = .failed
                    $0.failure = error
                }
            }
        }
        return true
    }

    /// The import's state now, then at every change until it is over (at once when it is not running).
    func updates() -> AsyncStream<Snapshot> { broadcast.updates() }

    /// The import's state as server-sent events, in the page's words.
    func events(words: WebWords) -> Response { broadcast.events { ImportProgressView($0, words: words) } }
}
