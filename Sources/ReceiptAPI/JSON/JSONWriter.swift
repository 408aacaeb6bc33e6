/// A writer of compact JSON text in UTF-8: the wire types write themselves into it member by member,
/// without the boxing and key sorting of `JSONEncoder`.
///
/// Its text is what `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`, byte for
/// byte, when the writers name their members in key order (the contract tests check that they do):
/// the same escapes, integers in plain digits, a `Double` as its `description` without a trailing
/// `.0`. Objects and arrays are opened and closed by the writers, which keep them balanced.
public struct JSONWriter {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether a value was just completed, so that the next member or element needs a comma.
    private var afterValue = false

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text of one value.
    public static func write(_ value: some JSONWritable, capacity: Int = 1024) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        value.write(to: &writer)
        return writer.bytes
    }

    // MARK: Objects and arrays

    /// Opens an object; write its members with ``member(_:_:)`` or `key(_:)`, then close it.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        afterValue = false
    }

    /// Closes the object opened last.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        afterValue = true
    }

    /// Opens an array; write its elements as values, then close it.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        afterValue = false
    }

    /// Closes the array opened last.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        afterValue = true
    }

    /// Starts the member `key` of the open object; its value comes next. The key is written as it
    /// is: the wire's keys are plain ASCII names that need no escape.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// Starts a member whose key is only known at run time, escaped as any string.
    public mutating func key(_ key: String) {
        write(key)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// A member that is always written: an absent optional value as `null`.
    public mutating func member(_ key: StaticString, _ value: some JSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    /// A member left out when it has no value.
    public mutating func member<Value: JSONWritable>(_ key: StaticString, ifPresent value: Value?) {
        guard let value else { return }
        member(key, value)
    }

    // MARK: Scalars

    /// `null`.
    public mutating func writeNull() {
        separate()
        append("null")
    }

    /// `true` or `false`.
    public mutating func write(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    /// An integer in plain digits.
    public mutating func write(_ value: Int64) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A number as `JSONEncoder` writes it: its shortest `description`, a whole one without `.0`.
    /// The contract has no infinities or NaN (coordinates are checked, amounts are integers); one
    /// that slips through is written as `null`, which every reader of the wire refuses.
    public mutating func write(_ value: Double) {
        guard value.isFinite else { return writeNull() }
        // Whole numbers well inside ±2^53 print as plain digits; -0 keeps its sign.
        if value.magnitude < 1e15, let whole = Int64(exactly: value), value != 0 || value.sign == .plus {
            return write(whole)
        }
        separate()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A string in quotes, escaped as `JSONEncoder` escapes it: `"` and `\`, the control characters
    /// (`\b \t \n \f \r`, the others as `\u00xx`); slashes and everything else as they are.
    public mutating func write(_ string: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// JSON text written before by a writer of the wire, as UTF-8 bytes, spliced in unchanged.
    public mutating func writeWritten(_ written: [UInt8]) {
        separate()
        bytes.append(contentsOf: written)
    }

    // MARK: Bytes

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
        afterValue = true
    }

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var plainFrom = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<index]))
            plainFrom = index + 1
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0C: append("\\f")
            case 0x0D: append("\\r")
            default:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
