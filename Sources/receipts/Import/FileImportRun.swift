import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// `receipts import FILE...`: each file's receipts in one transaction; a broken file is named with
/// its reason and the others still import; the exit code is then 6.
struct FileImportRun {
    let files: [String]
    let database: ReceiptDatabase
    let console: Console
    let json: Bool

    func run() throws {
        var summary = ImportSummary()
        var failures: [ImportReport.FileFailure] = []
        var failedLines: [String] = []
        for file in files {
            do {
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    throw CommandFailure(status: .notFound) { _ in
                        Strings.cannotReadFile((error as NSError).localizedDescription)
                    }
                }
                let receipts = try ExportedReceipts.read(data)
                let outcomes = try database.save(receipts)
                summary.count(outcomes, receipts: receipts)
                summary.pages += 1
            } catch let error as StoreError {
                throw error
            } catch {
                let reason = CommandFailure(error).message(in: Strings.language)
                failures.append(.init(file: file, error: reason))
                failedLines.append(Strings.fileFailed(file, reason))
            }
        }
        if json {
            console.output(try JSONOutput.encode(ImportReport(summary, errors: failures)))
        } else {
            for line in failedLines { console.note(line) }
            console.output(Strings.importedFiles(summary, files: files.count - failures.count))
        }
        let failed = failures.count
        if failed > 0 {
            throw CommandFailure(status: .invalidInput) { language in
                language == .russian ? "файлов не импортировано: \(failed)" : "\(failed) file(s) not imported"
            }
        }
    }
}
