import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptServerTesting
import ReceiptTesting
import Testing

@Suite("Server: a household over the API", .timeLimit(.minutes(20)))
struct HouseholdRouteTests {
    static let qr = "t=20250301T1912&s=1234.50&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    static func put(_ client: APIClient, _ uri: String, _ shares: ReceiptShares) async throws -> APIClient.Response {
        try await client.send(uri, method: .put, body: try JSONEncoder().encode(shares))
    }

    @Test(
        "create, invite, join with the code as typed; shares changed from a version, 409 with the current one to the loser; a viewer's change 403; a removed member's next request refused"
    )
    func household() async throws {
        try await ServerHarness.run { server in
            let anna = try await server.registered("anna")
            let boris = try await server.registered("boris")
            let vera = try await server.registered("vera")
            #expect(try await anna.get("/api/v1/household").errorCode == "not_found")
            let created = try await anna.post("/api/v1/household")
            #expect(created.status == .created)
            #expect(try created.decode(HouseholdInfo.self).members.map(\.login) == ["anna"])
            #expect(try await anna.post("/api/v1/household").errorCode == "already_member")
            #expect(try await server.anonymous().post("/api/v1/household").errorCode == "login_required")

            let invited = try await anna.post("/api/v1/household/invitations", json: InvitationRequest(role: .editor))
            #expect(invited.status == .created)
            let code = try invited.decode(Invitation.self).code
            #expect(code.wholeMatch(of: /[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}/) != nil)
            #expect(
                try await boris.post("/api/v1/household/invitations", json: InvitationRequest(role: .editor)).errorCode
                    == "not_found")
            // Typed in lower case, without the dash: the same code.
            let typed = code.lowercased().replacingOccurrences(of: "-", with: " ")
            let joined = try await boris.post("/api/v1/household/members", json: JoinRequest(code: typed))
            #expect(joined.status == .ok)
            #expect(try joined.decode(HouseholdInfo.self).role == .editor)
            #expect(
                try await boris.post("/api/v1/household/invitations", json: InvitationRequest(role: .viewer)).errorCode
                    == "not_owner")
            let viewerCode = try await anna.post(
                "/api/v1/household/invitations", json: InvitationRequest(role: .viewer)
            ).decode(Invitation.self).code
            #expect(try await vera.post("/api/v1/household/members", json: JoinRequest(code: viewerCode)).status == .ok)
            #expect(
                try await vera.post("/api/v1/household/members", json: JoinRequest(code: viewerCode)).errorCode
                    == "unknown_code")

            // Anna's receipt is in Boris's change feed, with who added it.
            let added = try await anna.post("/api/v1/receipts", json: AddReceiptRequest(qr: Self.qr))
            #expect(added.status == .created)
            let receipt = try added.decode(ReceiptEnvelope.self)
            #expect(receipt.addedBy == "anna")
            let changes = try await boris.get("/api/v1/changes").decode(ReceiptChangesPage.self)
            #expect(changes.receipts.map(\.id) == [receipt.id] && changes.receipts[0].addedBy == "anna")
            let feed = try await vera.get("/api/v1/receipts").decode(ReceiptFeedPage.self)
            #expect(feed.receipts.map(\.id) == [receipt.id])

            // Shares: both change from version 0; Anna first wins, Boris gets 409 and the version.
            let uri = "/api/v1/receipts/\(receipt.id)/shares"
            let fresh = try await boris.get(uri)
            #expect(fresh.headers[.eTag] == "\"0\"")
            #expect(
                try fresh.decode(ReceiptShares.self) == ReceiptShares(version: 0, payer: nil, receipt: [], lines: []))
            let annas = ReceiptShares(
                version: 0, payer: "Anna",
                receipt: [ShareWeight(login: "anna", weight: 2), ShareWeight(login: "BORIS", weight: 1)],
                lines: [])
            let won = try await Self.put(anna, uri, annas)
            #expect(won.status == .ok)
            #expect(try won.decode(ReceiptShares.self).receipt.map(\.login) == ["anna", "boris"])
            let borises = ReceiptShares(version: 0, payer: "boris", receipt: [], lines: [])
            let lost = try await Self.put(boris, uri, borises)
            #expect(lost.status == .conflict && lost.errorCode == "version_conflict")
            #expect(lost.headers[.eTag] == "\"1\"")
            #expect(try await boris.get(uri).decode(ReceiptShares.self).payer == "anna")
            var retry = borises
            retry.version = 1
            #expect(try await Self.put(boris, uri, retry).decode(ReceiptShares.self).version == 2)

            // What the shares cannot say: 422, nothing changed.
            retry.version = 2
            retry.payer = "carol"
            #expect(try await Self.put(boris, uri, retry).errorCode == "invalid_shares")
            retry.payer = nil
            retry.lines = [LineShares(line: 1, people: [ShareWeight(login: "anna", weight: 1)])]
            let noLine = try await Self.put(boris, uri, retry)
            #expect(noLine.status == .unprocessableContent && noLine.text.contains("no line 1"))
            retry.lines = []
            retry.receipt = [ShareWeight(login: "anna", weight: 0)]
            #expect(try await Self.put(boris, uri, retry).errorCode == "invalid_shares")
            #expect(try await boris.get(uri).decode(ReceiptShares.self).version == 2)

            // A viewer reads and changes nothing.
            #expect(try await vera.get(uri).status == .ok)
            retry.receipt = []
            let refused = try await Self.put(vera, uri, retry)
            #expect(refused.status == .forbidden && refused.errorCode == "read_only")
            let other = "t=20250302T1000&s=10.00&fn=9251440300007971&i=9&fp=99&n=1"
            #expect(
                try await vera.post("/api/v1/receipts", json: AddReceiptRequest(qr: other)).errorCode == "read_only")

            // Removed: Boris's next request for the household's things is refused.
            #expect(try await boris.delete("/api/v1/household/members/vera").errorCode == "not_owner")
            #expect(try await anna.delete("/api/v1/household/members/boris").status == .noContent)
            #expect(try await boris.get("/api/v1/receipts/\(receipt.id)").status == .notFound)
            #expect(try await Self.put(boris, uri, retry).status == .notFound)
            #expect(try await boris.get("/api/v1/household").status == .notFound)
            #expect(try await anna.delete("/api/v1/household/members/boris").errorCode == "not_found")
            // The last owner stays while Vera remains; Vera may leave.
            #expect(try await anna.delete("/api/v1/household/membership").errorCode == "last_owner")
            #expect(try await vera.delete("/api/v1/household/membership").status == .noContent)
            #expect(try await anna.delete("/api/v1/household/membership").status == .noContent)
            #expect(try await anna.get("/api/v1/household").status == .notFound)
        }
    }

    @Test(
        "eight changes of one receipt's shares from the same version at once: one 200, seven 409 with the new version")
    func racingShares() async throws {
        try await ServerHarness.run(transport: .live) { server in
            let anna = try await server.registered("anna")
            let boris = try await server.registered("boris")
            _ = try await anna.post("/api/v1/household")
            let code = try await anna.post(
                "/api/v1/household/invitations", json: InvitationRequest(role: .editor)
            ).decode(Invitation.self).code
            _ = try await boris.post("/api/v1/household/members", json: JoinRequest(code: code))
            let receipt = try await anna.post("/api/v1/receipts", json: AddReceiptRequest(qr: Self.qr))
                .decode(ReceiptEnvelope.self)
            let uri = "/api/v1/receipts/\(receipt.id)/shares"
            let clients = (0..<8).map { _ in server.client() }
            for (index, client) in clients.enumerated() {
                client.sessionCookie = (index.isMultiple(of: 2) ? anna : boris).sessionCookie
            }
            let answers = try await withThrowingTaskGroup(of: APIClient.Response.self) { group in
                for (index, client) in clients.enumerated() {
                    let shares = ReceiptShares(
                        version: 0, payer: index.isMultiple(of: 2) ? "anna" : "boris",
                        receipt: [ShareWeight(login: "anna", weight: Int64(index + 1))], lines: [])
                    group.addTask { try await Self.put(client, uri, shares) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == .ok }.count == 1)
            let conflicts = answers.filter { $0.status == .conflict }
            #expect(conflicts.count == 7 && conflicts.allSatisfy { $0.headers[.eTag] == "\"1\"" })
            let winner = try #require(answers.first { $0.status == .ok }).decode(ReceiptShares.self)
            #expect(try await boris.get(uri).decode(ReceiptShares.self) == winner)
        }
    }

    @Test("codes tried to join are counted before they are looked at: the eleventh in an hour is 429")
    func joinThrottle() async throws {
        try await ServerHarness.run { server in
            let carol = try await server.registered("carol")
            for attempt in 1...10 {
                let response = try await carol.post(
                    "/api/v1/household/members", json: JoinRequest(code: "AAAAA-AAAA\(attempt % 10)"))
                #expect(response.errorCode == "unknown_code")
            }
            let slowed = try await carol.post("/api/v1/household/members", json: JoinRequest(code: "BBBBB-BBBBB"))
            #expect(slowed.status == .tooManyRequests && slowed.headers[.retryAfter] != nil)
        }
    }
}
