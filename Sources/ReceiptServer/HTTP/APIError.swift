import Foundation
import Hummingbird
import Logging
import NIOCore
import ReceiptAPI

/// An error answer: status, stable code and message, rendered as the contract's JSON error body.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var headers: HTTPFields = [:]

    static func badRequest(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "bad_request", message: message)
    }

    static func unauthorized(_ message: String = "log in first: no valid session cookie") -> APIError {
        APIError(status: .unauthorized, code: "unauthorized", message: message)
    }

    static func notFound(_ message: String) -> APIError {
        APIError(status: .notFound, code: "not_found", message: message)
    }

    static func conflict(_ message: String) -> APIError {
        APIError(status: .conflict, code: "conflict", message: message)
    }

    static func tooManyRequests(_ what: String = "too many failed logins", retryAfter seconds: Int) -> APIError {
        var error = APIError(
            status: .tooManyRequests, code: "too_many_requests", message: "\(what); try again in \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = jsonResponse(APIErrorBody(error: code, message: message), status: status)
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
                status: .contentTooLarge, code: "payload_too_large", message: "the request body is larger than 64 KiB"
            ).response(from: request, context: context)
        } catch let error as DecodingError {
            return try APIError.badRequest("malformed JSON body: \(Self.describe(error))").response(
                from: request, context: context)
        } catch {
            context.logger.error("request failed: \(error)", metadata: ["path": "\(request.uri.path)"])
            return try APIError(status: .internalServerError, code: "internal", message: "internal error")
                .response(from: request, context: context)
        }
    }

    /// No route answers the request: 405 with `Allow` when its path has routes for other methods.
    private static func notRouted(_ request: Request) -> APIError {
        let allowed = Route.methods(forPath: request.uri.path)
        guard !allowed.isEmpty else { return .notFound("no such route") }
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        var error = APIError(
            status: .methodNotAllowed, code: "method_not_allowed",
            message: "\(request.method.rawValue) is not allowed here; use \(names)")
        error.headers[.allow] = names
        return error
    }

    private static func translate(_ error: HTTPError) -> APIError {
        let message = error.body ?? error.status.reasonPhrase
        switch error.status {
        case .contentTooLarge:
            return APIError(
                status: .contentTooLarge, code: "payload_too_large", message: "the request body is too large")
        case .methodNotAllowed:
            return APIError(status: .methodNotAllowed, code: "method_not_allowed", message: message)
        case .badRequest: return .badRequest(message)
        default:
            return APIError(
                status: error.status,
                code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), message: message)
        }
    }

    /// What is wrong with a request body, in JSON's words: never a Swift type's name.
    static func describe(_ error: DecodingError) -> String {
        func located(_ context: DecodingError.Context, _ problem: String) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? problem : "field \(path): \(problem)"
        }
        switch error {
        case .keyNotFound(let key, _): return "missing field \(key.stringValue)"
        case .typeMismatch(let type, let context): return located(context, "expected \(JSONKind.name(of: type))")
        case .valueNotFound(let type, let context):
            return located(context, "expected \(JSONKind.name(of: type)), found null")
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : located(context, "not a valid value")
        @unknown default: return "cannot be read"
        }
    }
}
