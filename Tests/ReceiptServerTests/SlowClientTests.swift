import Foundation
import HTTPTypes
import ReceiptServer
import ReceiptServerTesting
import ReceiptTesting
import Testing

@Suite("Slow clients", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct SlowClientTests {
    @Test("clients that dribble their request are cut off at the deadline while others are served")
    func dribblers() async throws {
        let deadlines: (inout ServerSettings) -> Void = {
            $0.requestHeadTimeout = .seconds(1)
            $0.requestTimeout = .seconds(2)
        }
        try await ServerHarness.run(transport: .live, configure: deadlines) { harness in
            // 150 clients that never finish a head, 50 that never finish a body.
            let heads = try (0..<150).map { _ in try RawConnection(port: harness.port) }
            let bodies = try (0..<50).map { _ in try RawConnection(port: harness.port) }
            for connection in heads { connection.send("GET /health HTTP/1.1\r\nHo") }
            for connection in bodies {
                connection.send(
                    "POST /api/v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"
                )
            }
            var closedHeads = 0
            var closedBodies = 0
            // Each sends a byte every 200 ms for up to 6 s; the server closes them meanwhile.
            for _ in 0..<30 {
                try await Task.sleep(for: .milliseconds(200))
                for connection in heads + bodies where !connection.isClosedByServer { connection.send("x") }
                closedHeads = heads.filter(\.isClosedByServer).count
                closedBodies = bodies.filter(\.isClosedByServer).count
                // Everyone else is served all the while. A new connection that a saturated machine
                // kept from sending its request for the whole head deadline is cut off as a dribbler
                // is, rightly: another one then must get through.
                #expect(try await Self.health(harness) == .ok)
                if closedHeads == heads.count && closedBodies == bodies.count { break }
            }
            #expect(closedHeads == heads.count)
            #expect(closedBodies == bodies.count)
        }
    }

    /// The health check through a new connection. On a loaded machine with every test running at
    /// once, a new client may be kept from sending its request for the whole 1 s head deadline, and
    /// is cut off for it, rightly, several times in a row: one of ten must get through.
    private static func health(_ harness: ServerHarness) async throws -> HTTPResponse.Status {
        for attempt in 1... {
            do {
                return try await harness.client().get("/health").status
            } catch  where attempt < 10 {
                continue
            }
        }
        preconditionFailure("the loop returns or throws")
    }
}
