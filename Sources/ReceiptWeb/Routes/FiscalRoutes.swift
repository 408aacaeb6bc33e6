import FiscalProviders
import Foundation
import Hummingbird
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// The tax service and pending receipts in the page, as `receipts fns login`, `receipts fns import`
/// and `receipts complete` do them, with the session and token they keep: signing in by SMS code
/// or by INN and password; the account's receipts imported, and pending receipts completed, each a
/// job the page follows (server-sent events) and finds again after a reload.
struct FiscalRoutes: Sendable {
    let app: WebApp

    /// The access the routes use; 409 in an app given none.
    private func fiscal(_ words: WebWords) throws(WebError) -> FiscalAccess {
        guard let access = app.fiscalAccess else { throw .conflict(words.noFiscalSource) }
        return access
    }

    func register(on router: Router<WebContext>) {
        router.get("/api/fns/session") { request, context in try await state(RequestValues(request, context)) }
        router.post("/api/fns/code") { request, context in
            try await sendCode(
                RequestValues(request, context), try await request.decode(as: TaxServiceSignIn.self, context: context))
        }
        router.post("/api/fns/session") { request, context in
            try await signIn(
                RequestValues(request, context), try await request.decode(as: TaxServiceSignIn.self, context: context))
        }
        router.post("/api/fns/import") { request, context in try await startImport(RequestValues(request, context)) }
        router.get("/api/fns/import") { request, context in
            try WebApp.json(
                WebJob.View(app.taxServiceImport.snapshot, language: RequestValues(request, context).words.language))
        }
        router.get("/api/fns/import/events") { request, context in
            app.taxServiceImport.events(language: RequestValues(request, context).words.language)
        }
        router.post("/api/complete") { request, context in
            try await startCompletion(
                RequestValues(request, context), try await request.decode(as: CompletionRequest.self, context: context))
        }
        router.get("/api/complete") { request, context in
            try WebApp.json(
                WebJob.View(app.completion.snapshot, language: RequestValues(request, context).words.language))
        }
        router.get("/api/complete/events") { request, context in
            app.completion.events(language: RequestValues(request, context).words.language)
        }
    }

    /// Who is signed in to the tax service, whether a proverkacheka.com token is set, and how many
    /// receipts are pending.
    private func state(_ asked: RequestValues) async throws -> Response {
        let words = asked.words
        let fiscal = try fiscal(words)
        let (session, token, pending) = try await app.inDatabase { database in
            (
                try fiscal.sessionFile.load(),
                try ProverkachekaClient.token(folder: fiscal.folder, environment: fiscal.environment) != nil,
                try database.receiptsToComplete().count
            )
        }
        return try WebApp.json(
            FiscalStateView(
                signedIn: session != nil,
                text: session?.signedInMessage(in: words.language) ?? words.fnsNotSignedIn,
                proverkacheka: token, pending: pending, pendingText: words.pendingReceipts(pending)))
    }

    /// Sends the SMS code to the phone given.
    private func sendCode(_ asked: RequestValues, _ form: TaxServiceSignIn) async throws -> Response {
        let phone = try form.phoneNumber(asked.words)
        let client = try fiscal(asked.words).taxService(session: nil)
        do {
            try await client.requestCode(phone: phone)
        } catch {
            throw Self.refusal(error, field: "phone", words: asked.words)
        }
        return try WebApp.json(["text": phone.codeSentMessage(in: asked.words.language)])
    }

    /// Signs in by the SMS code (`way` "sms") or by INN and password (`way` "password"), and keeps the
    /// session where `receipts fns login` keeps it.
    private func signIn(_ asked: RequestValues, _ form: TaxServiceSignIn) async throws -> Response {
        let words = asked.words
        let fiscal = try fiscal(words)
        let client = try fiscal.taxService(session: nil)
        let session: TaxServiceSession
        switch form.way {
        case "sms":
            let phone = try form.phoneNumber(words)
            let code = form.code?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !code.isEmpty else { throw WebError.badRequest(words.fnsCodeMissing, field: "code") }
            do {
                session = try await client.verify(phone: phone, code: code)
            } catch {
                throw Self.refusal(error, field: "code", words: words)
            }
        case "password":
            let inn: TaxpayerNumber
            do {
                inn = try TaxpayerNumber(form.inn?.trimmingCharacters(in: .whitespaces) ?? "")
            } catch {
                throw WebError.badRequest(error.message(in: words.language), field: "inn")
            }
            guard let password = form.password, !password.isEmpty else {
                throw WebError.badRequest(words.fnsPasswordMissing, field: "password")
            }
            do {
                session = try await client.signIn(inn: inn, password: password)
            } catch {
                throw Self.refusal(error, field: "password", words: words)
            }
        default:
            throw WebError.badRequest(words.unknownSignInWay, field: "way")
        }
        let file = fiscal.sessionFile
        try await app.offLoop { try file.save(session) }
        return try await state(asked)
    }

