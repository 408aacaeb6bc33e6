import Foundation
import ReceiptAPI

/// The completion of pending receipts: a job per pending receipt, leased to one worker of any
/// instance at a time and ended with the provider's answer, how many jobs are open or given up,
/// and the values a completer keeps between jobs (``CompleterState``).
protocol CompletionJobStorage: Sendable {
    /// Takes the pending receipt whose completion is due first, leased until `until`: no worker of
    /// any instance takes it before then, and one that dies mid-job gives it back by letting the
    /// lease run out. Nil when none is due.
    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob?
    /// Ends a leased job: the document completes the receipt (with the account's next change
    /// sequence), or the job waits until a later time, or it ends for good with the provider's
    /// answer. Nothing happens when the lease is no longer the job's (another worker took it).
    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws
    /// The jobs not yet done or given up, and those given up (the provider's final answer).
    func completionCounts() async throws -> (open: Int, invalid: Int)
    /// Changes a completer's value (``CompleterState``) with every other instance's change of it kept
    /// waiting: `change` gets the kept value and returns the new one, or nil to leave it. Returns
    /// what is kept afterwards; nothing changes when `change` throws.
    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?
}

/// A pending receipt taken for completion, and the lease it is held by.
struct CompletionJob: Sendable, Equatable {
    let receiptID: Int64
    let account: Int64
    /// The pending receipt's document, as stored: its code is what the provider is asked about.
    let document: String
    /// How many times it has been taken, this time included.
    let tries: Int
    /// The token of this lease: only its holder finishes the job.
    let lease: Int64
}

/// How a completion job ends.
enum CompletionOutcome: Sendable {
    /// The provider's document: the receipt becomes complete.
    case completed(NewReceipt)
    /// Not yet (or the provider out of reach, or its daily limit): try again at this time.
    case retry(at: Date)
    /// The provider's final answer that the receipt cannot be had: the job ends, the receipt stays pending.
    case invalid(reason: String)
}
