import FiscalProviders
import Foundation
import Hummingbird
import ReceiptCore
import ReceiptSync

/// «Мои чеки онлайн» in the page, as `receipts lkdr login` and `receipts lkdr import` do it, with
/// the session and challenge they keep: signing in by SMS code (or by a refresh token from the
/// browser, when the cabinet asks for a captcha); the cabinet's receipts imported, a job the page
/// follows (server-sent events) and finds again after a reload.
struct CabinetRoutes: Sendable {
    let app: WebApp

    private func fiscal(_ words: WebWords) throws(WebError) -> FiscalAccess {
        guard let access = app.fiscalAccess else { throw .conflict(words.noFiscalSource) }
        return access
    }

    func register(on router: Router<WebContext>) {
        router.get("/api/lkdr/session") { request, context in try await state(RequestValues(request, context)) }
        router.post("/api/lkdr/code") { request, context in
            try await sendCode(
                RequestValues(request, context), try await request.decode(as: TaxServiceSignIn.self, context: context))
        }
        router.post("/api/lkdr/session") { request, context in
            try await signIn(
                RequestValues(request, context), try await request.decode(as: CabinetSignIn.self, context: context))
        }
        router.post("/api/lkdr/import") { request, context in try await startImport(RequestValues(request, context)) }
        router.get("/api/lkdr/import") { request, context in
            try WebApp.json(
                WebJob.View(app.cabinetImport.snapshot, language: RequestValues(request, context).words.language))
        }
        router.get("/api/lkdr/import/events") { request, context in
            app.cabinetImport.events(language: RequestValues(request, context).words.language)
        }
    }

    /// `{"signedIn", "text"}`: whether a session is kept, in the page's words.
    private func state(_ asked: RequestValues) async throws -> Response {
        let words = asked.words
        let file = try fiscal(words).cabinetFile
        let session = try await app.offLoop { try file.load() }
        return try WebApp.json(
            CabinetStateView(signedIn: session != nil, text: words.lkdrState(session?.phone, signedIn: session != nil)))
    }

    /// Sends the SMS code to the phone given; the cabinet's challenge is kept for the code.
    private func sendCode(_ asked: RequestValues, _ form: TaxServiceSignIn) async throws -> Response {
        let words = asked.words
        let phone = try form.phoneNumber(words)
        let fiscal = try fiscal(words)
        let client = try await app.offLoop { try fiscal.cabinet() }
        let challenge: String
        do {
            challenge = try await client.requestCode(phone: phone)
        } catch {
            throw Self.refusal(error, field: "phone", words: words)
        }
        let kept = fiscal.cabinetChallenge
        try await app.offLoop { try kept.save(phone: phone, challenge: challenge) }
        return try WebApp.json(["text": phone.codeSentMessage(in: words.language)])
    }

    /// Signs in by the SMS code (`way` "sms") or a refresh token (`way` "token"), and keeps the
    /// session where `receipts lkdr login` keeps it.
    private func signIn(_ asked: RequestValues, _ form: CabinetSignIn) async throws -> Response {
        let words = asked.words
        let fiscal = try fiscal(words)
        let client = try await app.offLoop { try fiscal.cabinet() }
        let session: CabinetSession
        switch form.way {
        case "sms":
            let phone = try TaxServiceSignIn(phone: form.phone).phoneNumber(words)
            let code = form.code?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !code.isEmpty else { throw WebError.badRequest(words.fnsCodeMissing, field: "code") }
            let kept = fiscal.cabinetChallenge
            guard let challenge = try await app.offLoop({ kept.challenge(for: phone) }) else {
                throw WebError.badRequest(words.lkdrSendCodeFirst, field: "code")
            }
            do {
                session = try await client.verify(phone: phone, challenge: challenge, code: code)
            } catch {
                throw Self.refusal(error, field: "code", words: words)
            }
            kept.remove()
        case "token":
            let token = form.token?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !token.isEmpty else { throw WebError.badRequest(words.lkdrTokenMissing, field: "token") }
            do {
                session = try await client.signIn(refreshToken: token)
            } catch {
                throw Self.refusal(error, field: "token", words: words)
            }
        default:
            throw WebError.badRequest(words.unknownSignInWay, field: "way")
        }
        let file = fiscal.cabinetFile
        try await app.offLoop { try file.save(session) }
        return try await state(asked)
    }

    /// A refusal beside `field` (422); a captcha asked for, for the whole form with the way round it
    /// (422); the cabinet out of reach (502).
    static func refusal(_ error: any Error, field: String, words: WebWords) -> WebError {
        let message = (error as? any LocalizedMessage)?.message(in: words.language) ?? String(describing: error)
        switch error {
        case CabinetError.signInRefused, CabinetError.sessionEnded:
            return WebError(status: .unprocessableContent, message: message, field: field, fields: [field: message])
        case CabinetError.captchaRequired:
            return WebError(status: .unprocessableContent, message: words.lkdrCaptcha)
        default:
            return WebError(status: .badGateway, message: message)
        }
    }

    private func startImport(_ asked: RequestValues) async throws -> Response {
        let fiscal = try fiscal(asked.words)
        let client = try await app.offLoop { try fiscal.cabinet() }
        guard client.currentSession != nil else { throw WebError.conflict(asked.words.lkdrSignInFirst) }
        let database = app.database
        let started = app.cabinetImport.start { reporter in
            let summary = try await CabinetImport(client: client, database: database).run { summary in
                reporter.progress { summary.progressMessage(in: $0) }
            }
            return { summary.message(in: $0) }
        }
        return try WebApp.json(
            WebJob.View(app.cabinetImport.snapshot, language: asked.words.language),
            status: started ? .accepted : .conflict)
    }
}

/// `{"way": "sms"|"token", "phone", "code", "token"}`: signing in to «Мои чеки онлайн».
struct CabinetSignIn: Decodable {
    var way: String?
    var phone: String?
    var code: String?
    var token: String?
}

/// `{"signedIn", "text"}`.
struct CabinetStateView: Encodable {
    let signedIn: Bool
    let text: String
}
