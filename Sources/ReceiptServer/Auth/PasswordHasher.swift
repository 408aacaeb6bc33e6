import Dispatch
import Foundation
import HummingbirdBcrypt
import Synchronization

/// bcrypt hashing, run off the server's threads: one hash takes a noticeable fraction of a second.
///
/// At most one hash a core runs at once, and a few more a core wait; beyond that the hasher is
/// ``Busy`` (answered 503 with `Retry-After`), so that a flood of logins cannot queue unbounded
/// work behind the owner's.
struct PasswordHasher: Sendable {
    /// The bcrypt cost; 12 in production, lower in tests to keep them fast.
    let cost: UInt8
    private let gate: HashGate

    /// The work is bounded by `slots` hashes at once (the cores) and `waiting` more queued.
    init(cost: UInt8, slots: Int = ProcessInfo.processInfo.activeProcessorCount, waiting: Int? = nil) {
        self.cost = cost
        gate = HashGate(slots: max(1, slots), waiting: waiting ?? 4 * max(1, slots))
    }

    func hash(_ password: String) async throws(Busy) -> String {
        let cost = cost
        return try await gate.run { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String) async throws(Busy) -> Bool {
        try await gate.run { Bcrypt.verify(password, hash: hash) }
    }

    /// Too many hashes running and waiting: try again in a second.
    struct Busy: Error {}
}

/// Runs work off the server's threads, `slots` at a time, with at most `waiting` more suspended
/// (not blocking a thread) until a slot is free; past that, ``PasswordHasher/Busy``.
private final class HashGate: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let slots: Int
    private let waiting: Int
    private let state = Mutex(State())

    init(slots: Int, waiting: Int) {
        self.slots = slots
        self.waiting = waiting
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(PasswordHasher.Busy) -> T {
        try await enter()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
        leave()
        return result
    }

    /// Takes a slot, waiting for one when the queue has room.
    private func enter() async throws(PasswordHasher.Busy) {
        enum Entry { case now, queued, refused }
        let entry = state.withLock { state -> Entry in
            if state.running < slots {
                state.running += 1
                return .now
            }
            return state.waiters.count < waiting ? .queued : .refused
        }
        switch entry {
        case .now: return
        case .refused: throw PasswordHasher.Busy()
        case .queued:
            await withCheckedContinuation { continuation in
                let admitted = state.withLock { state -> Bool in
                    // A slot freed meanwhile is taken at once; else wait for `leave` to hand one over.
                    if state.running < slots {
                        state.running += 1
                        return true
                    }
                    state.waiters.append(continuation)
                    return false
                }
                if admitted { continuation.resume() }
            }
        }
    }

    /// Hands the slot to the first waiter, or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
