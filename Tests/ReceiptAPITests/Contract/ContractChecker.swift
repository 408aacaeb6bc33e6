import ReceiptAPI

/// Holds what a wire type writes, and what it reads, against its schema, and collects every
/// disagreement as a sentence.
struct ContractChecker {
    private(set) var problems: [String] = []
    /// For each schema, its members that a Swift type holds as optional, and whether the samples
    /// had them present and absent.
    private(set) var exercised: [String: [String: (present: Bool, absent: Bool)]] = [:]

    // MARK: Writing

    /// Checks a written value: its members are exactly the schema's, in key order; a required one
    /// always there, null only when its Swift value is nil and the schema allows null; any other
    /// left out when nil; and the Swift type's properties are exactly the schema's.
    mutating func checkWritten(_ tree: JSONTree, against schema: ContractSchema, value: Any, at path: String) {
        switch schema.kind {
        case .object:
            checkObject(tree, against: schema, value: value, at: path)
        case .array:
            let values = Mirror(reflecting: value).children.map(\.value)
            guard case .array(let elements) = tree, let items = schema.items, elements.count == values.count else {
                return fail("\(path) is not written as an array of its \(values.count) elements")
            }
            for (index, element) in elements.enumerated() {
                checkWritten(element, against: items, value: values[index], at: "\(path)[\(index)]")
            }
        case .string:
            guard case .string(let text) = tree else { return fail("\(path) is not written as a string") }
            checkAllowed(text, schema, path)
        case .integer:
            guard case .integer(let number) = tree else { return fail("\(path) is not written as an integer") }
            checkAllowed("\(number)", schema, path)
        case .number:
            switch tree {
            case .integer, .number: break
            default: fail("\(path) is not written as a number")
            }
        case .boolean:
            guard case .bool = tree else { return fail("\(path) is not written as a boolean") }
        }
    }

    private mutating func checkObject(_ tree: JSONTree, against schema: ContractSchema, value: Any, at path: String) {
        guard let members = tree.members else { return fail("\(path) is not written as an object") }
        let keys = members.map(\.key)
        if keys != keys.sorted() { fail("\(path) writes its members out of key order: \(keys)") }
        if Set(keys).count != keys.count { fail("\(path) writes a member twice: \(keys)") }
        for key in keys where schema.properties[key] == nil {
            fail("\(path) writes \(key), which schema \(schema.name) does not declare")
        }
        let fields = Self.fields(of: value)
        for name in fields.keys where schema.properties[name] == nil {
            fail("\(type(of: value)) has a property \(name), which schema \(schema.name) does not declare")
        }
        for (name, property) in schema.properties.sorted(by: { $0.key < $1.key }) {
            guard let field = fields[name] else {
                fail("schema \(schema.name) declares \(name), which \(type(of: value)) has no property for")
                continue
            }
            let member = members.first { $0.key == name }?.value
            let required = schema.required.contains(name)
            let present = Self.unwrapped(field)
            if Mirror(reflecting: field).displayStyle == .optional {
                var seen = exercised[schema.name, default: [:]][name, default: (false, false)]
                if present == nil { seen.absent = true } else { seen.present = true }
                exercised[schema.name, default: [:]][name] = seen
            }
            if let present {
                guard let member, member != .null else {
                    fail("\(path).\(name) has a value that is not written")
                    continue
                }
                checkWritten(member, against: property, value: present, at: "\(path).\(name)")
            } else if required {
                if !property.nullable { fail("\(path).\(name) is required and not nullable, yet nil in Swift") }
                if member != .null { fail("\(path).\(name) is required: without a value it must be written as null") }
            } else if member != nil {
                fail("\(path).\(name) is optional: without a value it must be left out, not written")
            }
        }
    }

    private mutating func checkAllowed(_ text: String, _ schema: ContractSchema, _ path: String) {
        if let allowed = schema.allowed, !allowed.contains(text) {
            fail("\(path) is \(text), not one of \(allowed)")
        }
    }

    /// The stored properties of a value by their names on the wire.
    static func fields(of value: Any) -> [String: Any] {
        var fields: [String: Any] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            fields[WireContract.wireNames[label] ?? label] = child.value
        }
        return fields
    }

    /// The value inside any number of optionals; nil for none.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    // MARK: Reading

    /// Checks the reader of `wire` on one written sample: it takes the required members alone,
    /// refuses the sample without each of them, takes null exactly where the schema allows it, and
    /// reads the sample back equal.
    mutating func checkReading(_ wire: WireCase, sample: Any, against schema: ContractSchema) throws {
        let written = try wire.write(sample)
        let read = try wire.read(written)
        if !wire.same(read, sample) { fail("\(wire.typeName) reads back different from what it wrote") }
        let tree = try JSONReader.read(JSONTree.self, from: written)
        let minimal = JSONTree.object((tree.members ?? []).filter { schema.required.contains($0.key) })
        do {
            let again = try JSONReader.read(JSONTree.self, from: try wire.write(try wire.read(minimal.bytes)))
            if again != minimal { fail("\(wire.typeName) read from its required members writes back \(again)") }
        } catch {
            fail("\(wire.typeName) refuses its required members alone: \(error)")
        }
        for key in schema.required.sorted() {
            do {
                _ = try wire.read(tree.setting(key, to: nil).bytes)
                fail("\(wire.typeName) reads a document without \(key), which is required")
            } catch {
                if wire.missingKey(error) != key { fail("\(wire.typeName) without \(key) fails otherwise: \(error)") }
            }
        }
        for (key, property) in schema.properties.sorted(by: { $0.key < $1.key }) {
            let value: Any
            do {
                value = try wire.read(tree.setting(key, to: .null).bytes)
            } catch {
                if property.nullable { fail("\(wire.typeName) refuses null for \(key), which may be null") }
                continue
            }
            if !property.nullable { fail("\(wire.typeName) takes null for \(key), which may not be null") }
            let again = try JSONReader.read(JSONTree.self, from: try wire.write(value))
            let member = again.members?.first { $0.key == key }?.value
            if member != nil && member != .null {
                fail("\(wire.typeName) reads null for \(key) as \(String(describing: member))")
            }
        }
    }

    private mutating func fail(_ problem: String) {
        problems.append(problem)
    }
}
