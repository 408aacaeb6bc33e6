import Foundation
import ReceiptCore
import ReceiptSync
import Synchronization

/// An import's progress on the ``LiveLine`` of a terminal: redrawn with a spinner after every batch
/// of pages, and ended as a line of its own (without the spinner) before whatever follows it.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let language: Language
    private let last = Mutex<ImportProgress?>(nil)
    private let earlierParts = Mutex(0)

    init(enabled: Bool, language: Language) {
        self.enabled = enabled && LiveLine.current.terminal
        self.language = language
    }

    /// Receipts written so far in this run, shown or not, over all its parts.
    var receiptsWritten: Int { earlierParts.withLock { $0 } + (last.withLock { $0?.receipts ?? 0 }) }

    /// An import started again (after a new login) counts its progress from zero.
    func beginPart() {
        let written = last.withLock { value in
            defer { value = nil }
            return value?.receipts ?? 0
        }
        earlierParts.withLock { $0 += written }
    }

    func show(_ progress: ImportProgress) {
        last.withLock { $0 = progress }
        guard enabled else { return }
        let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][progress.pages % 10]
        LiveLine.current.setProgress("\(spinner) " + text(progress))
    }

    /// Ends the bar's line, leaving where the import got to.
    func finish() {
        guard enabled, let progress = last.withLock({ $0 }) else { return }
        LiveLine.current.setProgress(text(progress))
        LiveLine.current.end()
    }

    private func text(_ progress: ImportProgress) -> String {
        progress.message(in: language)
    }
}
