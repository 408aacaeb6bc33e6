import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptTesting
import Testing
import Yams

@testable import ReceiptServer

@Suite("Server: malformed requests and the contract", .timeLimit(.minutes(20)))
struct MalformedRequestTests {
    @Test("every malformed request gets a 4xx with a JSON error naming the problem, never a 500")
    func malformed() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            let cases: [(String, String, Data?, Int)] = [
                ("POST", "/api/v1/receipts", Data("{\"qr\"".utf8), 400),
                ("POST", "/api/v1/receipts", Data("{\"qr\": 5}".utf8), 400),
                ("POST", "/api/v1/receipts", Data("[]".utf8), 400),
                ("POST", "/api/v1/receipts", Data(), 400),
                ("POST", "/api/v1/receipts", Data(repeating: 0x61, count: 200_000), 413),
                ("POST", "/api/v1/accounts", Data("{\"login\": \"x\"}".utf8), 400),
                ("POST", "/api/v1/sessions", Data("not json".utf8), 400),
                ("GET", "/api/v1/receipts?limit=0", nil, 400),
                ("GET", "/api/v1/receipts?limit=1000", nil, 400),
                ("GET", "/api/v1/receipts?limit=abc", nil, 400),
                ("GET", "/api/v1/receipts?cursor=forged", nil, 400),
                ("GET", "/api/v1/receipts?cursor=eyJhY2NvdW50IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA", nil, 400),
                ("GET", "/api/v1/changes?since=-1", nil, 400),
                ("GET", "/api/v1/receipts/abc", nil, 400),
                ("GET", "/api/v1/receipts/0", nil, 400),
                ("GET", "/api/v1/receipts/99999999999999999999", nil, 400),
                ("GET", "/api/v1/receipts/424242", nil, 404),
                ("GET", "/api/v1/places", nil, 400),
                ("GET", "/api/v1/places?lat=91&lon=0", nil, 400),
                ("GET", "/api/v1/places?lat=55&lon=181", nil, 400),
                ("GET", "/api/v1/places?lat=nan&lon=0", nil, 400),
                ("GET", "/api/v1/places?lat=55&lon=37&radius=-5", nil, 400),
                ("GET", "/api/v1/places?lat=55&lon=37&cursor=xyz", nil, 400),
                ("GET", "/no/such/route", nil, 404),
                ("PUT", "/api/v1/receipts", Data("{}".utf8), 405),
                ("GET", "/api/v1/receipts?limit=", nil, 400),
            ]
            for (method, uri, body, status) in cases {
                let response = try await client.send(uri, method: .init(method) ?? .get, body: body)
                #expect(response.status.code == status, "\(method) \(uri)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(method) \(uri)")
                let error = try? response.decode(APIErrorBody.self)
                #expect(error != nil && error?.message.isEmpty == false, "\(method) \(uri): \(response.text)")
            }
        }
    }

    @Test("the served openapi.yaml parses and names exactly the routes the server has")
    func contract() async throws {
        try await ServerHarness.run { server in
            let client = server.client()
            let response = try await client.get("/openapi.yaml")
            #expect(response.status == .ok)
            let document = try #require(try Yams.load(yaml: response.text) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let specified = Set(
                paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
            #expect(specified == Route.table)
            // And every one of them is routed: none answers "no such route".
            for entry in specified {
                let parts = entry.split(separator: " ")
                let uri = String(parts[1]).replacingOccurrences(of: "{id}", with: "1")
                let answer = try await client.send(uri, method: .init(String(parts[0])) ?? .get, body: nil)
                #expect(!(answer.status == .notFound && answer.text.contains("no such route")), "\(entry)")
            }
        }
    }

    @Test("/health answers with the counts")
    func health() async throws {
        try await ServerHarness.run { server in
            let health = try await server.client().get("/health").decode(HealthStatus.self)
            #expect(health.status == "ok" && health.receipts == 0)
        }
    }
}
