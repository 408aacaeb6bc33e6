import Synchronization

/// Pages handed from the task that fetches them to the one that writes them. The fetcher waits
/// while `capacity` pages are waiting; the writer takes every page waiting at once, so that it can
/// write them in one transaction when it has fallen behind.
final class PageQueue<Page: Sendable>: Sendable {
    private struct State {
        var pages: [Page] = []
        /// Set by the fetcher when it has no more pages: nil for the end of the feed, or its error.
        var end: (any Error)??
        /// Set by the writer when it takes no more pages.
        var closed = false
        var waitingWriter: CheckedContinuation<Void, Never>?
        var waitingFetcher: CheckedContinuation<Void, Never>?
    }

    private enum PutStep {
        case added(writer: CheckedContinuation<Void, Never>?)
        case closed, full
    }

    private enum TakeStep {
        case pages([Page], fetcher: CheckedContinuation<Void, Never>?)
        case ended
        case failed(any Error)
        case wait
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Adds a page, waiting while the queue is full; false when the writer has closed the queue
    /// and the page will never be taken.
    func put(_ page: Page) async -> Bool {
        while true {
            let step = state.withLock { state -> PutStep in
                if state.closed { return .closed }
                guard state.pages.count < capacity else { return .full }
                state.pages.append(page)
                defer { state.waitingWriter = nil }
                return .added(writer: state.waitingWriter)
            }
            switch step {
            case .added(let writer):
                writer?.resume()
                return true
            case .closed:
                return false
            case .full:
                await withCheckedContinuation { continuation in
                    let wait = state.withLock { state -> Bool in
                        guard !state.closed, state.pages.count >= capacity else { return false }
                        state.waitingFetcher = continuation
                        return true
                    }
                    if !wait { continuation.resume() }
                }
            }
        }
    }

    /// Says that no page follows: `error` nil at the end of the feed, or why the fetching stopped.
    func finish(throwing error: (any Error)? = nil) {
        let writer = state.withLock { state in
            if state.end == nil { state.end = .some(error) }
            defer { state.waitingWriter = nil }
            return state.waitingWriter
        }
        writer?.resume()
    }

    /// The pages waiting, oldest first, once there is at least one; an empty array when the feed has
    /// ended and every page has been taken. Throws the fetcher's error once the pages fetched before
    /// it have been taken.
    func take() async throws -> [Page] {
        while true {
            let step = state.withLock { state -> TakeStep in
                if !state.pages.isEmpty {
                    defer {
                        state.pages = []
                        state.waitingFetcher = nil
                    }
                    return .pages(state.pages, fetcher: state.waitingFetcher)
                }
                switch state.end {
                case .none: return .wait
                case .some(.none): return .ended
                case .some(.some(let error)): return .failed(error)
                }
            }
            switch step {
            case .pages(let pages, let fetcher):
                fetcher?.resume()
                return pages
            case .ended:
                return []
            case .failed(let error):
                throw error
            case .wait:
                await withCheckedContinuation { continuation in
                    let wait = state.withLock { state -> Bool in
                        guard state.pages.isEmpty, state.end == nil else { return false }
                        state.waitingWriter = continuation
                        return true
                    }
                    if !wait { continuation.resume() }
                }
            }
        }
    }

    /// Says that the writer takes no more pages: a fetcher waiting for room stops waiting.
    func close() {
        let fetcher = state.withLock { state in
            state.closed = true
            state.pages = []
            defer { state.waitingFetcher = nil }
            return state.waitingFetcher
        }
        fetcher?.resume()
    }
}
