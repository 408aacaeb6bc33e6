import Foundation
import ReceiptTesting
import Testing

@Suite("A throwaway PostgreSQL for the tests")
struct PostgresClusterTests {
    @Test("initdb, postgres on a free loopback port, SQL through psql, stopped and removed")
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
}
