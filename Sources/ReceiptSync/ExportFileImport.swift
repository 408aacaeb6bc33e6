import FiscalProviders
public import Foundation
public import ReceiptCore
public import ReceiptStore

extension ImportSummary {
    /// One export file of the tax service's app or an OFD's (`ExportedReceipts`) saved in one
    /// transaction, as `receipts import FILE` and the web app's import both save it: what it did,
    /// counted as one page. A file that is not such an export throws its `ExportError` and saves
    /// nothing; the database's own failures are a `StoreError`.
    ///
    /// The receipts are read and saved one at a time (`ExportedReceipts.Reader`), so that the
    /// memory it takes stays within about three times the file's size, the file's bytes included.
    public static func savingFile(_ data: Data, into database: ReceiptDatabase) throws -> ImportSummary {
        var reader = try ExportedReceipts.Reader(data)
        var summary = ImportSummary()
        try database.save(receiptsFrom: { try reader.next() }, saved: { summary.count($1, receipt: $0) })
        summary.pages = 1
        return summary
    }

    /// Adds what another part of the same import did.
    public mutating func merge(_ other: ImportSummary) {
        imported += other.imported
        updated += other.updated
        unchanged += other.unchanged
        pages += other.pages
        months.merge(other.months, uniquingKeysWith: +)
    }

    /// `3 new, 0 updated, 1 unchanged`: what one file or several did.
    public func countsMessage(in language: Language) -> String {
        language == .russian
            ? "новых \(imported), обновлено \(updated), без изменений \(unchanged)"
            : "\(imported) new, \(updated) updated, \(unchanged) unchanged"
    }

    /// `From 2 file(s): 3 new, 0 updated, 1 unchanged.`, the last line of `receipts import FILE...`.
    public func filesMessage(files: Int, in language: Language) -> String {
        language == .russian
            ? "Из файлов (\(files)): \(countsMessage(in: language))."
            : "From \(files) file(s): \(countsMessage(in: language))."
    }
}
