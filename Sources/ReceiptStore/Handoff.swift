import Foundation

/// Work handed from a reader that builds it on a snapshot, on another thread, to the writer that
/// writes it, a batch at a time; the reader waits while `capacity` batches wait. The search index's
/// documents and the product figures of stale months are built this way, beside their writer.
final class Handoff<Batch: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity = 8
    // Guarded by `condition`.
    private var batches: [Batch] = []
    private var end: (any Error)??
    private var closed = false
    private var readerDone = false

    /// False when the writer has stopped taking batches.
    func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity, !closed { condition.wait() }
        guard !closed else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// Says that the reader has stopped: `error` nil when it has built everything.
    func finish(throwing error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        if end == nil { end = .some(error) }
        readerDone = true
        condition.broadcast()
    }

    /// The next batch, nil after the last; throws the reader's error.
    func take() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, end == nil { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if case .some(.some(let error)) = end { throw error }
        return nil
    }

    /// Stops the reader (if it still runs) and waits until it has.
    func closeAndWait() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !readerDone { condition.wait() }
    }
}
