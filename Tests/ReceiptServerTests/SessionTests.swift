import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptTesting
import Testing

@testable import ReceiptServer

@Suite("Server: accounts and sessions", .timeLimit(.minutes(20)))
struct SessionTests {
    @Test("the session cookie is found among others, quoted or not; the first of two, an empty one none")
    func cookieHeader() {
        let name = APIContract.sessionCookie
        #expect(SessionMiddleware.cookie(name, in: "\(name)=abc") == "abc")
        #expect(SessionMiddleware.cookie(name, in: "theme=dark;  \(name)=abc ; lang=ru") == "abc")
        #expect(SessionMiddleware.cookie(name, in: "\(name)=\"abc\"") == "abc")
        #expect(SessionMiddleware.cookie(name, in: "\(name)=first; \(name)=second") == "first")
        #expect(SessionMiddleware.cookie(name, in: "x\(name)=abc; \(name)x=def") == nil)
        #expect(SessionMiddleware.cookie(name, in: "\(name)=") == "")
        #expect(SessionMiddleware.cookie(name, in: "") == nil)
        #expect(SessionMiddleware.cookie(name, in: ";;; ;") == nil)
    }

    @Test("an anonymous session, then registering, logging in, who am I, logging out")
    func lifecycle() async throws {
        try await ServerHarness.run { server in
            let anonymous = try await server.anonymous()
            let me = try await anonymous.get("/api/v1/sessions/current")
            #expect(me.status == .ok)
            #expect(try me.decode(SessionInfo.self).kind == .anonymous)

            let alice = try await server.registered("alice")
            let info = try await alice.get("/api/v1/sessions/current").decode(SessionInfo.self)
            #expect(info.kind == .authorized && info.login == "alice")

            let again = server.client()
            let login = try await again.post(
                "/api/v1/sessions", json: Credentials(login: "ALICE", password: "correct horse battery"))
            #expect(login.status == .ok)
            let cookie = try #require(login.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            #expect(try #require(again.sessionCookie).count >= 43)  // 256 bits, base64url

            let logout = try await again.delete("/api/v1/sessions/current")
            #expect(logout.status == .noContent)
            again.sessionCookie = try #require(login.headers[.setCookie]).split(separator: "=")[1].split(
                separator: ";")[0].description
            let after = try await again.get("/api/v1/receipts")
            #expect(after.status == .unauthorized)
            #expect(after.errorCode == "unauthorized")
            // The other session of the same account lives on.
            #expect(try await alice.get("/api/v1/receipts").status == .ok)
        }
    }

    @Test("no cookie, a forged cookie, or an expired session get 401 with a JSON error")
    func unauthorized() async throws {
        let clock = TestClock()
        try await ServerHarness.run(sessionLifetime: 60, clock: clock) { server in
            let nobody = server.client()
            #expect(try await nobody.get("/api/v1/receipts").status == .unauthorized)
            nobody.sessionCookie = "forged-token-forged-token-forged-token-forged"
            let forged = try await nobody.get("/api/v1/sessions/current")
            #expect(forged.status == .unauthorized && forged.errorCode == "unauthorized")
            // The feed checks its session itself, with its page: still 401 before a wrong parameter's 400.
            #expect(try await nobody.get("/api/v1/receipts").status == .unauthorized)
            #expect(try await nobody.get("/api/v1/receipts?limit=0").status == .unauthorized)
            #expect(try await nobody.get("/api/v1/receipts?cursor=forged").status == .unauthorized)
            let short = try await server.anonymous()
            #expect(try await short.get("/api/v1/receipts").status == .ok)
            #expect(try await short.get("/api/v1/receipts?limit=0").status == .badRequest)
            #expect(try await short.get("/api/v1/receipts?cursor=forged").status == .badRequest)
            clock.advance(by: 59)
            #expect(try await short.get("/api/v1/receipts").status == .ok)
            clock.advance(by: 2)
            #expect(try await short.get("/api/v1/receipts").status == .unauthorized)
            #expect(try await short.get("/api/v1/receipts?limit=0").status == .unauthorized)
            #expect(try await short.get("/api/v1/sessions/current").status == .unauthorized)
        }
    }

    @Test("registration rules are checked field by field; a taken login is a conflict")
    func registration() async throws {
        try await ServerHarness.run { server in
            let client = server.client()
            let bad = try await client.post("/api/v1/accounts", json: Credentials(login: "a b", password: "short"))
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("login:") && bad.text.contains("password:"))
            let cyrillic = try await client.post(
                "/api/v1/accounts", json: Credentials(login: "вася", password: "long enough"))
            #expect(cyrillic.status == .badRequest)
            _ = try await server.registered("bob")
            let taken = try await client.post(
                "/api/v1/accounts", json: Credentials(login: "Bob", password: "long enough"))
            #expect(taken.status == .conflict && taken.errorCode == "conflict")
        }
    }

    @Test("repeated failed logins are throttled with Retry-After, even when they arrive together")
    func throttling() async throws {
        try await ServerHarness.run { server in
            _ = try await server.registered("carol")
            var statuses: [Int] = []
            for _ in 0..<5 {
                let wrong = try await server.client().post(
                    "/api/v1/sessions", json: Credentials(login: "carol", password: "wrong password"))
                statuses.append(wrong.status.code)
            }
            #expect(statuses == [401, 401, 401, 401, 401])
            let blocked = try await server.client().post(
                "/api/v1/sessions", json: Credentials(login: "carol", password: "correct horse battery"))
            #expect(blocked.status == .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)

            _ = try await server.registered("dave")
            let concurrent = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await server.client().post(
                            "/api/v1/sessions", json: Credentials(login: "dave", password: "wrong password")
                        ).status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(concurrent.filter { $0 == 401 }.count == 5)
            #expect(concurrent.allSatisfy { $0 == 401 || $0 == 429 })
        }
    }

    @Test(
        "a password change proves the old password, keeps this session and ends the others; log out everywhere ends all"
    )
    func passwordAndEverywhere() async throws {
        try await ServerHarness.run { server in
            let laptop = try await server.registered("gleb", password: "first password")
            let phone = server.client()
            let login = Credentials(login: "gleb", password: "first password")
            #expect(try await phone.post("/api/v1/sessions", json: login).status == .ok)
            let path = "/api/v1/accounts/current/password"

            let wrong = try await laptop.post(
                path, json: PasswordChange(password: "guess", newPassword: "second password"))
            #expect(wrong.status == .forbidden && wrong.text.contains("wrong_password"))
            let short = try await laptop.post(
                path, json: PasswordChange(password: "first password", newPassword: "short"))
            #expect(short.status == .badRequest)
            let changed = try await laptop.post(
                path, json: PasswordChange(password: "first password", newPassword: "second password"))
            #expect(changed.status == .noContent)
            // The laptop goes on; the phone's session has ended; the old password no longer opens one.
            #expect(try await laptop.get("/api/v1/sessions/current").status == .ok)
            #expect(try await phone.get("/api/v1/sessions/current").status == .unauthorized)
            #expect(try await server.client().post("/api/v1/sessions", json: login).status == .unauthorized)
            let renewed = Credentials(login: "gleb", password: "second password")
            #expect(try await phone.post("/api/v1/sessions", json: renewed).status == .ok)

            // Log out everywhere: both end.
            #expect(try await phone.delete("/api/v1/sessions").status == .noContent)
            #expect(try await phone.get("/api/v1/sessions/current").status == .unauthorized)
            #expect(try await laptop.get("/api/v1/sessions/current").status == .unauthorized)

            // An anonymous account has no password to change.
            let anonymous = try await server.anonymous()
            let none = try await anonymous.post(
                path, json: PasswordChange(password: "x", newPassword: "second password"))
            #expect(none.status == .conflict && none.text.contains("no_password"))
        }
    }
}
