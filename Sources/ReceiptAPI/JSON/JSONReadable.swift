/// A value that reads itself from JSON with a ``JSONReader``: the one way the wire types are decoded.
public protocol JSONReadable {
    /// Reads the value that starts at the reader's position, and nothing after it.
    init(reading reader: inout JSONReader) throws(JSONReadError)
}

extension JSONReader {
    /// A value of any readable type.
    public mutating func read<Value: JSONReadable>(_ type: Value.Type = Value.self) throws(JSONReadError) -> Value {
        try Value(reading: &self)
    }

    /// Reads the value of the member `key` into `field`, which must not have one yet: a key that
    /// appears twice in an object is refused rather than one of its values silently kept.
    public mutating func read<Value: JSONReadable>(into field: inout Value?, for key: Key) throws(JSONReadError) {
        guard field == nil else { throw JSONReadError(.duplicateKey(key.description), at: offset) }
        field = try Value(reading: &self)
    }

    /// The value of a member that must be present, once the object has been read.
    public func required<Value>(_ value: Value?, _ key: String) throws(JSONReadError) -> Value {
        guard let value else { throw JSONReadError(.missingKey(key), at: offset) }
        return value
    }

    /// A string that must be one of an enumeration's raw values.
    public mutating func read<Value: RawRepresentable>(
        oneOf values: [Value]
    ) throws(JSONReadError) -> Value where Value.RawValue == String {
        let start = offset
        let text = try readString()
        guard let value = Value(rawValue: text) else {
            throw JSONReadError(.unknownValue(text, expected: values.map(\.rawValue)), at: start)
        }
        return value
    }
}

extension String: JSONReadable {
    /// A JSON string, its escapes resolved.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readString()
    }
}

extension Int64: JSONReadable {
    /// A JSON integer written without fraction or exponent (see ``JSONReader/readInt64()``).
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readInt64()
    }
}

extension Int: JSONReadable {
    /// A JSON integer that fits `Int`.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readInt()
    }
}

extension Double: JSONReadable {
    /// Any JSON number, rounded to the nearest `Double`.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readDouble()
    }
}

extension Bool: JSONReadable {
    /// `true` or `false`.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readBool()
    }
}

/// `null` as nil.
extension Optional: JSONReadable where Wrapped: JSONReadable {
    /// nil for `null`, else the wrapped value.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readNull() ? nil : try Wrapped(reading: &reader)
    }
}

extension Array: JSONReadable where Element: JSONReadable {
    /// A JSON array whose every element is read as `Element`.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = []
        try reader.beginArray()
        while try reader.nextElement() {
            append(try Element(reading: &reader))
        }
    }
}
