public import Foundation
import Logging
import ReceiptAPI
public import ReceiptCore
import ServiceLifecycle

/// What completes pending receipts for the server: the tax service or proverkacheka.com, behind
/// the command line's clients (`receipts serve --complete-with`).
public protocol ReceiptCompleter: Sendable {
    /// The provider's name, for the log.
    var name: String { get }
    /// The document of the receipt `code` names, or why not (yet). A thrown error is a passing
    /// fault (out of reach, a refusal of the moment): the receipt is tried again later. `state` is
    /// what the completer keeps in the server's database, shared by every instance (the tax
    /// service's session).
    func complete(_ code: FiscalCode, state: any CompleterState) async throws -> CompletionAnswer
}

/// Values a completer keeps in the server's database, the same for every instance on it: the tax
/// service's session, whose refresh token changes at every renewal, so instances renew it one at a
/// time and take each other's renewals.
public protocol CompleterState: Sendable {
    /// Changes the value kept under `name` while every other instance that asks to change it waits:
    /// `change` gets the value as it is (nil when none) and returns the one to keep, or nil to leave
    /// it. Returns the value kept afterwards. An error thrown by `change` leaves the value as it was.
    func change(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?) async throws -> Data?
}

/// The server storage's values, as completers see them.
struct StorageCompleterState: CompleterState {
    let storage: any ServerStorage

    func change(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?) async throws -> Data? {
        try await storage.changeCompleterValue(named: name, change)
    }
}

/// A provider's answer about one pending receipt.
public enum CompletionAnswer: Sendable {
    /// The whole document.
    case document(Receipt)
    /// Not yet: ask again later.
    case notYet
    /// A final answer that the receipt cannot be had, in the provider's words.
    case invalid(reason: String)
    /// The provider's daily limit is reached: nothing more until then.
    case limited(until: Date)
}

/// How the completion worker paces itself.
public struct CompletionPacing: Sendable {
    /// How long a job is leased: a worker that dies mid-job gives it back after this.
    public var lease: Duration = .seconds(300)
    /// How long an idle worker waits before looking for due jobs again.
    public var idle: Duration = .seconds(2)
    /// The first wait after "not yet" or a fault; it doubles with each try, up to ``longestWait``.
    public var firstWait: Duration = .seconds(60)
    /// The longest wait between tries.
    public var longestWait: Duration = .seconds(6 * 3600)

    /// The pacing `receipts serve` uses.
    public init() {}

    /// The wait before try `tries + 1`.
    func wait(afterTry tries: Int) -> Duration {
        let doubled = firstWait * (1 << min(max(tries - 1, 0), 20))
        return min(doubled, longestWait)
    }
}

/// Completes pending receipts in the background, one job at a time, as long as the server runs:
/// each found document makes its receipt complete with a new change sequence, so every client's
/// next incremental import brings its items. Every instance on a PostgreSQL database runs one; they
/// take different jobs (`FOR UPDATE SKIP LOCKED`).
struct CompletionWorker: Service {
    let storage: any ServerStorage
    let completer: any ReceiptCompleter
    let pacing: CompletionPacing
    /// How many provider calls each account may cause in a day.
    let limits: AccountLimits
    let clock: @Sendable () -> Date
    let metrics: ServerMetrics
    let logger: Logger

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let pause: Duration
                do {
                    pause = try await step()
                } catch {
                    logger.warning("completing pending receipts: \(error)")
                    pause = pacing.idle
                }
                if pause > .zero { try? await Task.sleep(for: pause) }
            }
        }
        try? await gracefulShutdown()
    }

    /// Takes one due job and ends it; returns how long to wait before the next (zero: at once).
    func step() async throws -> Duration {
        let now = clock()
        guard
            let job = try await storage.takeCompletionJob(
                now: now, until: now.addingTimeInterval(pacing.lease.seconds))
        else { return pacing.idle }
        let retry = now.addingTimeInterval(pacing.wait(afterTry: job.tries).seconds)
        guard let code = Self.code(of: job) else {
            try await storage.finishCompletionJob(job, .invalid(reason: "the stored document has no QR code"))
            return .zero
        }
        if let wait = try await limits.beginProviderCall(account: job.account, now: now) {
            // This account has had its share of the operator's quota today: its receipt waits.
            try await storage.finishCompletionJob(job, .retry(at: now.addingTimeInterval(TimeInterval(wait))))
            metrics.completed("account_limit")
            return .zero
        }
        let answer: CompletionAnswer
        do {
            answer = try await completer.complete(code, state: StorageCompleterState(storage: storage))
        } catch {
            logger.info("\(completer.name) for receipt \(job.receiptID): \(error); again after \(retry)")
            try await storage.finishCompletionJob(job, .retry(at: retry))
            return .zero
        }
        switch answer {
        case .document(let receipt):
            guard receipt.identity == code.identity else {
                try await storage.finishCompletionJob(job, .retry(at: retry))
                return .zero
            }
            let document = FiscalDocument(receipt)
            try await storage.finishCompletionJob(
                job, .completed(NewReceipt(document, status: .complete, placeID: nil)))
            metrics.completed("document")
            logger.info("\(completer.name) completed receipt \(job.receiptID)")
            return .zero
        case .notYet:
            try await storage.finishCompletionJob(job, .retry(at: retry))
            metrics.completed("not_yet")
            return .zero
        case .invalid(let reason):
            try await storage.finishCompletionJob(job, .invalid(reason: reason))
            metrics.completed("invalid")
            return .zero
        case .limited(let end):
            // Nothing more today: this job waits for the limit's end, and so does the worker.
            try await storage.finishCompletionJob(job, .retry(at: end))
            metrics.completed("limited")
            logger.notice("\(completer.name)'s daily limit is reached: completing again after \(end)")
            return .seconds(max(1, end.timeIntervalSince(clock())))
        }
    }

    /// The QR code of the pending receipt the job is about.
    static func code(of job: CompletionJob) -> FiscalCode? {
        guard let document = try? JSONReader.read(FiscalDocument.self, from: Data(job.document.utf8)),
            let receipt = try? document.receipt(status: .pending, placeID: nil)
        else { return nil }
        return try? receipt.fiscalCode
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    var seconds: TimeInterval {
        let (whole, fraction) = components
        return TimeInterval(whole) + TimeInterval(fraction) / 1e18
    }
}
