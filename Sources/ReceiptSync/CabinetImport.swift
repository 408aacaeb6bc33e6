public import FiscalProviders
public import ReceiptCore
public import ReceiptStore

/// Every receipt of a «Мои чеки онлайн» account into the local database, a page of the list at a
/// time, each receipt kept as its document arrives: what `receipts lkdr import` does.
///
/// The list is read until the cabinet says it has no more, or a page brings no receipt not seen
/// already (a cabinet answering every offset alike would otherwise never end). A receipt stored
/// complete (by its fiscal drive and document numbers: the list has no fiscal sign) is not fetched
/// again; one known from elsewhere as pending (a QR code, a file) is completed, never doubled; one
/// whose document the cabinet no longer has is left for a later run.
public struct CabinetImport: Sendable {
    /// The signed-in client.
    public let client: CabinetClient
    /// The database the receipts go to.
    public let database: ReceiptDatabase
    /// The receipts a page asks for, as the web app asks.
    public var pageSize = 10

    /// An import through `client` into `database`.
    public init(client: CabinetClient, database: ReceiptDatabase) {
        self.client = client
        self.database = database
    }

    /// What a run did: `lkdr import --json`.
    public struct Summary: Encodable, Equatable, Sendable {
        /// Receipts the list gave.
        public var listed = 0
        /// Receipts that were new here.
        public var imported = 0
        /// Receipts stored pending that got their document.
        public var updated = 0
        /// Receipts already stored complete, or found again as they were.
        public var unchanged = 0
        /// Receipts whose document the cabinet does not have now.
        public var unavailable = 0
        /// Pages read.
        public var pages = 0
        /// The list stopped on a page that brought nothing new while the cabinet said there was more.
        public var repeatedPage = false

        /// Nothing done yet.
        public init() {}
    }

    /// Reads the list of the days from `from` to `to` (either open) and takes each receipt in
    /// turn; `progress` hears the summary as it grows. A failure of the database or of the cabinet
    /// (out of reach, the session ended, an action needed) is thrown: what was kept stays.
    public func run(
        from: LocalDateTime? = nil, to: LocalDateTime? = nil, progress: (Summary) -> Void = { _ in }
    ) async throws -> Summary {
        var summary = Summary()
        var seen: Set<String> = []
        var offset = 0
        while summary.pages < 10_000 {
            let page = try await client.page(offset: offset, limit: pageSize, from: from, to: to)
            summary.pages += 1
            let new = page.entries.filter { seen.insert($0.key).inserted }
            for entry in new {
                try await take(entry, summary: &summary)
                progress(summary)
            }
            offset += page.entries.count
            guard page.hasMore else { break }
            if new.isEmpty {
                summary.repeatedPage = true
                break
            }
        }
        // The new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        return summary
    }

    private func take(_ entry: CabinetPage.Entry, summary: inout Summary) async throws {
        summary.listed += 1
        if try database.hasCompleteReceipt(fn: entry.fn, fd: entry.fd) {
            summary.unchanged += 1
            return
        }
        switch try await client.document(key: entry.key) {
        case .unavailable:
            summary.unavailable += 1
        case .receipt(let receipt):
            switch try database.save(receipt) {
            case .inserted: summary.imported += 1
            case .updated: summary.updated += 1
            case .unchanged: summary.unchanged += 1
            }
        }
    }
}

// What an import from «Мои чеки онлайн» says while it runs and when it ends, in Russian and English.
extension CabinetImport.Summary {
    /// `«Мои чеки онлайн»: 20 receipts, 18 new, 1 completed`.
    public func progressMessage(in language: Language) -> String {
        language == .russian
            ? "«Мои чеки онлайн»: чеков \(listed), новых \(imported), дополнено \(updated)"
            : "«Мои чеки онлайн»: \(listed) receipts, \(imported) new, \(updated) completed"
    }

    /// `Receipts in «Мои чеки онлайн»: 23; 23 new, 0 completed, 0 unchanged, 0 without a document.`
    public func message(in language: Language) -> String {
        var text =
            language == .russian
            ? "Чеков в «Мои чеки онлайн»: \(listed); новых \(imported), дополнено \(updated), без изменений "
                + "\(unchanged), без документа \(unavailable)."
            : "Receipts in «Мои чеки онлайн»: \(listed); \(imported) new, \(updated) completed, \(unchanged) "
                + "unchanged, \(unavailable) without a document."
        if repeatedPage {
            text +=
                language == .russian
                ? " Список повторил страницу, чтение остановлено."
                : " The list repeated a page; reading stopped there."
        }
        return text
    }
}
