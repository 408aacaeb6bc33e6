import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Synchronization
import Testing

/// Completing pending receipts, as the library does it for `complete`, `scan --add --complete` and
/// `add --qr --complete`: a source's answers kept one by one, a failure of one receipt told and
/// passed over, a failure of them all stopping the run.
@Suite("Pending receipts completed from a source of fiscal documents", .storageIndependent, .timeLimit(.minutes(20)))
struct PendingCompletionTests {
    /// A source that answers from a script, by the document number (`i`) of the code asked, and
    /// remembers what it was asked.
    final class ScriptedSource: FiscalProvider {
        let name = ProviderName.fns
        let script: @Sendable (Int64) throws(ProviderError) -> FiscalAnswer
        let asked = Mutex<[Int64]>([])

        init(_ script: @escaping @Sendable (Int64) throws(ProviderError) -> FiscalAnswer) { self.script = script }

        func document(for code: FiscalCode) async throws(ProviderError) -> FiscalAnswer {
            asked.withLock { $0.append(code.identity.i) }
            return try script(code.identity.i)
        }
    }

    /// Receipt `i` of one fiscal drive, on day `i` of October 2026, 1,000.00 ₽ in two lines when
    /// complete (600.00 + 400.00), or as its QR code alone when pending.
    static func receipt(_ i: Int64, pending: Bool) throws -> Receipt {
        let full = Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: i, fp: 4_000_000_000 + i),
            dateTime: try LocalDateTime(iso: "2026-10-0\(i)T12:00:00"), operation: .sale,
            total: Money(kopecks: 100_000), ecash: Money(kopecks: 100_000), seller: "ООО \"ЛЕНТА\"",
            sellerINN: "7814148471", retailPlace: "Лента",
            items: [
                Item(name: "КОФЕ МОЛОТ.250Г", price: Money(kopecks: 60_000), quantity: 1, sum: Money(kopecks: 60_000)),
                Item(name: "СЫР РОССИЙСКИЙ", price: Money(kopecks: 40_000), quantity: 1, sum: Money(kopecks: 40_000)),
            ])
        return pending ? Receipt(pendingFrom: try full.fiscalCode) : full
    }

    @Test("each answer kept as it comes; one broken answer told and passed over; the rest asked in order")
    func answersKept() async throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(try (1...5).map { try Self.receipt($0, pending: true) })
        // 1 and 5: their documents; 2: not yet; 3: not a valid receipt; 4: an answer of the wrong shape.
        let source = ScriptedSource { i throws(ProviderError) in
            switch i {
            case 1, 5: return .document(try! Self.receipt(i, pending: false))
            case 2: return .notYet
            case 3: return .invalid(reason: "чек некорректен")
            default: throw .badAnswer(.notShaped(expected: "{\"code\", \"data\"}"))
            }
        }
        var events: [String] = []
        let outcome = try await PendingCompletion(provider: source, database: database).run(
            try database.receiptsToComplete()
        ) { event in
            switch event {
            case .asking(let done, let total, _): events.append("asking \(done)/\(total)")
            case .failed(let identity, _): events.append("failed \(identity.i)")
            case .invalid(let identity, let provider, let reason):
                events.append("invalid \(identity.i) \(provider) \(reason)")
            }
        }
        #expect(source.asked.withLock { $0 } == [1, 2, 3, 4, 5])
        var expected = PendingCompletion.Summary()
        (expected.completed, expected.pending, expected.invalid, expected.failed) = (2, 1, 1, 1)
        #expect(outcome.summary == expected && outcome.receipts == 5 && outcome.stop == nil && outcome.askedAny)
        #expect(
            events == [
                "asking 0/5", "asking 1/5", "asking 2/5", "invalid 3 fns чек некорректен", "asking 3/5", "failed 4",
                "asking 4/5",
            ])
        // 1 and 5 are complete with their two lines; 2 waits (asked once), 4 was never answered, 3 is
        // invalid and no longer asked for.
        #expect(try database.receipt(try Self.receipt(1, pending: false).identity)?.items.count == 2)
        #expect(try database.receipt(try Self.receipt(5, pending: false).identity)?.status == .complete)
        #expect(try database.receiptsToComplete().map(\.identity.i) == [2, 4])
        #expect(try database.check(of: try Self.receipt(2, pending: true).identity)?.outcome == .waiting)
        #expect(try database.check(of: try Self.receipt(3, pending: true).identity)?.reason == "чек некорректен")
    }

    @Test("the daily limit stops the run and counts what it left; a refusal of the session stops it before any answer")
    func stops() async throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(try (1...3).map { try Self.receipt($0, pending: true) })
        // 1 is completed, then the limit: 2 and 3 are left for after it (3 receipts − index 1 = 2).
        let limited = ScriptedSource { i throws(ProviderError) in
            guard i == 1 else { throw .limited(.fns, until: nil) }
            return .document(try! Self.receipt(i, pending: false))
        }
        let first = try await PendingCompletion(provider: limited, database: database).run(
            try database.receiptsToComplete())
        #expect(limited.asked.withLock { $0 } == [1, 2])
        #expect(first.summary.completed == 1 && first.summary.limited == 2 && first.askedAny)
        guard case .limited = first.stop else {
            Issue.record("stopped by \(String(describing: first.stop))")
            return
        }

        // A 400 concerns that receipt alone; a 401 every receipt: nothing more is asked after it.
        let refusing = ScriptedSource { i throws(ProviderError) in
            throw i == 2 ? .rejected(status: 400, detail: "bad fp") : .rejected(status: 401, detail: "session")
        }
        let second = try await PendingCompletion(provider: refusing, database: database).run(
            try database.receiptsToComplete())
        #expect(refusing.asked.withLock { $0 } == [2, 3])
        #expect(second.summary.failed == 1 && second.summary.completed == 0)
        guard case .rejected(401, _) = second.stop else {
            Issue.record("stopped by \(String(describing: second.stop))")
            return
        }
        #expect(try database.receiptsToComplete().map(\.identity.i) == [2, 3])
    }
}
