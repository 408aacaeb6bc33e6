import Foundation
import ReceiptAPI
import ReceiptCore
import Synchronization

/// Everything the server keeps, behind one interface: accounts and sessions, each account's
/// receipts with their change sequence, the fiscal documents the server knows, places and secrets.
///
/// Every call is async and none holds an event-loop thread: the SQLite implementation
/// (``SQLiteStorage``) runs on GRDB's own threads, the PostgreSQL one (``PostgresStorage``) is
/// natively async. Only the logic that does not depend on where the
/// data lives stays outside: session tokens and their hashes (``AccountStore``), cursors, the
/// place index, the JSON of places.
protocol ServerStorage: Sendable {
    // MARK: Accounts and sessions

    /// A new authorized account; nil when the login is taken (logins are compared without case).
    func register(login: String, passwordHash: String, at date: Date) async throws -> Account?
    /// A new anonymous account.
    func openAnonymous(at date: Date) async throws -> Account
    /// The authorized account of `login` and its password hash.
    func credentials(login: String) async throws -> (account: Account, hash: String)?
    /// Keeps a session: only the hash of its token.
    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws
    /// The account of the session whose token hashes to `tokenHash`, expired or not.
    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)?
    /// Forgets a session.
    func deleteSession(tokenHash: Data) async throws
    /// Forgets every session of `account` but the one whose token hashes to `keeping`: how "log out
    /// everywhere" and a password change end the sessions of a stolen password or a lost device.
    func deleteSessions(account: Int64, keeping: Data?) async throws
    /// Sets an authorized account's password hash and, in the same transaction, forgets its
    /// sessions but `keeping`; false when the account is not an authorized one.
    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool

    // MARK: Receipts

    /// A page of an account's feed, newest first: receipts strictly after `position` in (date, id)
    /// order, one more than `limit` at most (the extra one says there is more), with their places.
    func feed(account: Int64, after position: FeedPosition?, limit: Int) async throws -> StoredPage
    /// An account's receipts whose last change came after `since`, oldest change first, one more than
    /// `limit` at most, with their places.
    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage
    /// One receipt of an account, with its place.
    func receipt(id: Int64, account: Int64) async throws -> StoredPage?
    /// Adds the receipt of a QR code to an account, or finds it there, in one transaction: complete
    /// with the document the server knows for it, else pending. Returns it (with its place) and
    /// whether it is new.
    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool)

    // MARK: The demo

    /// Whether an account has `login`.
    func accountExists(login: String) async throws -> Bool
    /// A document the server knows that no account has added.
    func unclaimedDocument() async throws -> String?
    /// Creates the authorized account `login` with `receipts`, and remembers the documents of its
    /// complete receipts and of `unclaimed`: one transaction. False, and nothing done, when the
    /// account exists (another instance seeded it first).
    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool

    // MARK: Completing pending receipts

    /// Takes the pending receipt whose completion is due first, leased until `until`: no worker of
    /// any instance takes it before then, and one that dies mid-job gives it back by letting the
    /// lease run out. Nil when none is due.
    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob?
    /// Ends a leased job: the document completes the receipt (with the account's next change
    /// sequence), or the job waits until a later time, or it ends for good with the provider's
    /// answer. Nothing happens when the lease is no longer the job's (another worker took it).
    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws
    /// The jobs not yet done or given up, and those given up (the provider's final answer).
    func completionCounts() async throws -> (open: Int, invalid: Int)
    /// Changes a completer's value (``CompleterState``) with every other instance's change of it kept
    /// waiting: `change` gets the kept value and returns the new one, or nil to leave it. Returns
    /// what is kept afterwards; nothing changes when `change` throws.
    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?

    // MARK: Throttling

    /// Counts an attempt under every key at `now`, in one step, unless one of them has had its rate's
    /// count of attempts within its window: then nothing is counted, and the seconds until that key
    /// may try again come back. Every instance counts in the same place.
    func admit(_ attempts: [Attempt], now: Date) async throws -> Int?
    /// Forgets every attempt of `key`.
    func forgetAttempts(of key: String) async throws
    /// Takes back the latest attempt of `key`.
    func withdrawLatestAttempt(of key: String) async throws

    // MARK: Places, secrets, health

    /// Adds places, or replaces those with the same id.
    func upsert(places: [Place]) async throws
    /// Every place.
    func places() async throws -> [Place]
    /// Calls `changed` whenever places change in the storage (another instance loaded some), until
    /// the task is cancelled; returns at once when no other instance can change them (SQLite).
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async
    /// A random secret kept in the storage (made on first use), so that every instance signs the
    /// same cursors and they outlive restarts.
    func secret(named name: String) async throws -> Data
    /// How many receipts (all accounts) and places there are: the health check's question.
    func counts() async throws -> (receipts: Int, places: Int)

    /// Lets go of the database (a pool's connections); nothing is asked of the storage afterwards.
    func close() async
    /// How many calls are waiting for the database or running now: the pool's use, for `/metrics`.
    var callsInFlight: Int { get }
}

