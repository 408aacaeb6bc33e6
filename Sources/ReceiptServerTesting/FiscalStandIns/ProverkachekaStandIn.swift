public import Foundation
public import ReceiptCore
import Synchronization

/// A stand-in for proverkacheka.com's receipt check, written from its description: `POST
/// /api/v1/check/get` with a form of `token` and `qrraw`, answered `{code, data}`: 1 with the
/// receipt in `data.json` (its `dateTime` a zone-less local ISO string), 2 while the receipt is
/// not ready, 0 for a receipt that does not exist, 3 when the day's requests are spent, 4 when asked
/// again too soon, 5 for anything else (a wrong token among them).
public final class ProverkachekaStandIn: Sendable {
    /// How the stand-in behaves; changed with ``update(_:)``.
    public struct Rules: Sendable {
        /// Requests for a receipt answered 2 before it is ready.
        public var notReadyTimes = 0
        /// Requests a token may make a day.
        public var dailyLimit = 10_000
        /// Answer gzip-encoded when the client accepts it.
        public var gzip = false
        /// Wait this long before every answer.
        public var latency: Duration = .zero
        /// Rules as described.
        public init() {}
    }

    struct State {
        var rules = Rules()
        var tokens: Set<String>
        var documents: [FiscalIdentity: Receipt] = [:]
        var asked: [FiscalIdentity: Int] = [:]
        var used: [String: Int] = [:]
        var log: [StandInRequest] = []
    }

    let state: Mutex<State>

    /// A stand-in that accepts `tokens`.
    public init(tokens: Set<String>) {
        state = Mutex(State(tokens: tokens))
    }

    /// Changes the rules.
    public func update(_ change: (inout Rules) -> Void) {
        state.withLock { change(&$0.rules) }
    }

    /// The service knows these receipts' documents.
    public func know(_ receipts: [Receipt]) {
        state.withLock { state in for receipt in receipts { state.documents[receipt.identity] = receipt } }
    }

    /// Every request seen, in order.
    public var requests: [StandInRequest] { state.withLock { $0.log } }

    /// Runs the stand-in on a free loopback port for the length of `body`, which gets its address.
    public func run<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        try await StandInServer.run(
            latency: { [self] in self.state.withLock { $0.rules.latency } },
            gzip: { [self] in self.state.withLock { $0.rules.gzip } },
            routes: [("POST", "/api/v1/check/get")],
            answer: { [self] request in self.state.withLock { $0.answer(request) } }, body)
    }
}

extension ProverkachekaStandIn.State {
    mutating func answer(_ request: StandInRequest) -> StandInAnswer {
        log.append(request)
        guard (request.headers["content-type"] ?? "").hasPrefix("application/x-www-form-urlencoded") else {
            return .text(415, "Unsupported Media Type")
        }
        var form: [String: String] = [:]
        for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if parts.count == 2 { form[parts[0]] = parts[1] }
        }
        guard let token = form["token"], tokens.contains(token) else {
            return .json(["code": 5, "data": "Неверный токен"])
        }
        guard used[token, default: 0] < rules.dailyLimit else {
            return .json(["code": 3, "data": "Превышено количество запросов"])
        }
        used[token, default: 0] += 1
        guard let qr = form["qrraw"], let code = try? FiscalCode(parsing: qr) else {
            return .json(["code": 0, "data": "Некорректные данные чека"])
        }
        let times = asked[code.identity, default: 0]
        asked[code.identity] = times + 1
        guard let receipt = documents[code.identity] else {
            return .json(["code": 0, "data": "Чек некорректен"])
        }
        if times < rules.notReadyTimes { return .json(["code": 2, "data": "Данные чека пока не получены"]) }
        return .json([
            "code": 1, "first": times == 0 ? 1 : 0,
            "data": ["json": StandInReceipts.document(receipt, dateTime: receipt.dateTime.iso), "html": "<table/>"],
            "request": ["qrraw": qr, "manual": ["fn": code.identity.fn, "fd": String(code.identity.i)]],
        ])
    }
}
