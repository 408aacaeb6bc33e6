import Crypto
import Foundation
import NIOCore
import Synchronization

/// Sessions and feed pages kept in memory, each under the storage's generation
/// (``StorageChanges``) it was read at, and given again only while that generation is the current
/// one: the feed a client asks for again costs no database call, no queue and no JSON writing.
///
/// What is kept is what the storage answered, never more: a session with its expiry (checked on
/// every use), a page as the bytes sent, keyed by its account and the request's query as the
/// client wrote it (a query that was wrong was never kept, so a kept one needs no checking again).
/// Pages are bounded by their bytes, sessions by their number; past either, what is old goes first,
/// then everything.
final class AnswerCache: Sendable {
    let changes: StorageChanges
    /// How many bytes of pages may be kept; 0 keeps none (sessions neither).
    let capacity: Int
    private let sessions = Mutex<[Data: KeptSession]>([:])
    private let pages = Mutex(KeptPages())

    init(changes: StorageChanges, capacity: Int) {
        self.changes = changes
        self.capacity = capacity
    }

    /// The most sessions kept at once.
    static let sessionLimit = 100_000

    // MARK: Sessions

    /// The account and expiry of the session whose token hashes to `tokenHash`, as kept at the
    /// current generation; nil when none is (the storage is asked then).
    func session(_ tokenHash: Data) -> (account: Account, expiresAt: Date)? {
        guard capacity > 0, let generation = changes.current else { return nil }
        return sessions.withLock { kept in
            guard let session = kept[tokenHash], session.generation == generation else { return nil }
            return (session.account, session.expiresAt)
        }
    }

    /// Keeps a session the storage answered at `generation` (read before asking it).
    func keep(session tokenHash: Data, account: Account, expiresAt: Date, generation: UInt64?) {
        guard capacity > 0, let generation else { return }
        let session = KeptSession(account: account, expiresAt: expiresAt, generation: generation)
        sessions.withLock { kept in
            if kept.count >= Self.sessionLimit, kept[tokenHash] == nil {
                kept = kept.filter { $0.value.generation == generation }
                if kept.count >= Self.sessionLimit { kept.removeAll() }
            }
            kept[tokenHash] = session
        }
    }

    // MARK: Pages

    /// A page kept for `key` at the current generation, with its entity tag: made the first time
    /// the page is given again (a page read once, as an importer reads most, is never hashed).
    func page(_ key: PageKey) -> KeptPage? {
        guard capacity > 0, let generation = changes.current else { return nil }
        let found = pages.withLock { kept -> KeptPage? in
            guard let page = kept.pages[key], page.generation == generation else {
                return nil
            }
            return page
        }
        guard var page = found, page.entityTag == nil else { return found }
        page.entityTag = KeptPage.tag(of: page.body)
        pages.withLock { kept in
            if kept.pages[key]?.keptAt == page.keptAt { kept.pages[key] = page }
        }
        return page
    }

    /// Keeps `body`, the page the storage answered for `key` at `generation`; returns it with its tag.
    @discardableResult
    func keep(page key: PageKey, body: ByteBuffer, generation: UInt64?) -> KeptPage {
        let page = KeptPage(body: body, generation: generation ?? 0, keptAt: .now)
        guard capacity > 0, generation != nil, body.readableBytes <= capacity / 4 else { return page }
        pages.withLock { kept in kept.insert(page, for: key, capacity: capacity) }
        return page
    }

    /// What a kept page is found by: the feed, the account, and the request's query as written.
    struct PageKey: Hashable, Sendable {
        enum Feed: UInt8, Sendable {
            case receipts, changes
        }
        let feed: Feed
        let account: Int64
        let query: String
    }
}

/// A page as sent, and once it is given again its entity tag.
struct KeptPage: Sendable {
    let body: ByteBuffer
    let generation: UInt64
    let keptAt: ContinuousClock.Instant
    /// ``tag(of:)`` of the body, once made.
    var entityTag: String? = nil

    /// The entity tag of a page's bytes: the first 96 bits of their SHA-256, quoted, so that the
    /// same bytes have the same tag in every instance and after a restart.
    static func tag(of body: ByteBuffer) -> String {
        let digest = body.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        return "\"" + Data(digest.prefix(12)).base64URLEncoded + "\""
    }
}

private struct KeptSession {
    let account: Account
    let expiresAt: Date
    let generation: UInt64
}

/// The pages kept and their bytes.
private struct KeptPages {
    var pages: [AnswerCache.PageKey: KeptPage] = [:]
    var bytes = 0

    mutating func insert(_ page: KeptPage, for key: AnswerCache.PageKey, capacity: Int) {
        if let old = pages.removeValue(forKey: key) { bytes -= old.body.readableBytes }
        if bytes + page.body.readableBytes > capacity {
            pages = pages.filter { $0.value.generation == page.generation }
            bytes = pages.values.reduce(0) { $0 + $1.body.readableBytes }
            if bytes + page.body.readableBytes > capacity {
                pages.removeAll()
                bytes = 0
            }
        }
        pages[key] = page
        bytes += page.body.readableBytes
    }
}
