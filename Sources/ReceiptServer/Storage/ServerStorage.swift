import Foundation
import Prometheus
import Synchronization

/// Everything the server keeps, behind one interface made of roles: accounts and sessions
/// (``SessionStorage``), each account's receipts with their change sequence
/// (``ReceiptFeedStorage``), households and the shares of their receipts (``HouseholdStorage``), the completion of pending receipts (``CompletionJobStorage``),
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
    SessionStorage, ReceiptFeedStorage, HouseholdStorage, CompletionJobStorage, AttemptStorage, PlaceStorage,
    DemoStorage, HousekeepingStorage
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
    /// The calls timed and counted, for `/metrics`.
    var timings: StorageTimings { get }
    /// Its writes counted, for the answers kept in memory (``AnswerCache``).
    var changes: StorageChanges { get }
    /// Hears other instances' writes into ``changes`` until the task is cancelled; returns at once
    /// when no other process writes (SQLite).
    func watchChanges() async
}

/// The storage does not answer (the database is busy past its timeout, gone, read-only or full):
/// nothing was changed, and the same request may succeed later. Answered as 503.
struct StorageUnavailable: Error, CustomStringConvertible {
    let description: String
}

/// The storage's calls timed, for `/metrics`: how long each kind of call took
/// (`receipts_storage_call_duration_seconds{call}`), how long a PostgreSQL call waited for a
/// connection of the pool before its first statement (`receipts_storage_pool_wait_seconds{call}`),
/// and how many calls are under way. Each server's storage has its own, so instances (and servers
/// in one test process) count apart.
final class StorageTimings: Sendable {
    /// Where the histograms are kept; `/metrics` writes it after the server's own.
    let registry = PrometheusCollectorRegistry()
    private let inFlight = Atomic<Int>(0)

    /// Calls waiting for the database or running now.
    var callsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// Runs `body` as the call `name` (a function's name, `feed(account:after:limit:)`, is cut to
    /// `feed`), counted while it runs and timed, whether it succeeds or not.
    func measure<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        inFlight.add(1, ordering: .relaxed)
        let start = ContinuousClock.now
        defer {
            inFlight.subtract(1, ordering: .relaxed)
            histogram(
                "storage_call_duration", help: "Time of a storage call, from asking to its answer, by call.", name
            ).record(ContinuousClock.now - start)
        }
        return try await body()
    }

    /// A PostgreSQL call of `name` waited `duration` for a connection of the pool.
    func waited(_ name: String, _ duration: Duration) {
        histogram(
            "storage_pool_wait", help: "Time a storage call waited for a connection of the pool, by call.", name
        ).record(duration)
    }

    private func histogram(_ metric: String, help: String, _ name: String) -> DurationHistogram {
        let call = name.prefix { $0 != "(" }
        return registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "receipts", metricName: metric, unitName: "seconds", helpText: help),
            labels: [("call", String(call))], buckets: ServerMetrics.buckets)
    }
}
