import Foundation

/// Runs `body`, which blocks (waits for a process, a socket, a sleep), on a thread of its own and
/// awaits its result, so that no thread of Swift's concurrency pool is held meanwhile. On a machine of
/// two cores that pool has two threads: two tests blocking them would stop every server answering from
/// the test process, and its clients would time out.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

/// ``offThePool(_:)`` for a body that cannot fail.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
}
