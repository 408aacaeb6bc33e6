import Synchronization

/// The storage's writes, counted: the generation that answers kept in memory (sessions, feed
/// pages: ``AnswerCache``) are checked against. Every write that could change what a session or a
/// feed reads moves it on, so an answer kept at an older generation is never given again.
///
/// It counts coarsely, on purpose: one counter for the whole storage rather than one per account,
/// because a write's reach is wider than its account (a household's members see each other's
/// receipts, a place is named on every account's pages). Writes are rare beside reads, and an
/// answer read again costs what it cost before there was a cache.
///
/// The counter can also be *not trusted*: then ``current`` is nil and nothing is kept or given
/// from memory. A PostgreSQL storage is trusted only while it listens for the other instances'
/// writes (`LISTEN`, its connection answering a heartbeat); one SQLite file has one
/// writer, this process, and is always trusted.
final class StorageChanges: Sendable {
    /// The generation in the low 63 bits; the top bit set while the counter is not trusted.
    private let state: Atomic<UInt64>
    private static let untrusted: UInt64 = 1 << 63

    init(trusted: Bool) {
        state = Atomic(trusted ? 0 : Self.untrusted)
    }

    /// The generation now, or nil when what is in memory cannot be trusted. Read it *before*
    /// reading the storage: an answer read after a write began is then kept under an older
    /// generation than the one the write leaves, and never given.
    var current: UInt64? {
        let value = state.load(ordering: .acquiring)
        return value & Self.untrusted == 0 ? value : nil
    }

    /// A write ended (committed or not): every answer kept so far is old.
    func advance() {
        state.wrappingAdd(1, ordering: .releasing)
    }

    /// Writes may be going unheard (the listening connection broke): nothing is kept or given from
    /// memory until ``trust()``.
    func distrust() {
        _ = state.bitwiseOr(Self.untrusted, ordering: .acquiringAndReleasing)
        advance()
    }

    /// Writes are heard again: answers are kept from now on, none from before.
    func trust() {
        advance()
        _ = state.bitwiseAnd(~Self.untrusted, ordering: .acquiringAndReleasing)
    }
}
