import ReceiptStore

// The receipts of an IMAP mailbox's folder: `receipts mail import --imap`.
extension MailImport {
    /// Where a folder of an IMAP mailbox is, and how to get in.
    public struct IMAPSource: Sendable {
        /// `imaps://user@host[:port][/folder]`.
        public var address: IMAPAddress
        /// The folder to read; the address's own (INBOX when it names none) when nil.
        public var folder: String?
        /// The password, sent to the server inside TLS only.
        public var password: String
        /// A PEM file of the certificates to trust instead of the system's.
        public var trustRoots: String?
        /// Only letters the server received from this day on: (year, month, day).
        public var since: (year: Int, month: Int, day: Int)?

        /// A source.
        public init(
            address: IMAPAddress, folder: String? = nil, password: String, trustRoots: String? = nil,
            since: (year: Int, month: Int, day: Int)? = nil
        ) {
            self.address = address
            self.folder = folder
            self.password = password
            self.trustRoots = trustRoots
            self.since = since
        }
    }

    /// Reads the folder read-only (EXAMINE: no letter's flags change). The letters' Message-IDs are
    /// asked first, so that a letter read on an earlier run is not fetched again; the others come
    /// a batch at a time and are saved as `run(_:progress:)` saves letters from files.
    public func run(_ source: IMAPSource, progress: (Summary) -> Void = { _ in }) async throws -> Summary {
        let connection = try await IMAPConnection.open(
            address: source.address, password: source.password, trustRoots: source.trustRoots)
        do {
            let summary = try await read(source, through: connection, progress: progress)
            await connection.logout()
            return summary
        } catch {
            await connection.logout()
            throw error
        }
    }

    private func read(_ source: IMAPSource, through connection: IMAPConnection, progress: (Summary) -> Void)
        async throws -> Summary
    {
        var summary = Summary()
        _ = try await connection.examine(folder: source.folder ?? source.address.folder)
        let uids = try await connection.search(since: source.since)
        var wanted: [UInt32] = []
        var start = 0
        while start < uids.count {
            let chunk = Array(uids[start..<min(start + 500, uids.count)])
            start += chunk.count
            let ids = try await connection.messageIDs(of: chunk)
            let known = try database.readLetterKeys(among: Array(ids.values))
            for uid in chunk {
                if let id = ids[uid], known.contains(id) {
                    summary.letters += 1
                    summary.alreadyRead += 1
                } else {
                    wanted.append(uid)
                }
            }
        }
        var batch = Batch()
        try await connection.letters(wanted) { _, bytes in
            try take(bytes, into: &batch, summary: &summary)
            if batch.letters.count >= batchSize {
                try flush(&batch, summary: &summary)
                progress(summary)
            }
        }
        try flush(&batch, summary: &summary)
        progress(summary)
        try? database.settleGuesses()
        return summary
    }
}
