import Foundation

/// A value that arrives once, from a thread of its own (a child's end, a pipe read to its end), and
/// is awaited without holding a thread of Swift's concurrency pool, or waited for by code that is
/// not async.
final class Eventual<Value: Sendable>: @unchecked Sendable {
    // The condition guards `value` and `waiting`: a lock that sync waiters can sleep on.
    private let condition = NSCondition()
    private var value: Value?
    private var waiting: [CheckedContinuation<Value, Never>] = []

    /// Gives the value, once: later values are ignored.
    func fulfil(_ arrived: Value) {
        condition.lock()
        guard value == nil else {
            condition.unlock()
            return
        }
        value = arrived
        let resumed = waiting
        waiting = []
        condition.broadcast()
        condition.unlock()
        for continuation in resumed { continuation.resume(returning: arrived) }
    }

    /// Whether the value has arrived.
    var hasArrived: Bool {
        condition.lock()
        defer { condition.unlock() }
        return value != nil
    }

    /// The value if it has arrived.
    func peek() -> Value? {
        condition.lock()
        defer { condition.unlock() }
        return value
    }

    /// The value, once it has arrived; the task is suspended meanwhile.
    func arrived() async -> Value {
        await withCheckedContinuation { continuation in
            condition.lock()
            if let value {
                condition.unlock()
                continuation.resume(returning: value)
            } else {
                waiting.append(continuation)
                condition.unlock()
            }
        }
    }

    /// The value, blocking the calling thread until it has arrived: for code that is not async.
    @available(*, noasync, message: "await arrived(), which holds no thread of the pool")
    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }

    /// The value if it has arrived within `seconds`, blocking the calling thread meanwhile.
    @available(*, noasync, message: "await arrived(), which holds no thread of the pool")
    func wait(seconds: TimeInterval) -> Value? {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while value == nil, condition.wait(until: deadline) {}
        return value
    }
}
