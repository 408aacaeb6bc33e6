import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptServer

/// A provider for the worker's tests: knows some documents, says "not yet" a given number of times
/// first, refuses some codes for good, and counts every question.
final class ScriptedCompleter: ReceiptCompleter {
    let name = "scripted"
    private let state = Mutex(State())

    private struct State {
        var documents: [FiscalIdentity: Receipt] = [:]
        var notYet: [FiscalIdentity: Int] = [:]
        var invalid: Set<FiscalIdentity> = []
        var limitOnce: TimeInterval?
        var limitedAt: Date?
        var asked: [FiscalIdentity: Int] = [:]
    }

    func know(_ receipt: Receipt, notYetTimes: Int = 0) {
        state.withLock {
            $0.documents[receipt.identity] = receipt
            $0.notYet[receipt.identity] = notYetTimes
        }
    }
    func refuse(_ identity: FiscalIdentity) { state.withLock { _ = $0.invalid.insert(identity) } }
    /// The next question is answered with a daily limit that ends `seconds` after it is given.
    func limitOnce(lasting seconds: TimeInterval) { state.withLock { $0.limitOnce = seconds } }
    /// When the limit was given, if it was.
    var limitedAt: Date? { state.withLock { $0.limitedAt } }
    var asked: [FiscalIdentity: Int] { state.withLock { $0.asked } }

    func complete(_ code: FiscalCode, state _: any CompleterState) async throws -> CompletionAnswer {
        state.withLock { state in
            if let seconds = state.limitOnce {
                state.limitOnce = nil
                let now = Date()
                state.limitedAt = now
                return .limited(until: now.addingTimeInterval(seconds))
            }
            state.asked[code.identity, default: 0] += 1
            if state.invalid.contains(code.identity) { return .invalid(reason: "status 15") }
            if let left = state.notYet[code.identity], left > 0 {
                state.notYet[code.identity] = left - 1
                return .notYet
            }
            return state.documents[code.identity].map { .document($0) } ?? .notYet
        }
    }
}

@Suite(
    "Server: pending receipts completed in the background", .timeLimit(.minutes(20)))
struct CompletionTests {
    /// A full receipt for `i`, as a provider would give it.
    static func document(_ i: Int) throws -> Receipt {
        let code = try FiscalCode(parsing: FeedTests.payload(i))
        return Receipt(
            identity: code.identity, dateTime: code.dateTime, operation: code.operation, total: code.total,
            cash: .zero, ecash: code.total, seller: "ООО Ромашка", sellerINN: "7700000000", retailPlace: "Лавка",
            address: "Тверская, 9", registerNumber: nil,
            items: [Item(name: "ХЛЕБ", price: code.total, quantity: 1, sum: code.total)], status: .complete)
    }

    static func fastPacing(_ settings: inout ServerSettings) {
        settings.completionPacing.idle = .milliseconds(50)
        settings.completionPacing.firstWait = .milliseconds(100)
        settings.completionPacing.longestWait = .milliseconds(400)
    }

