import Foundation
import Synchronization

/// Everything the server keeps, behind one interface made of roles: accounts and sessions
/// (``SessionStorage``), each account's receipts with their change sequence
/// (``ReceiptFeedStorage``), the completion of pending receipts (``CompletionJobStorage``),
/// attempts counted for throttling and account limits (``AttemptStorage``), places
/// (``PlaceStorage``), the demo (``DemoStorage``), and the storage as a whole: secrets, counts,
/// its pool (``HousekeepingStorage``).
///
/// Every call is async and none holds an event-loop thread: the SQLite implementation
/// (``SQLiteStorage``) runs on GRDB's own threads, the PostgreSQL one (``PostgresStorage``) is
/// natively async; each implements a role in a file of its own. Only the logic that does not
/// depend on where the data lives stays outside: session tokens and their hashes
/// (``AccountStore``), cursors, the place index, the JSON of places.
protocol ServerStorage:
    SessionStorage, ReceiptFeedStorage, CompletionJobStorage, AttemptStorage, PlaceStorage, DemoStorage,
    HousekeepingStorage
{}

/// The storage as a whole: the secrets kept in it, the health check's counts, its pool's use, and
/// letting it go.
protocol HousekeepingStorage: Sendable {
    /// A random secret kept in the storage (made on first use), so that every instance signs the
    /// same cursors and they outlive restarts.
    func secret(named name: String) async throws -> Data
    /// How many receipts (all accounts) and places there are: the health check's question.
    func counts() async throws -> (receipts: Int, places: Int)

    /// Lets go of the database (a pool's connections); nothing is asked of the storage afterwards.
    func close() async
    /// How many calls are waiting for the database or running now: the pool's use, for `/metrics`.
    var callsInFlight: Int { get }
}

/// The storage does not answer (the database is busy past its timeout, gone, read-only or full):
/// nothing was changed, and the same request may succeed later. Answered as 503.
struct StorageUnavailable: Error, CustomStringConvertible {
    let description: String
}

/// Counts the storage calls under way, for ``HousekeepingStorage/callsInFlight``.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Calls now.
    var value: Int { count.load(ordering: .relaxed) }

    /// Runs `body`, counted while it runs.
    func counting<T>(_ body: () async throws -> T) async throws -> T {
        count.add(1, ordering: .relaxed)
        defer { count.subtract(1, ordering: .relaxed) }
        return try await body()
    }
}
