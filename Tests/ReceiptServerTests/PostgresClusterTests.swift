import Foundation
import ReceiptTesting
import Testing

@Suite("A throwaway PostgreSQL for the tests", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct PostgresClusterTests {
    /// Whether a developer's (or `scripts/with-postgres.sh`'s) server stands in for the clusters.
    static let shared = !(ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"] ?? "").isEmpty

    @Test(
        "initdb, postgres on a free loopback port, SQL through psql, stopped and removed",
        .enabled(if: !shared, "RECEIPTS_TEST_POSTGRES_URL names a server: no cluster of its own to start"))
    func lifecycle() throws {
        let cluster = try PostgresCluster()
        #expect(cluster.url.hasPrefix("postgresql://"))
        #expect(try cluster.psql("SHOW server_version_num").trimmingCharacters(in: .whitespacesAndNewlines).count == 6)
        _ = try cluster.psql("CREATE TABLE t (id bigint PRIMARY KEY, login text UNIQUE)")
        _ = try cluster.psql("INSERT INTO t VALUES (1, 'demo')")
        #expect(throws: PostgresCluster.StartError.self) { try cluster.psql("INSERT INTO t VALUES (2, 'demo')") }
        #expect(try cluster.psql("SELECT count(*) FROM t").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let other = try PostgresCluster()
        #expect(other.url != cluster.url)
        other.stop()
        #expect(throws: PostgresCluster.StartError.self) { try other.psql("SELECT 1") }
    }

    @Test("each test takes a database of its own, and drops it")
    func databases() throws {
        let cluster = try PostgresCluster()
        let first = try cluster.newDatabase()
        let second = try cluster.newDatabase()
        #expect(first != second && first.hasPrefix("postgresql://"))
        let names = { try cluster.psql("SELECT datname FROM pg_database") }
        let name = try #require(URLComponents(string: first)?.path.dropFirst())
        #expect(try names().contains(String(name)))
        try cluster.dropDatabase(first)
        try cluster.dropDatabase(second)
        #expect(try !names().contains(String(name)))
    }
}
