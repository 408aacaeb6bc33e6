import Foundation
import Hummingbird
import NIOCore
import ReceiptCore
import ReceiptReports

/// A sentence in either language, said when a page in one of them asks.
typealias Said = @Sendable (Language) -> String

/// A long job the page starts (an import from the tax service, completing pending receipts): one at
/// a time, run on its own rather than in the request that started it, so that a reload or a second
/// tab finds it still going; whoever listens hears every change of its state (server-sent events).
final class WebJob: Sendable {
    /// Where the job is, as the page shows it.
    struct Snapshot: Sendable {
        var phase = JobPhase.idle
        /// What it is doing now, or what it did when it is over.
        var text: Said?
        /// What went wrong with single items on the way (a ticket, a receipt), and notes such as the
        /// daily limit: the command line's notes.
        var notes: [Said] = []
        /// Why it stopped, when it failed; what it kept before stays kept.
        var problem: Said?

    }

    /// What the work tells the page as it goes.
    struct Reporter: Sendable {
        fileprivate let job: WebJob

        /// What it is doing now.
        func progress(_ text: @escaping Said) { job.change { $0.text = text } }

        /// A note to keep listed.
        func note(_ text: @escaping Said) { job.change { $0.notes.append(text) } }
    }

    // A listener hears the state until the job is not running (at once when none has run).
    private let broadcast = Broadcast(Snapshot()) { $0.phase != .running }

    /// What the job is doing now.
    var snapshot: Snapshot { broadcast.value }

    /// Starts `work`, which returns what it did; false when the job runs already (it is not started
    /// twice). A thrown error is the job's problem, in its own words when it has them.
    func start(_ work: @escaping @Sendable (Reporter) async throws -> Said) -> Bool {
        let started = broadcast.change { snapshot in
            guard snapshot.phase != .running else { return false }
            snapshot = Snapshot(phase: .running)
            return true
        }
        guard started else { return false }
        Task.detached {
            do {
                let said = try await work(Reporter(job: self))
                self.change {
                    $0.phase = .done
                    $0.text = said
                }
            } catch {
                let failure = error
                self.change {
                    $0.phase = .failed
                    $0.problem = { language in
                        (failure as? any LocalizedMessage)?.message(in: language) ?? String(describing: failure)
                    }
                }
            }
        }
        return true
    }

    /// The job's state now, then at every change until it is over.
    func updates() -> AsyncStream<Snapshot> { broadcast.updates() }

    private func change(_ update: (inout Snapshot) -> Void) { broadcast.change(update) }

    /// The job's state in the page's language: `{"phase", "text", "notes", "problem"}`.
    struct View: Encodable {
        let phase: String
        @NullWhenAbsent var text: String?
        let notes: [String]
        @NullWhenAbsent var problem: String?

        init(_ snapshot: Snapshot, language: Language) {
            phase = snapshot.phase.rawValue
            text = snapshot.text?(language)
            notes = snapshot.notes.map { $0(language) }
            problem = snapshot.problem?(language)
        }
    }

    /// The state as server-sent events: one `data:` line of ``View`` at every change.
    func events(language: Language) -> Response { broadcast.events { View($0, language: language) } }
}
