import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptSync

/// `receipts import FILE...`: each file's receipts in one transaction; a broken file is named with
/// its reason and the others still import; the exit code is then 6, or 3 when files were only missing.
struct FileImportRun {
    let files: [String]
    let database: ReceiptDatabase
    let console: Console
    let json: Bool

    func run() throws {
        let words = console.words
        var summary = ImportSummary()
        var failures: [ImportReport.FileFailure] = []
        var failedLines: [String] = []
        var missing = 0
        for file in files {
            do {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
                    throw CommandFailure(status: .notFound) { Words($0).noSuchFile }
                }
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    throw CommandFailure(status: .failure) {
                        Words($0).cannotReadFile((error as NSError).localizedDescription)
                    }
                }
                summary.merge(try ImportSummary.savingFile(data, into: database))
            } catch let error as StoreError {
                throw error
            } catch {
                let failure = CommandFailure(error)
                if failure.status == .notFound { missing += 1 }
                let reason = failure.message(in: words.language)
                failures.append(.init(file: file, error: reason))
                failedLines.append(words.fileFailed(file, reason))
            }
        }
        // The new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        if json {
            console.output(try JSONOutput.encode(ImportReport(summary, errors: failures)))
        } else {
            for line in failedLines { console.note(line) }
            console.output(words.importedFiles(summary, files: files.count - failures.count))
        }
        let failed = failures.count
        if failed > 0 {
            // Only missing files: 3, as for anything not found; any broken file makes it 6.
            throw CommandFailure(status: missing == failed ? .notFound : .invalidInput) { language in
                language == .russian ? "файлов не импортировано: \(failed)" : "\(failed) file(s) not imported"
            }
        }
    }
}
