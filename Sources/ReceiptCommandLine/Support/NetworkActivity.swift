import Foundation
import ReceiptNetwork
import ReceiptSync
import Synchronization

/// What the command line shows of a ``ReceiptsClient`` at work: with `--verbose` each try, answer
/// and wait on standard error; on a terminal, while the server does not answer, a status line on the
/// ``LiveLine`` that counts down the time left to the retry budget, cleared at the next answer.
final class NetworkActivity: Sendable {
    let server: String
    let console: Console
    let showsStatus: Bool
    private let waiting = Mutex<Waiting?>(nil)

    private struct Waiting {
        var problem: NetworkProblem
        var deadline: ContinuousClock.Instant
    }

    init(server: String, console: Console, showsStatus: Bool) {
        self.server = server
        self.console = console
        self.showsStatus = showsStatus && LiveLine.current.terminal
    }

    func observe(_ event: ClientEvent) {
        switch event {
        case .answered(let method, let path, let status, let duration):
            console.detail(console.words.answered(method, path, status: status, after: duration))
            // A 5xx or 429 is retried: the wait goes on.
            if status < 500, status != 429 { stopWaiting() }
        case .failed(let method, let path, let problem, let duration):
            console.detail(console.words.triedWithout(method, path, problem: problem, after: duration))
        case .retrying(let problem, let wait, let deadline):
            console.detail(
                console.words.retrying(problem, wait: wait, left: ContinuousClock.now.duration(to: deadline)))
            startWaiting(Waiting(problem: problem, deadline: deadline))
        case .gaveUp(let problem):
            stopWaiting()
            console.detail(console.words.gaveUp(problem))
        }
    }

    /// Shows the status line and keeps it counting down, a second at a time, until the next answer.
    private func startWaiting(_ state: Waiting) {
        guard showsStatus else { return }
        let wasWaiting = waiting.withLock { value in
            defer { value = state }
            return value != nil
        }
        redraw()
        guard !wasWaiting else { return }
        Task {
            while waiting.withLock({ $0 != nil }) {
                try? await Task.sleep(for: .seconds(1))
                redraw()
            }
        }
    }

    private func stopWaiting() {
        guard showsStatus else { return }
        waiting.withLock { value in
            guard value != nil else { return }
            value = nil
            LiveLine.current.setStatus(nil)
        }
    }

    /// Draws under the lock, so that a tick cannot bring back a line the answer has just cleared.
    private func redraw() {
        waiting.withLock { value in
            guard let state = value else { return }
            let left = max(.zero, ContinuousClock.now.duration(to: state.deadline))
            LiveLine.current.setStatus(console.words.waitingFor(state.problem, server: server, left: left))
        }
    }
}