    @Test("found documents complete their receipts with new change sequences; not yet is asked again; a final no stays")
    func completes() async throws {
        let completer = ScriptedCompleter()
        for i in 1...4 { completer.know(try Self.document(i), notYetTimes: i == 2 ? 2 : 0) }
        completer.refuse(try Self.document(5).identity)
        let configure: (inout ServerSettings) -> Void = { settings in
            settings.completer = completer
            Self.fastPacing(&settings)
        }
        try await ServerHarness.run(configure: configure) { server in
            let owner = try await server.registered("zoe")
            for i in 1...5 {
                let added = try await owner.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i)))
                #expect(added.status == .created)
            }
            // Until four are complete and the fifth has its final no: the jobs are taken in no set
            // order, so the refusal may come after the last completion.
            var complete = 0
            var refused = 0
            for _ in 0..<600 where complete < 4 || refused < 1 {
                try await Task.sleep(for: .milliseconds(50))
                let page = try await owner.get("/api/v1/changes?since=0").decode(ReceiptChangesPage.self)
                complete = page.receipts.filter { $0.status == .complete }.count
                refused = try await server.server.storage.completionCounts().invalid
            }
            #expect(complete == 4)
            let all = try await owner.get("/api/v1/changes?since=0").decode(ReceiptChangesPage.self)
            // Five adds and four completions: each completion a change of its own, after its add.
            #expect(all.receipts.count == 5 && all.receipts.last?.sequence == 9)
            #expect(all.receipts.filter { $0.status == .complete }.allSatisfy { $0.sequence > 5 - 4 })
            let pending = all.receipts.filter { $0.status == .pending }
            #expect(pending.map(\.document.fiscalDocumentNumber) == [5])
            let completed = try #require(all.receipts.first { $0.document.fiscalDocumentNumber == 1 })
            #expect(completed.document.items.first?.name == "ХЛЕБ")
            let counts = try await server.server.storage.completionCounts()
            #expect(counts.open == 0 && counts.invalid == 1)
            let asked = completer.asked
            #expect(asked[try Self.document(2).identity] == 3)
            #expect(asked[try Self.document(5).identity] == 1)
            #expect(asked[try Self.document(1).identity] == 1)
        }
    }

    @Test("the daily limit holds the job (and the worker) until it ends")
    func limited() async throws {
        let completer = ScriptedCompleter()
        completer.know(try Self.document(1))
        let configure: (inout ServerSettings) -> Void = { settings in
            settings.completer = completer
            Self.fastPacing(&settings)
        }
        try await ServerHarness.run(configure: configure) { server in
            // The limit ends 3 s after it is given, however long the machine took to get there.
            completer.limitOnce(lasting: 3)
            let owner = try await server.registered("yan")
            _ = try await owner.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(1)))
            for _ in 0..<400 where completer.limitedAt == nil { try await Task.sleep(for: .milliseconds(25)) }
            #expect(completer.limitedAt != nil, "the worker asked")
            try await Task.sleep(for: .milliseconds(1_000))
            #expect(completer.asked.isEmpty, "asked during the limit")
            var done = false
            for _ in 0..<400 where !done {
                try await Task.sleep(for: .milliseconds(50))
                done = try await server.server.storage.completionCounts().open == 0
            }
            #expect(done)
            #expect(completer.asked[try Self.document(1).identity] == 1)
        }
    }

    @Test("one account's receipts spend at most its share of provider calls a day; another account's go on")
    func providerCallsPerAccount() async throws {
        let completer = ScriptedCompleter()
        for i in 1...4 { completer.know(try Self.document(i)) }
        let configure: (inout ServerSettings) -> Void = { settings in
            settings.completer = completer
            settings.throttle.providerCallsPerAccount = .init(2, per: 86_400)
            Self.fastPacing(&settings)
        }
        try await ServerHarness.run(configure: configure) { server in
            // A floods three pending receipts; B adds one afterwards.
            let flooder = try await server.registered("flood")
            for i in 1...3 {
                _ = try await flooder.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(i)))
            }
            let neighbour = try await server.registered("neighbour")
            _ = try await neighbour.post("/api/v1/receipts", json: AddReceiptRequest(qr: FeedTests.payload(4)))
            // Done when the provider has been asked three times: A's two and B's one.
            for _ in 0..<400 where completer.asked.count < 3 { try await Task.sleep(for: .milliseconds(25)) }
            try await Task.sleep(for: .milliseconds(500))
            let asked = completer.asked
            #expect(asked.count == 3, "\(asked)")
            #expect(asked[try Self.document(4).identity] == 1, "the neighbour's receipt was asked about")
            // A's third receipt waits for tomorrow: its job is still open.
            #expect(try await server.server.storage.completionCounts().open == 1)
        }
    }
}
