public import Foundation
import NIOHTTP1
public import ReceiptCore
public import ReceiptNetwork

/// proverkacheka.com's receipt check: `POST /api/v1/check/get` with the token and the QR payload
/// as a form; the answer's `code` says what became of it.
public struct ProverkachekaClient: FiscalProvider {
    /// ``ProviderName/proverkacheka``.
    public let name = ProviderName.proverkacheka
    private let token: String
    private let exchange: HTTPExchange

    /// A client of the service at `server` with the account's `token`.
    public init(server: URL, token: String, retry: RetryPolicy = .standard, observer: ClientObserver? = nil) {
        self.token = token
        exchange = HTTPExchange(server: server, retry: retry, observer: observer)
    }

    /// The token: `RECEIPTS_PROVERKACHEKA_TOKEN`, else the file `proverkacheka-token` in `folder`,
    /// which only its owner may read; nil when neither is there.
    public static func token(
        folder: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TokenFileError) -> String? {
        if let value = environment["RECEIPTS_PROVERKACHEKA_TOKEN"], !value.isEmpty { return value }
        let path = folder + "/proverkacheka-token"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard !PrivateFile.isShared(path) else { throw .readableByOthers(path: path) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path: path) }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// The document of the receipt `code` names: code 1 is the receipt, 2 not yet, 0 invalid, 3 and
    /// 4 limits, anything else the service's refusal.
    public func document(for code: FiscalCode) async throws(ProviderError) -> FiscalAnswer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let form = [("token", token), ("qrraw", code.canonical)]
            .map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $1)" }
            .joined(separator: "&")
        let headers = HTTPHeaders([
            ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
            ("Accept-Encoding", "gzip"),
        ])
        let service = exchange.server.absoluteString
        let data = try await exchange.send(.POST, "/api/v1/check/get", headers: headers, body: Data(form.utf8)) {
            (answer) throws(ProviderError) -> HTTPExchange.Verdict<Data> in
            switch answer.status {
            case 200..<300: return .done(answer.body)
            case 429: throw .limited(.proverkacheka, until: nil)
            case 500..<600: return .retry(.status(answer.status), after: answer.retryAfter)
            default:
                throw .rejected(
                    status: answer.status, detail: String(decoding: answer.body.prefix(200), as: UTF8.self))
            }
        } gaveUp: { problem in
            .unreachable(service: service, problem: problem)
        }
        return try Self.answer(data, for: code)
    }

    static func answer(_ data: Data, for code: FiscalCode) throws(ProviderError) -> FiscalAnswer {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let status = (object["code"] as? NSNumber)?.intValue
        else { throw .badAnswer(.notShaped(expected: #"{"code", "data"}"#)) }
        let said = (object["data"] as? String).map { String($0.prefix(200)) } ?? "code \(status)"
        switch status {
        case 1:
            guard let document = (object["data"] as? [String: Any])?["json"] as? [String: Any],
                let json = try? JSONSerialization.data(withJSONObject: document)
            else { throw .badAnswer(.notShaped(expected: #"{"code": 1, "data": {"json": {…}}}"#)) }
            let receipts: [Receipt]
            do {
                receipts = try ExportedReceipts.read(json)
            } catch {
                throw .badAnswer(.badReceipt(error))
            }
            guard let receipt = receipts.first else { throw .badAnswer(.badReceipt(.noReceipts)) }
            guard receipt.identity == code.identity else {
                throw .badAnswer(.otherReceipt(holds: receipt.identity, asked: code.identity))
            }
            return .document(receipt)
        case 2: return .notYet
        case 0: return .invalid(reason: said)
        case 3, 4: throw .limited(.proverkacheka, until: nil)
        default: throw .rejected(status: 200, detail: "proverkacheka.com code \(status): \(said)")
        }
    }
}

/// Why the proverkacheka token file cannot be used.
public enum TokenFileError: Error, Equatable, LocalizedMessage {
    /// Others than its owner may read it.
    case readableByOthers(path: String)
    /// It cannot be read.
    case unreadable(path: String)

    /// Names the file and the fix.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.readableByOthers(let path), .russian):
            return "файл токена \(path) доступен другим пользователям; выполните chmod 600 \(path)"
        case (.readableByOthers(let path), .english):
            return "the token file \(path) is readable by others; run chmod 600 \(path)"
        case (.unreadable(let path), .russian): return "не удаётся прочитать файл токена \(path)"
        case (.unreadable(let path), .english): return "cannot read the token file \(path)"
        }
    }
}
