/// A value that writes itself as JSON into a ``JSONWriter``: the one way the wire's answers are
/// written, by the server, the tests and the benchmarks alike.
public protocol JSONWritable<Written> {
    /// The wire type whose JSON this writes: the type itself, or, for JSON written earlier and kept
    /// (``WrittenJSON``), the type that wrote it. A writer of a page can then take envelopes or their
    /// stored JSON, and nothing else.
    associatedtype Written = Self

    /// Writes the value as one JSON value.
    func write(to writer: inout JSONWriter)
}

/// JSON text that a wire type's writer wrote earlier, kept to be spliced into larger answers
/// unchanged: the server stores each receipt's document as written, and caches each place's JSON.
public struct WrittenJSON<Value: JSONWritable>: JSONWritable, Sendable, Hashable {
    /// The type this JSON is the text of.
    public typealias Written = Value

    /// The JSON text in UTF-8: kept as bytes, since a page splices them as they are and reading
    /// them as a `String` first would check every byte again.
    public let bytes: [UInt8]

    /// The JSON text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The JSON of a value, written now.
    public init(_ value: Value) {
        bytes = JSONWriter.write(value)
    }

    /// JSON of a `Value` written earlier and kept (a stored document), taken as it is, unchecked.
    /// Documents stored by earlier versions were written by `JSONEncoder`: the same JSON values,
    /// their keys in another order.
    public init(stored text: String) {
        bytes = Array(text.utf8)
    }

    /// The same, as the UTF-8 bytes a database handed out.
    public init(stored bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Writes the JSON already written, as it is.
    public func write(to writer: inout JSONWriter) {
        writer.writeWritten(bytes)
    }
}

extension JSONWritable where Self: RawRepresentable, RawValue == String {
    /// An enumeration as its raw value.
    public func write(to writer: inout JSONWriter) {
        writer.write(rawValue)
    }
}

extension String: JSONWritable {
    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        writer.write(self)
    }
}

extension Int64: JSONWritable {
    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        writer.write(self)
    }
}

extension Int: JSONWritable {
    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        writer.write(Int64(self))
    }
}

extension Double: JSONWritable {
    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        writer.write(self)
    }
}

extension Bool: JSONWritable {
    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        writer.write(self)
    }
}

/// nil as `null`: for members that are always written (``JSONWriter/member(_:ifPresent:)`` leaves the
/// others out).
extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// An optional of what the wrapped value writes.
    public typealias Written = Wrapped.Written?

    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        if let self { self.write(to: &writer) } else { writer.writeNull() }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    /// An array of what the elements write.
    public typealias Written = [Element.Written]

    /// Writes the value as JSON, as JSONEncoder would.
    public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for element in self { element.write(to: &writer) }
        writer.endArray()
    }
}
