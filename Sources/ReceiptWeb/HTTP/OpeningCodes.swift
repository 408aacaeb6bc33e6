import ReceiptCore
import Synchronization

/// The one-time codes that `receipts web --open` hands the browser in place of the key: every user
/// of the machine can read a process's arguments (`ps`), so the browser is given the path of a file
/// only this user may read, holding the address with a code that the page exchanges for the key
/// once, within a minute, and that is worth nothing after.
final class OpeningCodes: Sendable {
    /// How long a code waits for the page to exchange it.
    let lifetime: Duration

    /// Codes that wait `lifetime` for the page: a minute is enough for a browser to start.
    init(lifetime: Duration = .seconds(60)) {
        self.lifetime = lifetime
    }

    /// The codes issued and not expired: when each expires, and whether a page exchanged it.
    private let issued = Mutex<[(code: String, expires: ContinuousClock.Instant, spent: Bool)]>([])
    /// Who hears of each exchange tried with a code that was issued (the terminal `--open` ran in).
    private let listener = Mutex<(@Sendable (OpeningOutcome) -> Void)?>(nil)

    /// A new code of 128 random bits, good for one exchange within `lifetime`.
    func issue() -> String {
        let code = Secret.random(bytes: 16)
        let now = ContinuousClock.now
        issued.withLock { codes in
            codes.removeAll { $0.expires < now }
            codes.append((code, now + lifetime, false))
        }
        return code
    }

    /// Calls `action` with the outcome of every exchange tried with an issued code.
    func listen(_ action: @escaping @Sendable (OpeningOutcome) -> Void) {
        listener.withLock { $0 = action }
    }

    /// Spends `code`: ``OpeningOutcome/opened`` when it was issued, has not expired and was not
    /// exchanged before; a code exchanged already or expired says so, and is told to the listener.
    func exchange(_ code: String) -> OpeningOutcome {
        let now = ContinuousClock.now
        let outcome = issued.withLock { codes -> OpeningOutcome in
            guard let index = codes.firstIndex(where: { Secret.matches(code, $0.code) }) else { return .unknown }
            if codes[index].spent { return .spent }
            if codes[index].expires < now {
                codes.remove(at: index)
                return .expired
            }
            codes[index].spent = true
            return .opened
        }
        if outcome != .unknown { listener.withLock { $0 }?(outcome) }
        return outcome
    }
}

/// What became of a page's exchange of a one-time code.
public enum OpeningOutcome: Sendable, Equatable {
    /// The page got the key: the code is spent.
    case opened
    /// The code was exchanged before: another page (or another user's process) has the key.
    case spent
    /// The code waited past its minute.
    case expired
    /// No such code was issued.
    case unknown
}
