import Foundation
import ReceiptSync
import Synchronization

/// A one-line progress bar on standard error, shown only on a terminal.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let shown = Mutex(false)

    init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    func show(_ progress: ImportProgress) {
        guard enabled else { return }
        let rate = progress.elapsed > 0 ? Int(Double(progress.receipts) / progress.elapsed) : 0
        let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][progress.pages % 10]
        let line =
            "\r\(spinner) " + Strings.progress(pages: progress.pages, receipts: progress.receipts, rate: rate)
            + "\u{1B}[K"
        FileHandle.standardError.write(Data(line.utf8))
        shown.withLock { $0 = true }
    }

    func finish() {
        let wasShown = shown.withLock { value in
            defer { value = false }
            return value
        }
        if wasShown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
