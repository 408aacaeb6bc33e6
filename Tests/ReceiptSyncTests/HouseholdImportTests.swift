import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Testing

@Suite("Importing a household's receipts", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct HouseholdImportTests {
    @Test(
        "a member who synced its own receipts, then joins, gets the household's older receipts exactly once, each with who added it"
    )
    func joinerGetsOlderReceipts() async throws {
        try await SyncHarness.run(receipts: 120) { harness in
            let (demo, _) = try await harness.demoClient()
            let boris = ReceiptsClient(server: harness.url, cookie: nil, retry: RetryPolicy(budget: 120))
            let info = try await boris.register(login: "boris", password: "boris password")
            _ = try await boris.add(qr: "t=20250901T1000&s=10.00&fn=9999000011112222&i=5&fp=55&n=1")
            let database = try harness.database()
            let source = "\(harness.url.absoluteString)#\(info.account)"
            let own = try await Importer(client: boris, database: database, source: source, pageSize: 50).run()
            #expect(own.imported == 1)
            let position = try database.syncPosition(for: source).since

            _ = try await demo.createHousehold()
            let code = try await demo.invite(role: .viewer).code
            let joined = try await boris.join(code: code)
            #expect(joined.members.map(\.login) == ["demo", "boris"] && joined.role == .viewer)

            // The demo's 120 receipts, older than Boris's own, come after the position he had read.
            let after = try await Importer(client: boris, database: database, source: source, pageSize: 50).run()
            #expect(after.imported == 120 && after.updated == 0 && after.unchanged == 0)
            #expect(try database.syncPosition(for: source).since > position)
            #expect(try database.receiptCount() == 121)
            let again = try await Importer(client: boris, database: database, source: source).run()
            #expect(again.imported == 0 && again.updated == 0)
            // Who added each, as the feed said.
            let page = try await boris.changes(since: 0, limit: 100)
            #expect(Set(page.receipts.compactMap(\.addedBy)) == ["demo", "boris"])
            // A viewer adds nothing.
            await #expect(
                throws: ClientError.rejected(status: 403, message: "a viewer of the household changes nothing")
            ) {
                _ = try await boris.add(qr: "t=20250902T1000&s=10.00&fn=9999000011112222&i=6&fp=66&n=1")
            }
        }
    }
}
