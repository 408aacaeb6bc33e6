import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptNetwork
import ReceiptServerTesting
import ReceiptTesting
import Testing

@Suite("proverkacheka.com, against its stand-in", .timeLimit(.minutes(20)))
struct ProverkachekaClientTests {
    static var until: LocalDateTime { get throws { try LocalDateTime(year: 2026, month: 10, day: 31, hour: 23) } }

    static func client(_ url: URL, token: String = "token-1") -> ProverkachekaClient {
        ProverkachekaClient(
            server: url, token: token,
            // Generous: the stand-in answers from this process, which other tests keep busy.
            retry: RetryPolicy(initialDelay: 0.01, maximumDelay: 0.05, budget: 30, requestTimeout: 30))
    }

    @Test("code 2 is not yet, then code 1 the receipt with its local ISO time; code 0 invalid; 3 the limit")
    func answers() async throws {
        let service = ProverkachekaStandIn(tokens: ["token-1"])
        let receipts = StandInReceipts.sample(count: 3, until: try Self.until)
        service.know(Array(receipts.prefix(2)))
        service.update {
            $0.notReadyTimes = 1
            $0.dailyLimit = 4
            $0.gzip = true
        }
        try await service.run { url in
            let client = Self.client(url)
            let code = try receipts[0].fiscalCode
            #expect(try await client.document(for: code) == .notYet)
            #expect(try await client.document(for: code) == .document(receipts[0]))
            guard case .invalid(let reason) = try await client.document(for: try receipts[2].fiscalCode) else {
                Issue.record("an unknown receipt is invalid")
                return
            }
            #expect(reason == "Чек некорректен")
            _ = try await client.document(for: try receipts[1].fiscalCode)
            await #expect(throws: ProviderError.limited(.proverkacheka, until: nil)) {
                _ = try await client.document(for: try receipts[1].fiscalCode)
            }
        }
        let form = String(decoding: try #require(service.requests.first).body, as: UTF8.self)
        #expect(form.hasPrefix("token=token-1&qrraw=t%3D"))
        #expect(service.requests.first?.headers["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test("a wrong token is the service's refusal, told in its words")
    func wrongToken() async throws {
        let service = ProverkachekaStandIn(tokens: ["token-1"])
        try await service.run { url in
            let receipt = StandInReceipts.sample(count: 1, until: try Self.until)[0]
            let error = await #expect(throws: ProviderError.self) {
                _ = try await Self.client(url, token: "nope").document(for: try receipt.fiscalCode)
            }
            #expect(error?.message(in: .english).contains("Неверный токен") == true)
        }
    }

    @Test("the token comes from the environment, else from a file only its owner may read")
    func tokenFile() throws {
        let folder = try TemporaryFolder("token")
        #expect(try ProverkachekaClient.token(folder: folder.path, environment: [:]) == nil)
        #expect(
            try ProverkachekaClient.token(folder: folder.path, environment: ["RECEIPTS_PROVERKACHEKA_TOKEN": "e"])
                == "e")
        let path = folder.file("proverkacheka-token")
        try "  file-token\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: TokenFileError.readableByOthers(path: path)) {
            _ = try ProverkachekaClient.token(folder: folder.path, environment: [:])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try ProverkachekaClient.token(folder: folder.path, environment: [:]) == "file-token")
    }
}
