import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

@Suite(
    "Server: error messages in the language the request accepts", .timeLimit(.minutes(20)))
struct ErrorLanguageTests {
    @Test("Accept-Language: ru gives every error in Russian with Content-Language: ru; the code stays the same")
    func russian() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            let ru: HTTPFields = [.acceptLanguage: "ru-RU,ru;q=0.9,en-US;q=0.8"]
            let cases: [(HTTPRequest.Method, String, String?, String, String)] = [
                (
                    .get, "/api/v1/receipts?limit=", nil, "bad_request",
                    "limit пуст; дайте значение или не передавайте его"
                ),
                (.get, "/api/v1/receipts/0", nil, "bad_request", "id должен быть не меньше 1"),
                (.get, "/api/v1/receipts/77", nil, "not_found", "чека 77 нет"),
                (.put, "/api/v1/receipts", nil, "method_not_allowed", "PUT здесь не разрешён; используйте GET, POST"),
                (
                    .post, "/api/v1/receipts", #"{"qr": 5}"#, "bad_request",
                    "тело не читается как JSON: поле qr: ожидается строка"
                ),
                (.post, "/api/v1/accounts", #"{"login": "demo", "password": "x"}"#, "bad_request", "пароль: не короче"),
                (.get, "/api/v1/places?lat=55", nil, "bad_request", "нужны lat и lon"),
            ]
            for (method, uri, body, code, message) in cases {
                let response = try await client.send(uri, method: method, body: body.map { Data($0.utf8) }, headers: ru)
                let error = try response.decode(APIErrorBody.self)
                #expect(error.error == code, "\(uri)")
                #expect(error.message.hasPrefix(message), "\(uri): \(error.message)")
                #expect(response.headers[.contentLanguage] == "ru", "\(uri)")
            }
            let invalid = try await client.send(
                "/api/v1/receipts", method: .post, body: Data(#"{"qr": "t=1"}"#.utf8), headers: ru)
            #expect(invalid.status == .unprocessableContent)
            #expect(try invalid.decode(APIErrorBody.self).message.contains("нет"), "\(invalid.text)")

            let anonymous = server.client()
            let login = try await anonymous.send(
                "/api/v1/sessions", method: .post, body: Data(#"{"login": "nobody", "password": "whatever"}"#.utf8),
                headers: ru)
            #expect(try login.decode(APIErrorBody.self).message == "неверный логин или пароль")
            let guarded = try await anonymous.send("/api/v1/receipts", method: .get, body: nil, headers: ru)
            #expect(try guarded.decode(APIErrorBody.self).message == "сначала войдите: нет cookie живой сессии")
        }
    }

    @Test("no Accept-Language, another language or a malformed header gives English, never an error of its own")
    func english() async throws {
        try await ServerHarness.run { server in
            let client = try await server.anonymous()
            for header in [nil, "de-DE, fr;q=0.9", "ru;q=0, en;q=0.1", ";;;,q=", "ru;q=abc", "*"] {
                let headers: HTTPFields = header.map { [.acceptLanguage: $0] } ?? [:]
                let response = try await client.send("/api/v1/receipts/0", method: .get, body: nil, headers: headers)
                #expect(response.status == .badRequest, "\(header ?? "none")")
                #expect(
                    try response.decode(APIErrorBody.self).message == "id must be at least 1", "\(header ?? "none")")
                #expect(response.headers[.contentLanguage] == "en")
            }
        }
    }

    @Test("every problem the server can name has a Russian sentence of its own")
    func everyProblemTranslated() throws {
        let qrError: FiscalCodeError
        do {
            _ = try FiscalCode(parsing: "t=1")
            Issue.record("t=1 parsed")
            return
        } catch { qrError = error }
        let problems: [ServerProblem] = [
            .noSession, .sessionEnded, .wrongCredentials, .brokenAccountRules([.login, .passwordTooShort]),
            .loginTaken("demo"), .tooManyAttempts(.login, seconds: 5), .tooManyAttempts(.registration, seconds: 5),
            .tooManyAttempts(.anonymousAccount, seconds: 5), .noReceipt(3), .invalidQR(qrError), .foreignFeedCursor,
            .foreignPlacesCursor, .pointRequired, .textTooLong(parameter: "q", maximum: 200),
            .repeated(parameter: "limit", times: 2), .empty(parameter: "limit"),
            .notWholeNumber(parameter: "id", given: "x"), .belowMinimum(parameter: "id", minimum: 1),
            .aboveMaximum(parameter: "id", maximum: 9), .outOfRange(parameter: "lat", from: "-90", to: "90"),
            .notJSONBody, .bodyTooLarge(kibibytes: 64), .bodyTooLarge(kibibytes: nil), .malformedJSON(.notJSON),
            .malformedJSON(.missingField("qr")), .malformedJSON(.invalidValue(field: "qr")),
            .malformedJSON(.expected(.array, field: "", foundNull: true)), .noRoute,
            .methodNotAllowed(method: "PUT", allowed: "GET"), .internalError,
        ]
        let cyrillic = CharacterSet(charactersIn: "а"..."я")
        for problem in problems {
            let russian = problem.message(in: .russian)
            #expect(russian != problem.message(in: .english), "\(problem)")
            #expect(russian.lowercased().unicodeScalars.contains { cyrillic.contains($0) }, "\(russian)")
        }
        #expect(ServerProblem.untranslated("Bad Request").message(in: .russian) == "Bad Request")
    }
}
