public import ReceiptCore

// What an import says while it runs and when it ends, in Russian and English: the command line's
// progress line and summary, and the web app's import view, say it alike.

extension ImportProgress {
    /// Receipts a second since the import began.
    public var rate: Int { elapsed > 0 ? Int(Double(receipts) / elapsed) : 0 }

    /// `12 pages, 600 receipts, 300/s`.
    public func message(in language: Language) -> String {
        language == .russian
            ? "страниц \(pages), чеков \(receipts), \(rate)/с" : "\(pages) pages, \(receipts) receipts, \(rate)/s"
    }
}

extension ImportSummary {
    /// `Imported 40 new, 2 updated, 0 unchanged; 1 pages.`
    public func message(in language: Language) -> String {
        language == .russian
            ? "Импорт: новых \(imported), обновлено \(updated), без изменений \(unchanged); страниц \(pages)."
            : "Imported \(imported) new, \(updated) updated, \(unchanged) unchanged; \(pages) pages."
    }
}
