import ReceiptCore
import Synchronization

/// The one-time codes that `receipts web --open` hands the browser in place of the key: every user
/// of the machine can read a process's arguments (`ps`), so the address given to `xdg-open` carries
/// a code that the page exchanges for the key once, within a minute, and that is worth nothing after.
final class OpeningCodes: Sendable {
    /// How long a code waits for the page to exchange it.
    let lifetime: Duration

    /// Codes that wait `lifetime` for the page: a minute is enough for a browser to start.
    init(lifetime: Duration = .seconds(60)) {
        self.lifetime = lifetime
    }

    /// The codes not exchanged yet, with the moment each expires.
    private let waiting = Mutex<[(code: String, expires: ContinuousClock.Instant)]>([])

    /// A new code of 128 random bits, good for one exchange within `lifetime`.
    func issue() -> String {
        let code = Secret.random(bytes: 16)
        let now = ContinuousClock.now
        waiting.withLock { codes in
            codes.removeAll { $0.expires < now }
            codes.append((code, now + lifetime))
        }
        return code
    }

    /// Whether `code` was issued, has not expired and was not exchanged before; it is spent now.
    func exchange(_ code: String) -> Bool {
        let now = ContinuousClock.now
        return waiting.withLock { codes in
            guard let index = codes.firstIndex(where: { Secret.matches(code, $0.code) }) else { return false }
            return codes.remove(at: index).expires >= now
        }
    }
}
