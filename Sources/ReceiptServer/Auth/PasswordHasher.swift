import Dispatch
import Foundation
import HummingbirdBcrypt

/// bcrypt hashing, run off the server's threads: one hash takes a noticeable fraction of a second.
///
/// At most one hash a core runs at once, and a few more a core wait; beyond that the hasher is
/// ``Busy`` (answered 503 with `Retry-After`), so that a flood of logins cannot queue unbounded
/// work behind the owner's.
struct PasswordHasher: Sendable {
    /// The bcrypt cost; 12 in production, lower in tests to keep them fast.
    let cost: UInt8
    private let gate: AsyncGate

    /// The work is bounded by `slots` hashes at once (the cores) and `waiting` more queued.
    init(cost: UInt8, slots: Int = ProcessInfo.processInfo.activeProcessorCount, waiting: Int? = nil) {
        self.cost = cost
        gate = AsyncGate(slots: slots, waiting: waiting ?? 4 * max(1, slots))
    }

    func hash(_ password: String) async throws(Busy) -> String {
        let cost = cost
        return try await run { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String) async throws(Busy) -> Bool {
        try await run { Bcrypt.verify(password, hash: hash) }
    }

    /// Too many hashes running and waiting: try again in a second.
    struct Busy: Error {}

    /// `work` on a thread of Dispatch's, once the gate lets it through.
    private func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(Busy) -> T {
        do {
            return try await gate.admitted {
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async { continuation.resume(returning: work()) }
                }
            }
        } catch {
            throw Busy()
        }
    }
}
