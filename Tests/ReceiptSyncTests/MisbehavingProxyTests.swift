import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptServer
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Synchronization
import Testing

/// A proxy on loopback between client and server that breaks most requests, each turn in its own
/// way: 503 with Retry-After, a connection dropped half-way through the body, 500, 429 with
/// Retry-After, JSON cut short, 502, a stall before answering, a body dribbled in pieces, a
/// connection dropped before any byte of the body; every tenth feed request, and logging in, pass
/// untouched.
final class MisbehavingProxy: Sendable {
    enum Fault: Int, CaseIterable {
        case none = 0
        case unavailable, droppedMidBody, serverError, tooManyRequests, truncatedJSON, badGateway, stall
        case slowBody, droppedAtOnce
    }

    let target: URL

    init(target: URL) {
        self.target = target
    }
    let counter = Mutex(0)
    /// How many times each fault was played.
    let played = Mutex([Fault: Int]())

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.on("**", method: .get) { request, context in try await self.forward(request, context: context) }
        router.on("**", method: .post) { request, context in try await self.forward(request, context: context) }
        return router
    }

    private func forward(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let turn = counter.withLock { value in
            value += 1
            return value
        }
        // Logging in is left alone: a 429 there is the server's login throttle, not to be retried.
        let fault = request.method == .get ? Fault(rawValue: turn % 10) ?? .none : .none
        played.withLock { $0[fault, default: 0] += 1 }
        switch fault {
        case .unavailable: return Response(status: .serviceUnavailable, headers: [.retryAfter: "0"])
        case .serverError: return Response(status: .internalServerError)
        case .tooManyRequests: return Response(status: .tooManyRequests, headers: [.retryAfter: "1"])
        case .badGateway: return Response(status: .badGateway)
        case .stall: try await Task.sleep(for: .milliseconds(800))
        default: break
        }
        var outgoing = HTTPClientRequest(url: target.absoluteString + request.uri.description)
        outgoing.method = .init(rawValue: request.method.rawValue)
        for field in request.headers where field.name == .cookie || field.name == .contentType {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        let body = request.body
        outgoing.body = .bytes(try await body.collect(upTo: 1 << 20))
        let answer = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(30))
        let bytes = try await answer.body.collect(upTo: 1 << 24)
        var headers = HTTPFields()
        for (name, value) in answer.headers
        where name.lowercased() == "set-cookie" || name.lowercased() == "content-type" {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        let status = HTTPResponse.Status(code: Int(answer.status.code))
        switch fault {
        case .droppedMidBody:
            // Promise the whole body, send half, and drop the connection.
            headers[.contentLength] = String(bytes.readableBytes)
            let half = bytes.getSlice(at: bytes.readerIndex, length: bytes.readableBytes / 2) ?? ByteBuffer()
            return Response(
                status: status, headers: headers,
                body: ResponseBody { writer in
                    try await writer.write(half)
                    throw CancellationError()
                })
        case .droppedAtOnce:
            headers[.contentLength] = String(bytes.readableBytes)
            return Response(status: status, headers: headers, body: ResponseBody { _ in throw CancellationError() })
        case .slowBody:
            // The whole answer, in ten pieces a little apart.
            let piece = max(1, bytes.readableBytes / 10)
            return Response(
                status: status, headers: headers,
                body: ResponseBody { writer in
                    var offset = 0
                    while offset < bytes.readableBytes {
                        let length = min(piece, bytes.readableBytes - offset)
                        let slice = bytes.getSlice(at: bytes.readerIndex + offset, length: length)
                        try await writer.write(slice ?? ByteBuffer())
                        offset += length
                        try await Task.sleep(for: .milliseconds(30))
                    }
                    try await writer.finish(nil)
                })
        case .truncatedJSON:
            // A complete answer whose JSON is cut short.
            let cut = bytes.getSlice(at: bytes.readerIndex, length: bytes.readableBytes * 2 / 3) ?? ByteBuffer()
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: cut))
        default:
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: bytes))
        }
    }
}

@Suite("Importing through a misbehaving network", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct MisbehavingProxyTests {
    @Test("resets, stalls, slow bodies, 500/502/503, 429 and cut JSON are retried; the import ends identical")
    func proxy() async throws {
        try await SyncHarness.run(receipts: 600) { harness in
            let proxy = MisbehavingProxy(target: harness.url)
            try await Application(
                router: proxy.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0))
            )
            .test(.live) { client in
                let proxied = try #require(URL(string: "http://127.0.0.1:\(client.port ?? 0)"))
                // Short waits between tries, and a budget a loaded machine cannot run out of: what
                // is tested is that every fault is retried, not how fast.
                let retry = RetryPolicy(initialDelay: 0.01, maximumDelay: 0.05, budget: 600)
                let flaky = ReceiptsClient(server: proxied, cookie: nil, retry: retry)
                let info = try await flaky.logIn(login: "demo", password: "demo")
                let source = "\(harness.url.absoluteString)#\(info.account)"
                let database = try harness.database()
                let summary = try await Importer(client: flaky, database: database, source: source).run()
                #expect(summary.imported == 600)
                let played = proxy.played.withLock { $0 }
                #expect(MisbehavingProxy.Fault.allCases.allSatisfy { (played[$0] ?? 0) > 0 }, "\(played)")

                let (direct, _) = try await harness.demoClient()
                let reference = try harness.database("reference.sqlite")
                _ = try await Importer(client: direct, database: reference, source: source).run()
                for month in try reference.months() {
                    #expect(try database.receipts(in: month.month) == reference.receipts(in: month.month))
                }
                #expect(try database.receiptCount() == reference.receiptCount())
            }
        }
    }
}
