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
        var line = Self.line(format: format, time: time, level: event.level, message: "\(event.message)", pairs)
        line.append("\n")
        write(line)
    }

    static func line(
        format: Format, time: String, level: Logger.Level, message: String, _ pairs: [(String, String)]
    ) -> String {
        // One string appended to: a line is written for every request.
        var line = ""
        line.reserveCapacity(160)
        for (index, (key, value)) in ([("ts", time), ("level", level.rawValue), ("msg", message)] + pairs).enumerated()
        {
            switch format {
            case .logfmt:
                if index > 0 { line.append(" ") }
                line.append(key)
                line.append("=")
                line.append(logfmtValue(value))
            case .json:
                line.append(index == 0 ? "{" : ",")
                line.append(jsonString(key))
                line.append(":")
                line.append(jsonString(value))
            }
        }
        if format == .json { line.append("}") }
        return line
    }

    /// A logfmt value: bare when it has no space, quote, equals sign or control character, else quoted.
    static func logfmtValue(_ value: String) -> String {
        // Bytes, not scalars: every byte of a multi-byte character is above 0x7F, so plain too.
        let plain =
            !value.isEmpty
            && value.utf8.allSatisfy {
                $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "\\")
            }
        return plain ? value : jsonString(value)
    }

    /// A JSON string literal, written as the API writes its strings.
    static func jsonString(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 8)
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `2026-11-30T08:24:42.778Z`: ISO 8601 in UTC to the millisecond, written by hand, since
    /// Foundation's formatter cost a logged request more than the rest of its line.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = [UInt8]()
        text.reserveCapacity(24)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(Int(parts.tm_year) + 1900, 4)
        text.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2)
        text.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2)
        text.append(UInt8(ascii: "T"))
        digits(Int(parts.tm_hour), 2)
        text.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2)
        text.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2)
        text.append(UInt8(ascii: "."))
        digits(Int(milliseconds.quotientAndRemainder(dividingBy: 1000).remainder), 3)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }
}
