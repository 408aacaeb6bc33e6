public import Foundation

/// How long to keep trying when the network or the server fails: exponential backoff with jitter,
/// `Retry-After` honoured, and a bound on the whole time spent.
public struct RetryPolicy: Sendable {
    /// The first wait.
    public var initialDelay: TimeInterval
    /// The longest single wait.
    public var maximumDelay: TimeInterval
    /// Give up when the next wait would end later than this after the first attempt.
    public var budget: TimeInterval
    /// How long one request may take.
    public var requestTimeout: TimeInterval

    /// A policy; by default waits of 0.25 s doubling up to 8 s, a 60 s budget, 30 s a request.
    public init(
        initialDelay: TimeInterval = 0.25, maximumDelay: TimeInterval = 8, budget: TimeInterval = 60,
        requestTimeout: TimeInterval = 30
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.budget = budget
        self.requestTimeout = requestTimeout
    }

    /// What networked commands use unless `RECEIPTS_NETWORK_BUDGET` changes the budget.
    public static let standard = RetryPolicy()

    /// The wait before attempt `attempt` (1 for the first retry): a random time between half and the
    /// whole of the exponential step, never shorter than what the server asked for.
    func delay(attempt: Int, retryAfter: TimeInterval?) -> Duration {
        let step = min(maximumDelay, initialDelay * pow(2, Double(max(0, attempt - 1))))
        let jittered = Double.random(in: (step / 2)...step)
        return .seconds(max(jittered, retryAfter ?? 0))
    }
}
