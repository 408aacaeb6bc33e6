public import Foundation
public import Logging
import ReceiptAPI

/// The server's log lines on standard error, one event a line, in logfmt (`key=value`, as people
/// and most log shippers read) or JSON (one object a line), with the request's id in every line of
/// a request (`request_id`).
public struct ServerLogHandler: LogHandler {
    /// How a line is written.
    public enum Format: String, Sendable, CaseIterable {
        /// `ts=… level=info msg=answered method=GET path=/health status=200 ms=0.41 request_id=…`
        case logfmt
        /// `{"ts":"…","level":"info","msg":"answered","method":"GET",…}`
        case json
    }

    /// Context added to every line of this logger.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level written.
    public var logLevel: Logger.Level
    private let format: Format
    private let write: @Sendable (String) -> Void

    /// A handler writing `format` lines through `write` (standard error unless told).
    public init(
        format: Format, level: Logger.Level,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.format = format
        logLevel = level
        self.write = write
    }

    /// The value of `key` in this logger's metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line.
    public func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { _, new in new } }
        // Hummingbird's own id for the request is the same one under our name.
        if fields["request_id"] != nil { fields["hb.request.id"] = nil }
        let time = Self.timestamp(Date())
        let pairs = fields.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") }
        write(Self.line(format: format, time: time, level: event.level, message: "\(event.message)", pairs) + "\n")
    }

    static func line(
        format: Format, time: String, level: Logger.Level, message: String, _ pairs: [(String, String)]
    ) -> String {
        let all = [("ts", time), ("level", level.rawValue), ("msg", message)] + pairs
        switch format {
        case .logfmt:
            return all.map { "\($0.0)=\(logfmtValue($0.1))" }.joined(separator: " ")
        case .json:
            return "{" + all.map { "\(jsonString($0.0)):\(jsonString($0.1))" }.joined(separator: ",") + "}"
        }
    }

    /// A logfmt value: bare when it has no space, quote, equals sign or control character, else quoted.
    static func logfmtValue(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "=" && $0 != "\\" }
        return plain ? value : jsonString(value)
    }

    /// A JSON string literal, written as the API writes its strings.
    static func jsonString(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 8)
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
