import ReceiptAPI

/// A JSON value as the contract tests look at it: objects keep their members in the order written,
/// integers and other numbers stay apart. Read with the wire's reader and written with its writer,
/// so that a test can take members out of a written answer, or null them, and read it again.
indirect enum JSONTree: Equatable, JSONReadable, JSONWritable {
    /// One member of an object.
    struct Member: Equatable {
        var key: String
        var value: JSONTree
    }

    case object([Member])
    case array([JSONTree])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        if try reader.readNull() {
            self = .null
            return
        }
        // Each kind is tried on a copy of the reader, which is kept only when it succeeds.
        var probe = reader
        if (try? probe.beginObject()) != nil {
            reader = probe
            var members: [Member] = []
            while let key = try reader.nextKey() {
                members.append(Member(key: key.description, value: try JSONTree(reading: &reader)))
            }
            self = .object(members)
            return
        }
        probe = reader
        if (try? probe.beginArray()) != nil {
            reader = probe
            var elements: [JSONTree] = []
            while try reader.nextElement() { elements.append(try JSONTree(reading: &reader)) }
            self = .array(elements)
            return
        }
        probe = reader
        if let value = try? probe.readBool() {
            reader = probe
            self = .bool(value)
            return
        }
        probe = reader
        if let value = try? probe.readInt64() {
            reader = probe
            self = .integer(value)
            return
        }
        probe = reader
        if let value = try? probe.readDouble() {
            reader = probe
            self = .number(value)
            return
        }
        self = .string(try reader.readString())
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements): elements.write(to: &writer)
        case .string(let text): writer.write(text)
        case .integer(let value): writer.write(value)
        case .number(let value): writer.write(value)
        case .bool(let value): writer.write(value)
        case .null: writer.writeNull()
        }
    }

    /// The members of an object; nil for any other value.
    var members: [Member]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The object without the member `key`, or with its value replaced.
    func setting(_ key: String, to value: JSONTree?) -> JSONTree {
        guard var members else { return self }
        if let value, let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else if let value {
            members.append(Member(key: key, value: value))
        } else {
            members.removeAll { $0.key == key }
        }
        return .object(members)
    }

    /// The text of the value, as the wire's writer writes it.
    var bytes: [UInt8] { JSONWriter.write(self) }
}
