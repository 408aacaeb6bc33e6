import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptTesting
import Testing
import Yams

/// The bounds `openapi.yaml` states are the server's: a value at each bound is taken, one past it
/// is 400; login takes any strings, registration keeps exactly the rules the yaml gives it.
@Suite(
    "Server: the bounds openapi.yaml states are the server's", .timeLimit(.minutes(20))
)
struct ContractBoundsTests {
    /// The served document's operation at `path` and `method`.
    static func operation(_ document: [String: Any], _ path: String, _ method: String) throws -> [String: Any] {
        let paths = try #require(document["paths"] as? [String: Any])
        let operations = try #require(paths[path] as? [String: Any])
        return try #require(operations[method] as? [String: Any])
    }

    /// A parameter's schema, following `$ref`s into `components/parameters`.
    static func parameter(_ name: String, of operation: [String: Any], in document: [String: Any]) throws
        -> [String: Any]
    {
        let components = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: Any])
        for entry in try #require(operation["parameters"] as? [[String: Any]]) {
            let resolved =
                (entry["$ref"] as? String).flatMap { components[String($0.split(separator: "/").last ?? "")] }
                as? [String: Any] ?? entry
            if resolved["name"] as? String == name { return try #require(resolved["schema"] as? [String: Any]) }
        }
        Issue.record("no parameter \(name)")
        return [:]
    }

    @Test("each integer and number parameter: its maximum is taken, one past it is 400")
    func maxima() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            let document = try #require(
                try Yams.load(yaml: try await client.get("/openapi.yaml").text) as? [String: Any])
            let cases: [(path: String, name: String, uri: (String) -> String, ok: HTTPResponse.Status)] = [
                ("/api/v1/receipts/{id}", "id", { "/api/v1/receipts/\($0)" }, .notFound),
                ("/api/v1/receipts/{id}/shares", "id", { "/api/v1/receipts/\($0)/shares" }, .notFound),
                ("/api/v1/changes", "since", { "/api/v1/changes?since=\($0)" }, .ok),
                ("/api/v1/changes", "limit", { "/api/v1/changes?limit=\($0)" }, .ok),
                ("/api/v1/receipts", "limit", { "/api/v1/receipts?limit=\($0)" }, .ok),
                ("/api/v1/places", "radius", { "/api/v1/places?lat=55.75&lon=37.61&radius=\($0)" }, .ok),
                ("/api/v1/places", "limit", { "/api/v1/places?lat=55.75&lon=37.61&limit=\($0)" }, .ok),
            ]
            for entry in cases {
                let schema = try Self.parameter(
                    entry.name, of: try Self.operation(document, entry.path, "get"), in: document)
                let maximum = try #require(schema["maximum"].map { "\($0)" }, "\(entry.path) \(entry.name)")
                let past = try #require(Decimal(string: maximum)).advanced(by: 1)
                #expect(try await client.get(entry.uri(maximum)).status == entry.ok, "\(entry.name)=\(maximum)")
                let refused = try await client.get(entry.uri("\(past)"))
                #expect(refused.status == .badRequest, "\(entry.name)=\(past)")
                #expect(refused.text.contains(entry.name), "\(refused.text)")
            }
        }
    }

    @Test("login takes any strings (the demo's demo/demo); registration refuses what its schema refuses")
    func credentialRules() async throws {
        try await ServerHarness.run { server in
            let document = try #require(
                try Yams.load(yaml: try await server.client().get("/openapi.yaml").text) as? [String: Any])
            let credentials = try #require(
                ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Credentials"]
                    as? [String: Any])
            let properties = try #require(credentials["properties"] as? [String: [String: Any]])
            #expect(properties.values.allSatisfy { Set($0.keys).isSubset(of: ["type", "description"]) })
            let register = try Self.operation(document, "/api/v1/accounts", "post")
            let rules = "\(register["requestBody"] ?? "")"
            #expect(rules.contains("minLength") && rules.contains("maxLength") && rules.contains("pattern"))

            let short = try await server.client().post(
                "/api/v1/sessions", json: Credentials(login: "x", password: "demo"))
            #expect(short.status == .unauthorized)
            let client = server.client()
            let longest = String(repeating: "p", count: 72)
            #expect(
                try await client.post("/api/v1/accounts", json: Credentials(login: "max72", password: longest)).status
                    == .created)
            let tooLong = try await client.post(
                "/api/v1/accounts", json: Credentials(login: "max73", password: longest + "p"))
            #expect(tooLong.status == .badRequest && tooLong.text.contains("72 bytes"))
            // 40 Cyrillic letters are 80 bytes: within maxLength, past bcrypt's 72 bytes, as the yaml says.
            let cyrillic = try await client.post(
                "/api/v1/accounts", json: Credentials(login: "cyr", password: String(repeating: "ж", count: 40)))
            #expect(cyrillic.status == .badRequest)
        }
    }
}