/// The storage does not answer (the database is busy past its timeout, gone, read-only or full):
/// nothing was changed, and the same request may succeed later. Answered as 503.
struct StorageUnavailable: Error, CustomStringConvertible {
    let description: String
}

/// A pending receipt taken for completion, and the lease it is held by.
struct CompletionJob: Sendable, Equatable {
    let receiptID: Int64
    let account: Int64
    /// The pending receipt's document, as stored: its code is what the provider is asked about.
    let document: String
    /// How many times it has been taken, this time included.
    let tries: Int
    /// The token of this lease: only its holder finishes the job.
    let lease: Int64
}

/// How a completion job ends.
enum CompletionOutcome: Sendable {
    /// The provider's document: the receipt becomes complete.
    case completed(NewReceipt)
    /// Not yet (or the provider out of reach, or its daily limit): try again at this time.
    case retry(at: Date)
    /// The provider's final answer that the receipt cannot be had: the job ends, the receipt stays pending.
    case invalid(reason: String)
}

/// Counts the storage calls under way, for ``ServerStorage/callsInFlight``.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Calls now.
    var value: Int { count.load(ordering: .relaxed) }

    /// Runs `body`, counted while it runs.
    func counting<T>(_ body: () async throws -> T) async throws -> T {
        count.add(1, ordering: .relaxed)
        defer { count.subtract(1, ordering: .relaxed) }
        return try await body()
    }
}

/// An attempt to count: under which key, and at what rate the key is allowed.
struct Attempt: Sendable {
    let key: String
    let rate: ThrottleLimits.Rate
}

extension Attempt {
    /// Attempts older than this are forgotten whatever their key: longer than any window the server uses.
    static let longestWindow: TimeInterval = 86_400

    /// The seconds until a key with these attempts (oldest first, all within the window) may try
    /// again; nil when it may now.
    static func wait(_ recent: [Date], rate: ThrottleLimits.Rate, now: Date) -> Int? {
        guard recent.count >= rate.count, let oldest = recent.first else { return nil }
        return max(1, Int(oldest.addingTimeInterval(rate.window).timeIntervalSince(now).rounded(.up)))
    }
}

/// Where a feed page ended, bound to its account.
struct FeedPosition: Codable, Equatable, Sendable {
    let account: Int64
    let dateTime: String
    let id: Int64
}

/// Receipt rows as stored, and the places they name.
struct StoredPage: Sendable {
    var rows: [StoredReceiptRow]
    var places: [String: Place]
}

/// A receipt row as stored: its document as the JSON the feeds splice into a page.
struct StoredReceiptRow: Sendable {
    let id: Int64
    let status: Receipt.Status
    let sequence: Int64
    let dateTime: String
    let placeID: String?
    let document: String
}

/// A receipt about to be stored, its document already written as the feeds will splice it.
struct NewReceipt: Sendable {
    let document: FiscalDocument
    let json: String
    let status: Receipt.Status
    let placeID: String?

    init(_ document: FiscalDocument, status: Receipt.Status, placeID: String?) {
        self.document = document
        self.json = WrittenJSON(document).text
        self.status = status
        self.placeID = placeID
    }

    /// What adding `code` stores: the document the server knows for it (`known`, as stored, with
    /// its place), else a pending receipt with the code's date and total.
    static func adding(_ code: FiscalCode, known: (document: String, placeID: String?)?) -> NewReceipt {
        if let known, let document = try? JSONReader.read(FiscalDocument.self, from: Data(known.document.utf8)) {
            return NewReceipt(document, status: .complete, placeID: known.placeID)
        }
        return NewReceipt(FiscalDocument(Receipt(pendingFrom: code)), status: .pending, placeID: nil)
    }
}
