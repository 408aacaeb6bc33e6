import Foundation
import Hummingbird
import ReceiptAPI
import ReceiptCore
import ReceiptMail
import ReceiptReports
import ReceiptSync

/// Who the import signs in as, as the page shows it: `{"server", "signedIn", "anonymous", "login", "text"}`.
struct SessionView: Encodable {
    let server: String
    let signedIn: Bool
    let anonymous: Bool
    @NullWhenAbsent var login: String?
    /// `Signed in as demo on http://…`, or that nobody is.
    let text: String
    /// Whether the user chose this server (named it, or keeps a session there): else the page
    /// offers it behind a button instead of showing a sign-in nobody asked for.
    let chosen: Bool

    init(server: String, session: SavedSession?, chosen: Bool, words: WebWords) {
        self.server = server
        self.chosen = chosen || session != nil
        signedIn = session != nil
        anonymous = session?.kind == .anonymous
        login = session?.login
        text = words.signedIn(session, server: server)
    }
}

/// `{"way": "anonymous"|"login"|"register", "login", "password"}`: how to sign in.
struct SignInRequest: Decodable {
    let way: String
    let login: String?
    let password: String?

    /// The way asked for; nil when it names none.
    var signIn: SignIn? {
        let login = self.login?.trimmingCharacters(in: .whitespaces) ?? ""
        let password = self.password ?? ""
        switch way {
        case "anonymous": return .anonymous
        case "login": return .logIn(login: login, password: password)
        case "register": return .register(login: login, password: password)
        default: return nil
        }
    }
}

/// Why signing in did not work, as a ``WebError``: beside each field it concerns (`fields`), or for
/// the whole form.
enum SignInRefusal {
    /// What `error` says about the form, with its HTTP status.
    static func error(_ error: any Error, words: WebWords) -> WebError {
        let language = words.language
        func besideFields(_ fields: [String: String]) -> WebError {
            WebError(
                status: .unprocessableContent,
                message: fields.keys.sorted().compactMap { fields[$0] }.joined(separator: " "),
                fields: fields)
        }
        switch error {
        case let refused as RegistrationRefused:
            var fields: [String: String] = [:]
            for problem in refused.problems {
                let field = problem == .login ? "login" : "password"
                fields[field] = [fields[field], problem.message(in: language)].compactMap { $0 }.joined(separator: "; ")
            }
            return besideFields(fields)
        case ClientError.wrongCredentials:
            return besideFields(["password": ClientError.wrongCredentials.message(in: language)])
        case ClientError.rejected(409, _):
            return besideFields(["login": words.loginTaken])
        case let failure as ClientError:
            switch failure {
            case .throttled: return WebError(status: .tooManyRequests, message: failure.message(in: language))
            case .unreachable: return .badGateway(failure.message(in: language))
            default: return WebError(status: .unprocessableContent, message: failure.message(in: language))
            }
        case let failure as any LocalizedMessage:
            return WebError(status: .internalServerError, message: failure.message(in: language))
        default:
            return WebError(status: .internalServerError, message: String(describing: error))
        }
    }
}

/// The import as the page shows it: `{"phase": "idle"|"running"|"done"|"failed", "pages", "receipts",
/// "text", "problem", "sessionEnded"}`: `text` is the progress line, then the summary.
struct ImportProgressView: Encodable {
    let phase: String
    let pages: Int
    let receipts: Int
    @NullWhenAbsent var text: String?
    @NullWhenAbsent var problem: String?
    /// The session died mid-way: the page offers to sign in again or go on anonymously.
    let sessionEnded: Bool

    init(_ snapshot: ImportRun.Snapshot, words: WebWords) {
        let language = words.language
        phase = snapshot.phase.rawValue
        pages = snapshot.progress?.pages ?? 0
        receipts = snapshot.progress?.receipts ?? 0
        text = snapshot.summary?.message(in: language) ?? snapshot.progress?.message(in: language)
        switch snapshot.failure {
        case nil:
            problem = nil
            sessionEnded = false
        case ClientError.unauthorized?:
            problem = words.sessionEnded + (receipts > 0 ? " " + words.importKept(receipts) : "")
            sessionEnded = true
        case let failure?:
            let message = (failure as? any LocalizedMessage)?.message(in: language) ?? String(describing: failure)
            problem = message + (receipts > 0 ? " " + words.importKept(receipts) : "")
            sessionEnded = false
        }
    }
}

/// One export file's outcome, as `receipts import --json FILE` counts it: `{"file", "imported",
/// "updated", "unchanged", "months": {"YYYY-MM": n}, "text"}`, or `{"file", "problem"}` for a file
/// that is not an export (its reason as the command prints it after the file's name); with
/// `shown`, the file's months newest first, each with the search that lists its receipts.
struct FileImportView: Encodable {
    /// A month of the file's receipts: `Декабрь 2024 · 25 чеков`, and the search of that month.
    struct MonthLink: Encodable {
        let text: String
        let href: String
    }

    let file: String
    var imported: Int?
    var updated: Int?
    var unchanged: Int?
    var months: [String: Int]?
    var text: String?
    var problem: String?
    var shown: [MonthLink]?

    init(file: String, summary: ImportSummary, language: Language) {
        self.init(
            file: file, imported: summary.imported, updated: summary.updated, unchanged: summary.unchanged,
            months: summary.months, text: summary.countsMessage(in: language), language: language)
    }

    /// A file of letters (.eml, an mbox), read as `receipts mail import` reads it.
    init(file: String, letters summary: MailImport.Summary, language: Language) {
        self.init(
            file: file, imported: summary.imported + summary.pending, updated: summary.completed,
            unchanged: summary.unchanged, months: summary.months, text: summary.message(in: language),
            language: language)
    }

    private init(
        file: String, imported: Int, updated: Int, unchanged: Int, months byMonth: [Month: Int], text: String,
        language: Language
    ) {
        self.file = file
        self.imported = imported
        self.updated = updated
        self.unchanged = unchanged
        months = Dictionary(uniqueKeysWithValues: byMonth.map { ($0.key.description, $0.value) })
        self.text = text
        // The six newest months, then (a file of years) one link to all of its months.
        let months = byMonth.sorted { $0.key > $1.key }
        var links = months.prefix(6).map { month, count in
            let name = month.name(in: language)
            return MonthLink(
                text: "\(name.prefix(1).uppercased() + name.dropFirst()) · \(language.receipts(count))",
                href: "/search?from=\(month)&to=\(month)")
        }
        if months.count > 6, let newest = months.first?.key, let oldest = months.last?.key {
            let range = ReportText(language).rangeName(oldest...newest)
            let count = language.receipts(months.reduce(0) { $0 + $1.value })
            links.append(MonthLink(text: "\(range) · \(count)", href: "/search?from=\(oldest)&to=\(newest)"))
        }
        shown = links
    }

    init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }
}
