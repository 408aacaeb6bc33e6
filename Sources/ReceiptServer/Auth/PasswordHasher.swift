import Dispatch
import HummingbirdBcrypt

/// bcrypt hashing, run off the server's threads: one hash takes a noticeable fraction of a second.
struct PasswordHasher: Sendable {
    /// The bcrypt cost; 12 in production, lower in tests to keep them fast.
    let cost: UInt8

    func hash(_ password: String) async -> String {
        let cost = cost
        return await Self.offload { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String) async -> Bool {
        await Self.offload { Bcrypt.verify(password, hash: hash) }
    }

    private static func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
