import Foundation
import ReceiptTesting
import Testing

@Suite(
    "A throwaway PostgreSQL for the tests", .tags(.postgres), .wholeSuiteOnly, .storageIndependent,
    .timeLimit(.minutes(20)))
struct PostgresClusterTests {
    /// Whether a developer's (or `scripts/with-postgres.sh`'s) server stands in for the clusters.
    static let shared = !(ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"] ?? "").isEmpty

    @Test(
        "initdb, postgres on a free loopback port, SQL through psql, stopped and removed",
        .enabled(if: !shared, "RECEIPTS_TEST_POSTGRES_URL names a server: no cluster of its own to start"))
    func lifecycle() async throws {
        let cluster = try await PostgresCluster()
        #expect(cluster.url.hasPrefix("postgresql://"))
        #expect(
            try await cluster.psql("SHOW server_version_num").trimmingCharacters(in: .whitespacesAndNewlines).count == 6
        )
        _ = try await cluster.psql("CREATE TABLE t (id bigint PRIMARY KEY, login text UNIQUE)")
        _ = try await cluster.psql("INSERT INTO t VALUES (1, 'demo')")
        await #expect(throws: PostgresCluster.StartError.self) {
            try await cluster.psql("INSERT INTO t VALUES (2, 'demo')")
        }
        #expect(try await cluster.psql("SELECT count(*) FROM t").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let other = try await PostgresCluster()
        #expect(other.url != cluster.url)
        await other.stop()
        await #expect(throws: PostgresCluster.StartError.self) { try await other.psql("SELECT 1") }
    }

    @Test("each test takes a database of its own, and drops it")
    func databases() async throws {
        let cluster = try await PostgresCluster()
        let first = try await cluster.newDatabase()
        let second = try await cluster.newDatabase()
        #expect(first != second && first.hasPrefix("postgresql://"))
        let names = { try await cluster.psql("SELECT datname FROM pg_database") }
        let name = try #require(URLComponents(string: first)?.path.dropFirst())
        #expect(try await names().contains(String(name)))
        try await cluster.dropDatabase(first)
        try await cluster.dropDatabase(second)
        #expect(try await !names().contains(String(name)))
    }
}
