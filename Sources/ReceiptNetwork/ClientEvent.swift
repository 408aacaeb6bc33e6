/// What a `ReceiptsClient` is doing, told as it happens to whoever shows it (a `--verbose` log, a
/// status line while the server does not answer).
public enum ClientEvent: Sendable {
    /// A try brought an answer with this status after `duration`.
    case answered(method: String, path: String, status: Int, duration: Duration)
    /// A try brought no answer: the connection failed, broke or timed out after `duration`.
    case failed(method: String, path: String, problem: NetworkProblem, duration: Duration)
    /// The client waits `wait` and then tries again; it gives up when the next wait would end after
    /// `deadline`.
    case retrying(problem: NetworkProblem, wait: Duration, deadline: ContinuousClock.Instant)
    /// The budget is spent: the call ends with `ClientError/unreachable(server:problem:)`.
    case gaveUp(problem: NetworkProblem)
}

/// Hears every ``ClientEvent`` of a client, on whatever task the client runs on.
public typealias ClientObserver = @Sendable (ClientEvent) -> Void
