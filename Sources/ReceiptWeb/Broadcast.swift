import Foundation
import Hummingbird
import NIOCore
import ReceiptReports
import Synchronization

/// Where a long job of the web app is.
enum JobPhase: String, Sendable {
    /// None has run since the app started.
    case idle
    case running
    case done
    case failed
}

/// A value that changes while a long job runs, and everyone listening to it: each listener hears it
/// now and at every change, until it is final. What the web app's jobs (``ImportRun``, ``WebJob``)
/// tell the pages that follow them.
final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        var listeners: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextListener = 0
    }

    private let state: Mutex<State>
    private let isFinal: @Sendable (Value) -> Bool

    /// A broadcast of `initial`; a value `isFinal` holds for ends the listeners' streams.
    init(_ initial: Value, isFinal: @escaping @Sendable (Value) -> Bool) {
        state = Mutex(State(value: initial))
        self.isFinal = isFinal
    }

    /// The value now.
    var value: Value { state.withLock { $0.value } }

    /// Changes the value and tells every listener; returns what `update` returns.
    @discardableResult
    func change<Result>(_ update: (inout Value) -> Result) -> Result {
        let result = state.withLock { update(&$0.value) }
        publish()
        return result
    }

    /// The value now, then at every change until it is final (at once when it is).
    func updates() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        let key = state.withLock { state in
            continuation.yield(state.value)
            if isFinal(state.value) {
                continuation.finish()
                return nil as Int?
            }
            defer { state.nextListener += 1 }
            state.listeners[state.nextListener] = continuation
            return state.nextListener
        }
        if let key {
            continuation.onTermination = { _ in
                _ = self.state.withLock { $0.listeners.removeValue(forKey: key) }
            }
        }
        return stream
    }

    /// Tells every listener the value now; a final one ends their streams.
    private func publish() {
        let (value, listeners, final) = state.withLock { state in
            let listeners = state.listeners
            let final = isFinal(state.value)
            if final { state.listeners = [:] }
            return (state.value, listeners, final)
        }
        for continuation in listeners.values {
            continuation.yield(value)
            if final { continuation.finish() }
        }
    }

    /// The value now and at every change until it is final, as server-sent events: one `data:` line
    /// of the JSON `view` makes of it.
    func events(_ view: @escaping @Sendable (Value) -> any Encodable) -> Response {
        let events = updates().map { value in
            var buffer = ByteBuffer(string: "data: ")
            buffer.writeBytes((try? JSONOutput.data(view(value))) ?? Data("{}".utf8))
            buffer.writeString("\n\n")
            return buffer
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(asyncSequence: events))
    }
}
