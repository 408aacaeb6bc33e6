import Foundation
import ReceiptCore
import ReceiptSync

extension PendingCompletion {
    /// A run as the command line shows it: a progress line on a terminal unless `quiet`, each
    /// receipt that failed alone as a note, each invalid one as a detail (`--verbose`).
    func run(_ receipts: [Receipt], quiet: Bool, console: Console) async throws -> Outcome {
        let words = console.words
        let live = !quiet && LiveLine.current.terminal
        defer { LiveLine.current.end() }
        return try await run(receipts) { event in
            switch event {
            case .asking(let done, let total, let summary):
                if live { LiveLine.current.setProgress(words.completing(done: done, of: total, summary)) }
            case .failed:
                if let note = event.message(in: words.language) { console.note(note) }
            case .invalid:
                if let detail = event.message(in: words.language) { console.detail(detail) }
            }
        }
    }
}
