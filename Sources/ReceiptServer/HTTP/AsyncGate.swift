import Synchronization

/// Lets `slots` tasks at a time through, the others waiting in order without holding a thread (a
/// lock that may be held across `await` when `slots` is 1); with `waiting`, at most that many wait
/// and any more are refused (``Full``).
final class AsyncGate: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }
    private let state = Mutex(State())
    private let slots: Int
    private let waitingLimit: Int

    /// Every place taken and the queue at its limit.
    struct Full: Error {}

    init(slots: Int = 1, waiting: Int = .max) {
        self.slots = max(1, slots)
        waitingLimit = waiting
    }

    /// Runs `body` once every task that came before has left.
    func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        guard await enter() else { throw Full() }
        defer { leave() }
        return try await body()
    }

    /// Runs `body` in a place, waiting for one if the queue has room; ``Full`` when it has none.
    func admitted<T: Sendable>(_ body: () async -> T) async throws(Full) -> T {
        guard await enter() else { throw Full() }
        defer { leave() }
        return await body()
    }

    /// Takes a place: true once it is this task's, false when the queue is full.
    private func enter() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            enum Entry { case now, queued, refused }
            let entry = state.withLock { state -> Entry in
                if state.running < slots {
                    state.running += 1
                    return .now
                }
                guard state.waiting.count < waitingLimit else { return .refused }
                state.waiting.append(continuation)
                return .queued
            }
            switch entry {
            case .now: continuation.resume(returning: true)
            case .refused: continuation.resume(returning: false)
            case .queued: break
            }
        }
    }

    /// Hands the place to the first waiting task, or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume(returning: true)
    }
}
