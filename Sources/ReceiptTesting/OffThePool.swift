import Foundation

/// Runs `body`, which blocks (waits for a process, a socket, a sleep), on a thread of its own and
/// awaits its result, so that no thread of Swift's concurrency pool is held meanwhile. On a machine of
/// two cores that pool has two threads: two tests blocking them would stop every server answering from
/// the test process, and its clients would time out. A new `Thread`, not a dispatch queue: the global
/// queues have a bounded number of threads too, and a blocked body must never wait for a free one.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// `offThePool(_:)` for a body that cannot fail.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
