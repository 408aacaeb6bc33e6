import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync
import Synchronization

/// The web app's import: the same ``Importer`` as `receipts import`, against the configured server
/// with the session kept on this machine, one at a time. It runs on its own, not in the request that
/// started it, so a reload or a second tab finds it still going; whoever listens hears every change
/// of its state (the page, through server-sent events).
final class ImportRun: Sendable {
    /// Where the import is, as the page shows it.
    struct Snapshot: Sendable {
        enum Phase: String, Sendable {
            /// None has run since the app started.
            case idle
            case running
            case done
            case failed
        }

        var phase = Phase.idle
        /// The last progress of the running (or stopped) import.
        var progress: ImportProgress?
        /// What a finished import did.
        var summary: ImportSummary?
        /// Why it stopped; the pages written before stay.
        var failure: (any Error & Sendable)?

        /// Whether the import is over.
        var isFinal: Bool { phase == .done || phase == .failed }
    }

    private struct State {
        var snapshot = Snapshot()
        var listeners: [Int: AsyncStream<Snapshot>.Continuation] = [:]
        var nextListener = 0
    }

    private let state = Mutex(State())

    /// What the import is doing now.
    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Starts importing the feed of `session`'s account into `database`; false when an import is
    /// running already (it is not started twice).
    func start(database: ReceiptDatabase, account: ServerAccount, session: SavedSession) -> Bool {
        let started = state.withLock { state in
            guard state.snapshot.phase != .running else { return false }
            state.snapshot = Snapshot(phase: .running)
            return true
        }
        guard started else { return false }
        publish()
        Task.detached {
            let importer = Importer(
                client: account.client(session), database: database, source: session.syncSource)
            do {
                let summary = try await importer.run { progress in
                    self.state.withLock { $0.snapshot.progress = progress }
                    self.publish()
                }
                self.state.withLock {
                    $0.snapshot.phase = .done
                    $0.snapshot.summary = summary
                }
            } catch {
                self.state.withLock {
                    $0.snapshot.phase = .failed
                    $0.snapshot.failure = error
                }
            }
            self.publish()
        }
        return true
    }

    /// The import's state now, then at every change until it is over (at once when it is not running).
    func updates() -> AsyncStream<Snapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: Snapshot.self, bufferingPolicy: .bufferingNewest(1))
        let key = state.withLock { state in
            continuation.yield(state.snapshot)
            if state.snapshot.phase != .running {
                continuation.finish()
                return nil as Int?
            }
            defer { state.nextListener += 1 }
            state.listeners[state.nextListener] = continuation
            return state.nextListener
        }
        if let key {
            continuation.onTermination = { _ in
                _ = self.state.withLock { $0.listeners.removeValue(forKey: key) }
            }
        }
        return stream
    }

    /// Tells every listener the state now; a final state ends their streams.
    private func publish() {
        let (snapshot, listeners) = state.withLock { state in
            let listeners = state.listeners
            if state.snapshot.isFinal { state.listeners = [:] }
            return (state.snapshot, listeners)
        }
        for continuation in listeners.values {
            continuation.yield(snapshot)
            if snapshot.isFinal { continuation.finish() }
        }
    }
}
