import Crypto
public import ReceiptCore
public import ReceiptStore

/// The receipts of a mailbox into the local database: what `receipts mail import` does.
///
/// Each letter is remembered by its `Message-ID` (by its bytes' SHA-256 when it has none) once
/// read, so that the same mailbox read again reads only its new letters; a letter with no receipt
/// is remembered too. Letters are saved a hundred at a time, each batch one transaction with the
/// letters it remembers: a run stopped halfway has kept whole batches and reads the rest next time.
public struct MailImport: Sendable {
    /// The database the receipts go to.
    public let database: ReceiptDatabase
    /// Whether the letters' pictures are read for QR codes.
    public var readsImages = true
    /// Letters a transaction.
    public var batchSize = 100

    /// An import into `database`.
    public init(database: ReceiptDatabase) {
        self.database = database
    }

    /// What a run did: `mail import --json`.
    public struct Summary: Encodable, Equatable, Sendable {
        /// Letters looked at.
        public var letters = 0
        /// Letters read on an earlier run, passed over.
        public var alreadyRead = 0
        /// Letters that carried at least one receipt.
        public var withReceipts = 0
        /// Receipts found in them.
        public var receipts = 0
        /// Receipts new here with their lines.
        public var imported = 0
        /// Receipts new here without lines, pending until `receipts complete` fetches them.
        public var pending = 0
        /// Receipts stored pending that the letter completed.
        public var completed = 0
        /// Receipts stored already (complete, or pending as the letter had them).
        public var unchanged = 0
        /// Letters over the size limit, passed over.
        public var tooLarge = 0
        /// The receipts found, by the month they count in (not in `--json`).
        public var months: [Month: Int] = [:]

        private enum CodingKeys: String, CodingKey {
            case letters, alreadyRead, withReceipts, receipts, imported, pending, completed, unchanged, tooLarge
        }

        /// Nothing done yet.
        public init() {}
    }

    /// The key a letter is remembered by.
    public static func key(of message: MailMessage, bytes: [UInt8]) -> String {
        if let id = message.messageID { return id }
        return "sha256:" + SHA256.hash(data: bytes).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// A batch of letters in progress: read, not yet saved.
    public struct Batch: Sendable {
        var letters: [ReadLetter] = []
        var keys: Set<String> = []
    }

    /// Reads every letter `files` hold; `progress` hears the summary after each batch.
    public func run(_ files: MailFiles, progress: (Summary) -> Void = { _ in }) throws -> Summary {
        var summary = Summary()
        var batch = Batch()
        try files.forEachLetter(
            tooLarge: { _ in summary.tooLarge += 1 },
            each: { letter in
                try take(letter.bytes, into: &batch, summary: &summary)
                if batch.letters.count >= batchSize {
                    try flush(&batch, summary: &summary)
                    progress(summary)
                }
            })
        try flush(&batch, summary: &summary)
        progress(summary)
        try? database.settleGuesses()
        return summary
    }

    /// Whether a letter of this key was read on an earlier run (or is in `batch` already).
    public func wasRead(_ key: String, batch: Batch) throws -> Bool {
        try batch.keys.contains(key) || !database.readLetterKeys(among: [key]).isEmpty
    }

    /// One letter read into `batch` (passed over when read before).
    public func take(_ bytes: [UInt8], into batch: inout Batch, summary: inout Summary) throws {
        summary.letters += 1
        let message = MailMessage(bytes: bytes)
        let key = Self.key(of: message, bytes: bytes)
        if try wasRead(key, batch: batch) {
            summary.alreadyRead += 1
            return
        }
        let receipts = LetterReceipts(message, readsImages: readsImages).receipts
        batch.letters.append(ReadLetter(key: key, receipts: receipts))
        batch.keys.insert(key)
    }

    /// Saves what `batch` holds, in one transaction, and empties it.
    public func flush(_ batch: inout Batch, summary: inout Summary) throws {
        guard !batch.letters.isEmpty else { return }
        let outcomes = try database.save(letters: batch.letters)
        for (letter, saved) in zip(batch.letters, outcomes) {
            if !letter.receipts.isEmpty { summary.withReceipts += 1 }
            summary.receipts += letter.receipts.count
            for receipt in letter.receipts { summary.months[receipt.month, default: 0] += 1 }
            for (receipt, outcome) in zip(letter.receipts, saved) {
                switch (outcome, receipt.status) {
                case (.inserted, .complete): summary.imported += 1
                case (.inserted, .pending): summary.pending += 1
                case (.updated, _): summary.completed += 1
                case (.unchanged, _): summary.unchanged += 1
                }
            }
        }
        batch = Batch()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

// What an import of letters says when it ends, in Russian and English.
extension MailImport.Summary {
    /// Two lines: `Letters: 120, read before: 100, with receipts: 12.` and `Receipts: 13 — 9 new,
    /// 3 pending, 1 completed, 0 unchanged.`
    public func message(in language: Language) -> String {
        var text =
            language == .russian
            ? "Писем: \(letters), прочитаны раньше: \(alreadyRead), с чеками: \(withReceipts).\nЧеков: \(receipts) — "
                + "новых \(imported), ожидают данных \(pending), дополнено \(completed), без изменений \(unchanged)."
            : "Letters: \(letters), read before: \(alreadyRead), with receipts: \(withReceipts).\nReceipts: "
                + "\(receipts) — \(imported) new, \(pending) pending, \(completed) completed, \(unchanged) unchanged."
        if tooLarge > 0 {
            text +=
                language == .russian
                ? " Слишком больших писем пропущено: \(tooLarge)." : " Letters too large, passed over: \(tooLarge)."
        }
        return text
    }
}
