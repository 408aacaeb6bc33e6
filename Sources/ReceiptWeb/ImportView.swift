import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptSync

/// Who the import signs in as, as the page shows it: `{"server", "signedIn", "anonymous", "login", "text"}`.
struct SessionAnswer: Encodable {
    let server: String
    let signedIn: Bool
    let anonymous: Bool
    @NullWhenAbsent var login: String?
    /// `Signed in as demo on http://…`, or that nobody is.
    let text: String

    init(server: String, session: SavedSession?, words: WebWords) {
        self.server = server
        signedIn = session != nil
        anonymous = session?.kind == .anonymous
        login = session?.login
        text = words.signedIn(session, server: server)
    }
}

/// `{"way": "anonymous"|"login"|"register", "login", "password"}`: how to sign in.
struct SignInForm: Decodable {
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

/// Why signing in did not work: the message for the whole form, and one beside each field it concerns.
struct SignInRefusal: Encodable {
    @NullWhenAbsent var problem: String?
    let fields: [String: String]

    /// What `error` says about the form, and its HTTP status.
    static func answer(_ error: any Error, words: WebWords) -> (SignInRefusal, status: Int) {
        let language = words.language
        switch error {
        case let refused as RegistrationRefused:
            var fields: [String: String] = [:]
            for problem in refused.problems {
                let field = problem == .login ? "login" : "password"
                fields[field] = [fields[field], problem.message(in: language)].compactMap { $0 }.joined(separator: "; ")
            }
            return (SignInRefusal(problem: nil, fields: fields), 422)
        case ClientError.wrongCredentials:
            return (
                SignInRefusal(problem: nil, fields: ["password": ClientError.wrongCredentials.message(in: language)]),
                422
            )
        case ClientError.rejected(409, _):
            return (SignInRefusal(problem: nil, fields: ["login": words.loginTaken]), 422)
        case ClientError.throttled:
            return (SignInRefusal(problem: (error as? ClientError)?.message(in: language), fields: [:]), 429)
        case let failure as ClientError:
            if case .unreachable = failure {
                return (SignInRefusal(problem: failure.message(in: language), fields: [:]), 502)
            }
            return (SignInRefusal(problem: failure.message(in: language), fields: [:]), 422)
        case let failure as any LocalizedMessage:
            return (SignInRefusal(problem: failure.message(in: language), fields: [:]), 500)
        default:
            return (SignInRefusal(problem: String(describing: error), fields: [:]), 500)
        }
    }
}

/// The import as the page shows it: `{"phase": "idle"|"running"|"done"|"failed", "pages", "receipts",
/// "text", "problem", "sessionEnded"}`: `text` is the progress line, then the summary.
struct ImportAnswer: Encodable {
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
