public import ReceiptCore

/// Why a try at the server brought no answer worth having: what a retry is for, and what the client
/// gives up with when the budget is spent.
public enum NetworkProblem: Sendable, Equatable, LocalizedMessage {
    /// Nothing listens at the address: the connection was refused.
    case refused
    /// The host name does not resolve.
    case unknownHost
    /// No answer within the time a try may take.
    case timedOut
    /// The connection closed before the answer was whole.
    case connectionLost
    /// The server answered with this status: a 5xx, or 429 outside logging in.
    case status(Int)
    /// The server answered 2xx with a body that is not what the contract says.
    case unreadable(LocalizedText)
    /// Any other failure of the transport, as the library described it.
    case other(String)

    /// What a failed connection met, from the transport's error (SwiftNIO's, AsyncHTTPClient's):
    /// what the IMAP client says of a server out of reach, as the HTTP clients do.
    public init(transportError error: any Error) {
        self = HTTPExchange.problem(error)
    }

    /// What the server does, as a person would say it: "server http://… does not answer".
    public func state(of server: String, in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .status(let code):
            return ru ? "сервер \(server) отвечает HTTP \(code)" : "server \(server) answers HTTP \(code)"
        case .unreadable:
            return ru ? "сервер \(server) присылает нечитаемый ответ" : "server \(server) sends an unreadable answer"
        default: return ru ? "сервер \(server) не отвечает" : "server \(server) does not answer"
        }
    }

    /// The cause in a few words: "connection refused", "HTTP 503".
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .refused: return ru ? "соединение отклонено" : "connection refused"
        case .unknownHost: return ru ? "имя хоста не найдено" : "unknown host name"
        case .timedOut: return ru ? "истекло время ожидания" : "timed out"
        case .connectionLost: return ru ? "соединение оборвалось" : "the connection broke"
        case .status(let code): return "HTTP \(code)"
        case .unreadable(let detail): return detail.message(in: language)
        case .other(let detail): return detail
        }
    }
}
