import Foundation
import Prometheus
import Synchronization

/// What `GET /metrics` tells, in Prometheus' text format: requests by route, method and status,
/// their latency, throttled attempts, receipts added. One registry a server, so that servers in one
/// process (the tests') count apart.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    /// Latency buckets from half a millisecond to ten seconds.
    static let buckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(10),
    ]

    /// A request answered: counted by route (the pattern, never the raw path), method and status.
    func request(route: String, method: String, status: Int, took duration: Duration) {
        let key = RequestSeries(route: route, method: method, status: status)
        let known = requestSeries.withLock { $0[key] }
        let series = known ?? makeSeries(key)
        series.count.increment()
        series.duration.record(duration)
    }

    /// The counter and histogram of each route, method and status, found once: the registry builds
    /// its label keys on every asking, which cost a request more than its counting.
    private let requestSeries = Mutex<[RequestSeries: (count: Counter, duration: DurationHistogram)]>([:])

    private struct RequestSeries: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private func makeSeries(_ key: RequestSeries) -> (count: Counter, duration: DurationHistogram) {
        let series = (
            count: registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "receipts", metricName: "http_requests", unitName: "total",
                    helpText: "HTTP requests answered, by route, method and status."),
                labels: [("route", key.route), ("method", key.method), ("status", String(key.status))]),
            duration: registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(
                    namespace: "receipts", metricName: "http_request_duration", unitName: "seconds",
                    helpText: "Time from a request's head to its answer, by route and method."),
                labels: [("route", key.route), ("method", key.method)], buckets: Self.buckets)
        )
        requestSeries.withLock { $0[key] = series }
        return series
    }

    /// A login, registration or anonymous account refused by the throttle.
    func throttled(_ what: String) {
        count("throttled_attempts", help: "Attempts refused with 429 by the throttle, by kind.", ("kind", what))
    }

    /// A receipt added by QR: new, complete or pending.
    func receiptAdded(status: String) {
        count("receipts_added", help: "Receipts added to accounts by QR, by the status they got.", ("status", status))
    }

    /// A completion job ended: `document`, `not_yet`, `invalid` or `limited`.
    func completed(_ outcome: String) {
        count(
            "completion_jobs", help: "Pending receipts asked of the provider in the background, by outcome.",
            ("outcome", outcome))
    }

    private func count(_ name: String, help: String, _ label: (String, String)) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "receipts", metricName: name, unitName: "total", helpText: help),
            labels: [label]
        ).increment()
    }

    /// The text format, for `GET /metrics`: the server's metrics, then the storage's (its calls
    /// timed, and those under way now).
    func exposition(storage: StorageTimings) -> [UInt8] {
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "receipts", metricName: "storage_calls_in_flight", unitName: "",
                helpText: "Storage calls waiting for the database or running (the pool's use).")
        ).set(Int64(storage.callsInFlight))
        return registry.emitToBuffer() + storage.registry.emitToBuffer()
    }
}