    /// A refusal of signing in beside `field` (422); the service out of reach or limiting, for the
    /// whole form (502, 429).
    static func refusal(_ error: any Error, field: String, words: WebWords) -> WebError {
        let message = (error as? any LocalizedMessage)?.message(in: words.language) ?? String(describing: error)
        switch error {
        case ProviderError.signInRefused:
            return WebError(status: .unprocessableContent, message: message, field: field, fields: [field: message])
        case ProviderError.limited:
            return WebError(status: .tooManyRequests, message: message)
        default:
            return WebError(status: .badGateway, message: message)
        }
    }

    private func startImport(_ asked: RequestValues) async throws -> Response {
        let fiscal = try fiscal(asked.words)
        guard let session = try await app.offLoop({ try fiscal.sessionFile.load() }) else {
            throw WebError.conflict(asked.words.fnsSignInFirst)
        }
        let client = try fiscal.taxService(session: session)
        let database = app.database
        let started = app.taxServiceImport.start { reporter in
            let outcome = try await TaxServiceImport(client: client, database: database).run { done, total, summary in
                reporter.progress { summary.progressMessage(done: done, of: total, in: $0) }
            }
            for (ticket, detail) in outcome.problems {
                reporter.note { TaxServiceImport.ticketFailed(ticket, detail, in: $0) }
            }
            if let limit = outcome.limit { reporter.note { limit.message(in: $0) } }
            let summary = outcome.summary
            return { summary.message(in: $0) }
        }
        return try WebApp.json(
            WebJob.View(app.taxServiceImport.snapshot, language: asked.words.language),
            status: started ? .accepted : .conflict)
    }

    private func startCompletion(_ asked: RequestValues, _ form: CompletionRequest) async throws -> Response {
        let words = asked.words
        let name: ProviderName?
        switch form.provider ?? "" {
        case "": name = nil
        case let text:
            guard let named = ProviderName(rawValue: text) else {
                throw WebError.badRequest(words.unknownProvider(text), field: "provider")
            }
            name = named
        }
        let fiscal = try fiscal(words)
        let provider: any FiscalProvider
        do {
            guard let chosen = try await app.offLoop({ try fiscal.provider(name) }) else {
                throw WebError.conflict(words.noFiscalSource)
            }
            provider = chosen
        } catch ProviderError.notSignedIn(let named) {
            throw WebError.conflict(named == .fns ? words.fnsSignInFirst : words.noProverkachekaToken)
        }
        let database = app.database
        let started = app.completion.start { reporter in
            let receipts = try database.receiptsToComplete()
            let outcome = try await PendingCompletion(provider: provider, database: database).run(receipts) { event in
                if case .asking(let done, let total, let summary) = event {
                    reporter.progress { summary.progressMessage(done: done, of: total, in: $0) }
                } else {
                    reporter.note { event.message(in: $0) ?? "" }
                }
            }
            let said: Said = { outcome.message(in: $0) }
            guard let stop = outcome.stop else { return said }
            // The daily limit is no failure: the run stops and says when to go on.
            if case .limited = stop {
                reporter.note { stop.message(in: $0) }
                return said
            }
            throw CompletionStopped(outcome: outcome, stop: stop)
        }
        return try WebApp.json(
            WebJob.View(app.completion.snapshot, language: words.language), status: started ? .accepted : .conflict)
    }
}

/// A completion stopped by a failure that concerns every receipt (the service out of reach, the
/// session ended): what it did, then why it stopped.
struct CompletionStopped: Error, LocalizedMessage {
    let outcome: PendingCompletion.Outcome
    let stop: ProviderError

    func message(in language: Language) -> String {
        outcome.message(in: language) + " " + stop.message(in: language)
    }
}

/// `{"way": "sms"|"password", "phone", "code", "inn", "password"}`: signing in to the tax service.
struct TaxServiceSignIn: Decodable {
    var way: String?
    var phone: String?
    var code: String?
    var inn: String?
    var password: String?

    /// The phone given, or 400 beside its field.
    func phoneNumber(_ words: WebWords) throws(WebError) -> PhoneNumber {
        let text = phone?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let number = PhoneNumber(text) else { throw .badRequest(words.badPhone(text), field: "phone") }
        return number
    }
}

/// `{"provider": "fns"|"proverkacheka"|null}`: whom to ask for pending receipts' documents.
struct CompletionRequest: Decodable {
    var provider: String?
}

/// `{"signedIn", "text", "proverkacheka", "pending", "pendingText"}`.
struct FiscalStateView: Encodable {
    let signedIn: Bool
    let text: String
    /// Whether a proverkacheka.com token is set.
    let proverkacheka: Bool
    /// How many receipts wait for their documents.
    let pending: Int
    let pendingText: String
}
