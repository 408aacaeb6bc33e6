import Foundation
import HTTPTypes
import Logging
import ReceiptAPI
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptServer

@Suite(
    "Server: request ids, metrics and log lines, for running it as a service", .tags(.server, .postgres),
    .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct OperationsTests {
    @Test("every answer carries X-Request-Id: the balancer's when it is a sane token, else the server's own")
    func requestIDs() async throws {
        try await ServerHarness.run { server in
            let client = server.client()
            let kept = try await client.send("/health", method: .get, body: nil, headers: [.requestID: "lb-42.a_b"])
            #expect(kept.headers[.requestID] == "lb-42.a_b")
            var seen: Set<String> = []
            for (uri, header) in [
                ("/api/v1/receipts", "has space"), ("/nowhere", String(repeating: "x", count: 129)),
                ("/api/v1/receipts/0", "quote\"d"), ("/health", ""),
            ] {
                let response = try await client.send(uri, method: .get, body: nil, headers: [.requestID: header])
                let id = try #require(response.headers[.requestID], "\(uri)")
                #expect(id != header && !id.isEmpty && !seen.contains(id), "\(uri): \(id)")
                seen.insert(id)
            }
        }
    }

    @Test("/metrics counts requests by route pattern, method and status, their latency, throttling and adds")
    func metrics() async throws {
        let strict: (inout ServerSettings) -> Void = {
            $0.throttle.failedLoginsPerLogin = ThrottleLimits.Rate(1, per: 300)
            $0.metricsToken = "prometheus-token"
            // Every session and page read from the storage, so that its calls are counted as below
            // (what memory saves is AnswerCacheTests').
            $0.answerCacheBytes = 0
        }
        try await ServerHarness.run(configure: strict) { server in
            let client = try await server.anonymous()
            let code = "t=20250214T1130&s=899.00&fn=9960440301234567&i=5501&fp=2702394115&n=2"
            #expect(try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: code)).status == .created)
            #expect(try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: code)).status == .ok)
            for _ in 0..<3 { _ = try await client.send("/api/v1/receipts/1", method: .get, body: nil) }
            _ = try await client.send("/api/v1/receipts/99", method: .get, body: nil)
            for _ in 0..<2 { #expect(try await client.get("/api/v1/receipts?limit=1").status == .ok) }
            let wrong = Credentials(login: "nobody", password: "wrong password")
            for _ in 0..<3 { _ = try await server.client().post("/api/v1/sessions", json: wrong) }

            // Only the operator's Prometheus, with the token, reads them.
            #expect(try await server.client().get("/metrics").status == .unauthorized)
            let wrongToken = try await server.client().send(
                "/metrics", method: .get, body: nil, headers: [.authorization: "Bearer prometheus-tokeN"])
            #expect(wrongToken.status == .unauthorized)
            let response = try await server.client().send(
                "/metrics", method: .get, body: nil, headers: [.authorization: "Bearer prometheus-token"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let lines = Set(response.text.split(separator: "\n").map(String.init))
            #expect(lines.contains(#"receipts_receipts_added_total{status="pending"} 1"#))
            let receipt = lines.filter { $0.hasPrefix("receipts_http_requests_total{route=\"/api/v1/receipts/") }
            #expect(receipt.contains { $0.hasSuffix(#"method="GET",status="200"} 3"#) }, "\(receipt)")
            #expect(receipt.contains { $0.hasSuffix(#"method="GET",status="404"} 1"#) }, "\(receipt)")
            #expect(lines.contains { $0.hasPrefix(#"receipts_throttled_attempts_total{kind="login"}"#) })
            // The /metrics request itself is not a storage call: none is under way.
            #expect(lines.contains("receipts_storage_calls_in_flight 0.0"))
            // Each storage call timed by its name: the four reads of a receipt (three of receipt 1,
            // one of 99); on PostgreSQL also each one's wait for a connection of the pool.
            #expect(lines.contains(#"receipts_storage_call_duration_seconds_count{call="receipt"} 4"#), "\(lines)")
            // The feed reads its session with its page, in one call: the six session checks are those
            // of the two adds and the four receipt reads, none of the two feed pages.
            #expect(lines.contains(#"receipts_storage_call_duration_seconds_count{call="feed"} 2"#), "\(lines)")
            #expect(lines.contains(#"receipts_storage_call_duration_seconds_count{call="session"} 6"#), "\(lines)")
            let onPostgres = ProcessInfo.processInfo.environment["RECEIPTS_TEST_STORAGE"] == "postgresql"
            #expect(lines.contains(#"receipts_storage_pool_wait_seconds_count{call="receipt"} 4"#) == onPostgres)
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        #"receipts_http_request_duration_seconds_count{route="/api/v1/receipts",method="POST"} 2"#)
                })
        }
    }

    @Test("/metrics is off without a token: 403 saying how to turn it on")
    func metricsOff() async throws {
        try await ServerHarness.run { server in
            let response = try await server.client().send(
                "/metrics", method: .get, body: nil, headers: [.authorization: "Bearer anything"])
            #expect(response.status == .forbidden)
            #expect(response.text.contains("RECEIPTS_METRICS_TOKEN"))
        }
    }

    @Test("a log line's time is UTC to the millisecond; a request's duration in milliseconds to two places")
    func logNumbers() {
        // 1,764,491,082.778 s after the epoch: 2025-11-30 08:24:42.778 UTC.
        #expect(
            ServerLogHandler.timestamp(Date(timeIntervalSince1970: 1_764_491_082.778_4)) == "2025-11-30T08:24:42.778Z")
        #expect(ServerLogHandler.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        // 2024 is a leap year: its 29 February, a moment before midnight.
        #expect(
            ServerLogHandler.timestamp(Date(timeIntervalSince1970: 1_709_251_199.999_5)) == "2024-02-29T23:59:59.999Z")
        #expect(AccessLogMiddleware.milliseconds(.microseconds(12_345)) == "12.34")
        #expect(AccessLogMiddleware.milliseconds(.microseconds(50)) == "0.05")
        #expect(AccessLogMiddleware.milliseconds(.seconds(2)) == "2000.00")
        #expect(AccessLogMiddleware.milliseconds(.zero) == "0.00")
    }

    @Test("log lines: logfmt quotes what would break a pair, JSON escapes, the request id once")
    func logLines() {
        let lines = Mutex<[String]>([])
        var logfmt = Logger(label: "test") { _ in
            ServerLogHandler(format: .logfmt, level: .info) { line in lines.withLock { $0.append(line) } }
        }
        logfmt[metadataKey: "request_id"] = "r-1"
        logfmt[metadataKey: "hb.request.id"] = "r-1"
        logfmt.info("answered", metadata: ["path": "/a b", "note": "say \"hi\"=\n", "status": "200"])
        logfmt.debug("not written")
        var json = Logger(label: "test") { _ in
            ServerLogHandler(format: .json, level: .info) { line in lines.withLock { $0.append(line) } }
        }
        json[metadataKey: "request_id"] = "r-2"
        json.error("it \"broke\"\tbadly", metadata: ["path": "/ü"])
        let written = lines.withLock { $0 }
        #expect(written.count == 2)
        let first = written[0]
        #expect(first.hasPrefix("ts=") && first.hasSuffix("\n"))
        #expect(
            first.contains(
                #" level=info msg=answered note="say \"hi\"=\n" path="/a b" request_id=r-1 status=200"#))
        #expect(!first.contains("hb.request.id"))
        let object = try? JSONSerialization.jsonObject(with: Data(written[1].utf8)) as? [String: String]
        #expect(object?["msg"] == "it \"broke\"\tbadly" && object?["path"] == "/ü" && object?["level"] == "error")
        #expect(object?["request_id"] == "r-2" && object?["ts"]?.hasSuffix("Z") == true)
    }
}
