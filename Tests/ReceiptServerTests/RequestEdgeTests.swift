import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptServerTesting
import ReceiptTesting
import Testing

/// What the API fuzzer found, each answered as `openapi.yaml` says.
@Suite("Server: the edges of a request the fuzzer found", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct RequestEdgeTests {
    @Test("an empty or repeated query parameter is 400 naming it, never absent nor the last one")
    func emptyAndRepeatedParameters() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            let cases: [(String, String)] = [
                ("/api/v1/receipts?limit=", "limit is empty"),
                ("/api/v1/changes?since=", "since is empty"),
                ("/api/v1/places?lat=55&lon=37&radius=", "radius is empty"),
                ("/api/v1/places?lat=55&lon=37&q=", "q is empty"),
                ("/api/v1/receipts?cursor=", "cursor is empty"),
                ("/api/v1/receipts?limit=5&limit=6", "limit is given 2 times"),
                ("/api/v1/changes?since=1&since=1", "since is given 2 times"),
                ("/api/v1/places?lat=55&lat=56&lon=37", "lat is given 2 times"),
                ("/api/v1/places?lat=55&lon=37&radius=5&radius=6&radius=7", "radius is given 3 times"),
            ]
            for (uri, message) in cases {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(try response.decode(APIErrorBody.self).message.hasPrefix(message), "\(uri): \(response.text)")
            }
            // Parameters the contract does not describe are still ignored.
            #expect(try await client.get("/api/v1/receipts?colour=blue&colour=red").status == .ok)
        }
    }

    @Test("numbers past the contract's maxima say what is wrong with them")
    func maxima() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            let cases: [(String, String)] = [
                ("/api/v1/receipts/99999999999999999999", "id is too large: at most 9223372036854775807"),
                ("/api/v1/receipts/9223372036854775808", "id is too large: at most 9223372036854775807"),
                ("/api/v1/receipts/-3", "id must be at least 1"),
                ("/api/v1/receipts/0", "id must be at least 1"),
                ("/api/v1/receipts/1.5", "id must be a whole number, not “1.5”"),
                ("/api/v1/changes?since=9223372036854775808", "since is too large: at most 9223372036854775807"),
                ("/api/v1/receipts?limit=101", "limit is too large: at most 100"),
                ("/api/v1/places?lat=55&lon=37&radius=20037510", "radius must be a number from 1 to 20037509"),
            ]
            for (uri, message) in cases {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(try response.decode(APIErrorBody.self).message == message, "\(uri): \(response.text)")
            }
            #expect(try await client.get("/api/v1/receipts/9223372036854775807").status == .notFound)
            #expect(try await client.get("/api/v1/changes?since=9223372036854775807").status == .ok)
            #expect(try await client.get("/api/v1/places?lat=55&lon=37&radius=20037509").status == .ok)
        }
    }

    @Test("a method a path does not have is 405 with Allow; a path nobody has is 404")
    func methodNotAllowed() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.put, "/api/v1/receipts", "GET, POST"),
                (.delete, "/api/v1/receipts/17", "GET"),
                (.post, "/health", "GET"),
                (.patch, "/api/v1/sessions/current", "GET, DELETE"),
                (.get, "/api/v1/accounts", "POST"),
                (.options, "/api/v1/places", "GET"),
            ]
            for (method, uri, allowed) in cases {
                let response = try await client.send(uri, method: method, body: nil)
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allowed, "\(method) \(uri)")
                #expect(response.errorCode == "method_not_allowed", "\(method) \(uri)")
            }
            let nowhere = try await client.send("/api/v1/nothing", method: .put, body: nil)
            #expect(nowhere.status == .notFound && nowhere.errorCode == "not_found")
        }
    }

    @Test("a body that is not application/json is 415; JSON of the wrong shape is 400 in JSON's words")
    func bodies() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            for type in ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"] {
                let response = try await client.send(
                    "/api/v1/receipts", method: .post, body: Data(#"{"qr": "t=1"}"#.utf8), headers: [.contentType: type]
                )
                #expect(response.status == .unsupportedMediaType, "\(type)")
                #expect(response.errorCode == "unsupported_media_type", "\(type)")
            }
            let charset = try await client.send(
                "/api/v1/sessions", method: .post, body: Data(#"{"login": "nobody", "password": "x"}"#.utf8),
                headers: [.contentType: "Application/JSON; charset=utf-8"])
            #expect(charset.status == .unauthorized)

            let shapes: [(String, String)] = [
                ("[]", "malformed JSON body: expected an object"),
                (#"{"qr": 5}"#, "malformed JSON body: field qr: expected a string"),
                (#"{"qr": null}"#, "malformed JSON body: field qr: expected a string, found null"),
                (#"{"qr": ["a"]}"#, "malformed JSON body: field qr: expected a string"),
                ("{", "malformed JSON body: not valid JSON"),
            ]
            for (body, message) in shapes {
                let response = try await client.post("/api/v1/receipts", body: Data(body.utf8))
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.decode(APIErrorBody.self).message == message, "\(body): \(response.text)")
            }
        }
    }

    @Test("headers too large for the parser get 431 with a JSON error; a request that is not HTTP gets 400")
    func unparsable() async throws {
        try await ServerHarness.run(transport: .live) { server in
            let large = try RawConnection(port: server.port)
            large.send(
                "GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: \(String(repeating: "a", count: 100_000))\r\n\r\n")
            let answer = await large.receiveAll()
            #expect(answer.hasPrefix("HTTP/1.1 431"), "\(answer.prefix(200))")
            #expect(answer.lowercased().contains("content-type: application/json"))
            #expect(answer.contains(#""error":"request_header_fields_too_large""#))

            let garbage = try RawConnection(port: server.port)
            garbage.send("HELLO THERE\r\n\r\n")
            let reply = await garbage.receiveAll()
            #expect(reply.hasPrefix("HTTP/1.1 400"), "\(reply.prefix(200))")
            #expect(reply.contains(#""error":"bad_request""#))
            // The server goes on.
            #expect(try await server.client().get("/health").status == .ok)
        }
    }
}
