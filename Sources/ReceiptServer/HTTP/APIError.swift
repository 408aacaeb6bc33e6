import Foundation
import Hummingbird
import Logging
import NIOCore
import ReceiptAPI
import ReceiptCore

/// An error answer: status, stable code and the problem, rendered as the contract's JSON error body
/// with its message in the language the request accepts.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let problem: ServerProblem
    var headers: HTTPFields = [:]

    static func badRequest(_ problem: ServerProblem) -> APIError {
        APIError(status: .badRequest, code: "bad_request", problem: problem)
    }

    static func unauthorized(_ problem: ServerProblem = .noSession) -> APIError {
        APIError(status: .unauthorized, code: "unauthorized", problem: problem)
    }

    static func notFound(_ problem: ServerProblem) -> APIError {
        APIError(status: .notFound, code: "not_found", problem: problem)
    }

    static func conflict(_ problem: ServerProblem) -> APIError {
        APIError(status: .conflict, code: "conflict", problem: problem)
    }

    static func tooManyRequests(_ attempt: ServerProblem.Attempt, retryAfter seconds: Int) -> APIError {
        var error = APIError(
            status: .tooManyRequests, code: "too_many_requests",
            problem: .tooManyAttempts(attempt, seconds: seconds))
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    /// 503: the database does not answer; try again in a second.
    static var storageUnavailable: APIError {
        var error = APIError(status: .serviceUnavailable, code: "storage_unavailable", problem: .storageUnavailable)
        error.headers[.retryAfter] = "1"
        return error
    }

    /// 503: too many passwords are being checked at once; try again in a second.
    static var passwordWorkBusy: APIError {
        var error = APIError(status: .serviceUnavailable, code: "busy", problem: .passwordWorkBusy)
        error.headers[.retryAfter] = "1"
        return error
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let language = Language(acceptLanguage: request.headers[.acceptLanguage])
        var response = jsonResponse(APIErrorBody(error: code, message: problem.message(in: language)), status: status)
        response.headers[.contentLanguage] = language.rawValue
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// Turns every error into the contract's JSON error answer, so that no request ends in a bare 500.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            return try Self.notRouted(request).response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.translate(error).response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try APIError(
                status: .contentTooLarge, code: "payload_too_large", problem: .bodyTooLarge(kibibytes: 64)
            )
            .response(from: request, context: context)
        } catch is PasswordHasher.Busy {
            return try APIError.passwordWorkBusy.response(from: request, context: context)
        } catch let error as StorageUnavailable {
            context.logger.error("database unavailable: \(error)", metadata: ["path": "\(request.uri.path)"])
            return try APIError.storageUnavailable.response(from: request, context: context)
        } catch let error as DecodingError {
            return try APIError.badRequest(.malformedJSON(JSONProblem(error))).response(from: request, context: context)
        } catch {
            context.logger.error("request failed: \(error)", metadata: ["path": "\(request.uri.path)"])
            return try APIError(status: .internalServerError, code: "internal", problem: .internalError)
                .response(from: request, context: context)
        }
    }

    /// No route answers the request: 405 with `Allow` when its path has routes for other methods.
    private static func notRouted(_ request: Request) -> APIError {
        let allowed = Route.methods(forPath: request.uri.path)
        guard !allowed.isEmpty else { return .notFound(.noRoute) }
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        var error = APIError(
            status: .methodNotAllowed, code: "method_not_allowed",
            problem: .methodNotAllowed(method: request.method.rawValue, allowed: names))
        error.headers[.allow] = names
        return error
    }

    private static func translate(_ error: HTTPError) -> APIError {
        let problem = ServerProblem.untranslated(error.body ?? error.status.reasonPhrase)
        switch error.status {
        case .contentTooLarge:
            return APIError(status: .contentTooLarge, code: "payload_too_large", problem: .bodyTooLarge(kibibytes: nil))
        case .methodNotAllowed: return APIError(status: .methodNotAllowed, code: "method_not_allowed", problem: problem)
        case .badRequest: return .badRequest(problem)
        default:
            return APIError(
                status: error.status,
                code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), problem: problem)
        }
    }
}
