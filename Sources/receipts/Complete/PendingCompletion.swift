import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptStore

/// Asks a source of fiscal documents for pending receipts, one by one, and keeps each answer at
/// once: a document completes its receipt (items, shop, categories, month totals and search index
/// in one transaction), "not yet" leaves it pending for a later run, a final answer keeps the
/// reason with it. What `complete`, `scan --add --complete` and `add --qr --complete` share.
struct PendingCompletion {
    let provider: any FiscalProvider
    let database: ReceiptDatabase
    let console: Console

    /// What a run did, receipt by receipt: `complete --json`.
    struct Summary: Encodable, Equatable {
        var completed = 0
        var pending = 0
        var invalid = 0
        var limited = 0
        var failed = 0
    }

    /// How a run ended: every receipt asked, or stopped by a failure that concerns them all (the
    /// daily limit, the service out of reach, the session ended), after which nothing more is asked.
    struct Outcome {
        /// How many pending receipts there were to ask for.
        var receipts = 0
        var summary = Summary()
        var stop: ProviderError?

        /// Whether any receipt got an answer, or was left for after the limit.
        var askedAny: Bool {
            summary.completed + summary.pending + summary.invalid + summary.failed + summary.limited > 0
        }
    }

    /// Asks for each of `receipts` in order, with a progress line on a terminal unless `quiet`.
    func run(_ receipts: [Receipt], quiet: Bool) async throws -> Outcome {
        var outcome = Outcome(receipts: receipts.count)
        let live = !quiet && LiveLine.standardError.terminal
        defer { LiveLine.standardError.end() }
        for (index, receipt) in receipts.enumerated() {
            if live {
                LiveLine.standardError.setProgress(Strings.completing(done: index, of: receipts.count, outcome.summary))
            }
            do {
                try await ask(receipt, summary: &outcome.summary)
            } catch let error as ProviderError {
                outcome.stop = error
                if case .limited = error { outcome.summary.limited = receipts.count - index }
                break
            }
        }
        // The new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        return outcome
    }

    /// One receipt asked for and its answer kept; a failure of this receipt alone (a broken answer,
    /// a refusal of its code) is counted and told; a provider's failure stops the run, and the
    /// database's (full, read-only) ends the command.
    private func ask(_ receipt: Receipt, summary: inout Summary) async throws {
        let code: FiscalCode
        do {
            code = try receipt.fiscalCode
        } catch {
            summary.failed += 1
            console.note(Strings.completeFailed(receipt.identity, error.message(in: Strings.language)))
            return
        }
        let answer: FiscalAnswer
        do {
            answer = try await provider.document(for: code)
        } catch {
            guard let detail = Self.failureOfOneReceipt(error) else { throw error }
            summary.failed += 1
            console.note(Strings.completeFailed(receipt.identity, detail))
            return
        }
        switch answer {
        case .document(var document):
            document.placeID = document.placeID ?? receipt.placeID
            try database.save(document)
            summary.completed += 1
        case .notYet:
            try database.recordCheck(of: receipt.identity, provider: provider.name.rawValue, outcome: .waiting)
            summary.pending += 1
        case .invalid(let reason):
            try database.recordCheck(
                of: receipt.identity, provider: provider.name.rawValue, outcome: .invalid, reason: reason)
            summary.invalid += 1
            console.detail(Strings.completeInvalid(receipt.identity, provider: provider.name.rawValue, reason))
        }
    }

    /// What went wrong with one receipt alone (a broken document, a 4xx refusal of its code), or nil for
    /// a failure that concerns every receipt (out of reach, signed out, limited, a refusal without a
    /// status of its own, such as proverkacheka's code 5).
    private static func failureOfOneReceipt(_ error: ProviderError) -> String? {
        switch error {
        case .badAnswer(let detail): detail.message(in: Strings.language)
        case .rejected(let status, let detail) where (400..<500).contains(status) && status != 401 && status != 403:
            "HTTP \(status): \(detail)"
        default: nil
        }
    }
}
