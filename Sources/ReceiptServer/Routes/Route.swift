import Foundation
import HTTPTypes
import Hummingbird

/// Every route the server answers, in one list: the router registers them from here, and a test
/// holds this list and `openapi.yaml` together.
enum Route: CaseIterable {
    case health, metrics, openAPI
    case accounts, password, sessions, anonymousSession, currentSession
    case receipts, changes, receipt
    case household, invitations, members, membership, member, shares
    case places

    /// The path as the router writes it (`{id}` in OpenAPI is `:id` here).
    var path: String {
        switch self {
        case .health: "/health"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.yaml"
        case .accounts: "/api/v1/accounts"
        case .password: "/api/v1/accounts/current/password"
        case .sessions: "/api/v1/sessions"
        case .anonymousSession: "/api/v1/sessions/anonymous"
        case .currentSession: "/api/v1/sessions/current"
        case .receipts: "/api/v1/receipts"
        case .changes: "/api/v1/changes"
        case .receipt: "/api/v1/receipts/:id"
        case .household: "/api/v1/household"
        case .invitations: "/api/v1/household/invitations"
        case .members: "/api/v1/household/members"
        case .membership: "/api/v1/household/membership"
        case .member: "/api/v1/household/members/:login"
        case .shares: "/api/v1/receipts/:id/shares"
        case .places: "/api/v1/places"
        }
    }

    var methods: [HTTPRequest.Method] {
        switch self {
        case .health, .metrics, .openAPI, .changes, .receipt, .places: [.get]
        case .accounts, .password, .anonymousSession, .invitations, .members: [.post]
        case .household: [.get, .post]
        case .membership, .member: [.delete]
        case .shares: [.get, .put]
        case .sessions: [.post, .delete]
        case .currentSession: [.get, .delete]
        case .receipts: [.get, .post]
        }
    }

    /// The path for the router.
    var routerPath: RouterPath { RouterPath(path) }

    /// The methods routed for a request path (`:id` matches any segment); empty when no route has it.
    static func methods(forPath path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        return allCases.filter { route in
            let pattern = route.path.split(separator: "/")
            return pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { expected, given in expected.hasPrefix(":") || expected == given }
        }.flatMap(\.methods)
    }

    /// Every (method, OpenAPI path) pair the server routes.
    static var table: Set<String> {
        Set(
            allCases.flatMap { route in
                route.methods.map { method in
                    let path = route.path.replacingOccurrences(of: ":id", with: "{id}")
                        .replacingOccurrences(of: ":login", with: "{login}")
                    return "\(method.rawValue) \(path)"
                }
            })
    }
}
