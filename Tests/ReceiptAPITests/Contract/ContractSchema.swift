import Foundation
import ReceiptAPI
import Yams

/// A schema of `openapi.yaml` with its `$ref`s, `allOf` parts and null arms (`type: [x, 'null']`,
/// `oneOf: [x, {type: 'null'}]`, or 3.0's `nullable: true`) resolved into one shape.
final class ContractSchema: Sendable {
    /// The JSON kinds a schema can ask for.
    enum Kind: String, Sendable {
        case object, array, string, integer, number, boolean
    }

    /// The component's name for a `$ref`'d schema, else where it stands.
    let name: String
    let kind: Kind
    let nullable: Bool
    let properties: [String: ContractSchema]
    let required: Set<String>
    let items: ContractSchema?
    /// An `enum`'s values as text.
    let allowed: [String]?

    init(
        name: String, kind: Kind, nullable: Bool, properties: [String: ContractSchema] = [:],
        required: Set<String> = [], items: ContractSchema? = nil, allowed: [String]? = nil
    ) {
        self.name = name
        self.kind = kind
        self.nullable = nullable
        self.properties = properties
        self.required = required
        self.items = items
        self.allowed = allowed
    }

    func nullable(_ nullable: Bool) -> ContractSchema {
        ContractSchema(
            name: name, kind: kind, nullable: nullable, properties: properties, required: required, items: items,
            allowed: allowed)
    }
}

/// `components/schemas` of the served `openapi.yaml`.
struct ContractDocument {
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// Every schema by name, resolved.
    let schemas: [String: ContractSchema]

    init() throws {
        let root = try Yams.load(yaml: try APIContract.openAPIDocument) as? [String: Any]
        let components = root?["components"] as? [String: Any]
        guard let raw = components?["schemas"] as? [String: [String: Any]] else {
            throw Unsupported(description: "openapi.yaml has no components/schemas")
        }
        var resolved: [String: ContractSchema] = [:]
        for name in raw.keys {
            resolved[name] = try Self.resolve(raw[name] ?? [:], at: name, named: name, in: raw)
        }
        schemas = resolved
    }

    private static func resolve(
        _ raw: [String: Any], at path: String, named name: String?, in all: [String: [String: Any]]
    ) throws -> ContractSchema {
        if let reference = raw["$ref"] as? String {
            let target = String(reference.split(separator: "/").last ?? "")
            guard reference.hasPrefix("#/components/schemas/"), let schema = all[target] else {
                throw Unsupported(description: "\(path): unknown $ref \(reference)")
            }
            return try resolve(schema, at: target, named: target, in: all)
        }
        if let arms = (raw["oneOf"] ?? raw["anyOf"]) as? [[String: Any]] {
            let values = arms.filter { ($0["type"] as? String) != "null" }
            guard values.count == 1, let only = values.first else {
                throw Unsupported(description: "\(path): a oneOf other than a value or null")
            }
            let schema = try resolve(only, at: path, named: name, in: all)
            return schema.nullable(schema.nullable || values.count < arms.count)
        }
        if let parts = raw["allOf"] as? [[String: Any]] {
            let schemas = try parts.map { try resolve($0, at: path, named: nil, in: all) }
            guard schemas.allSatisfy({ $0.kind == .object }) else {
                throw Unsupported(description: "\(path): allOf of something other than objects")
            }
            return ContractSchema(
                name: name ?? path, kind: .object, nullable: schemas.contains { $0.nullable },
                properties: schemas.reduce(into: [:]) { $0.merge($1.properties) { first, _ in first } },
                required: schemas.reduce(into: []) { $0.formUnion($1.required) })
        }
        let types = (raw["type"] as? [String]) ?? [raw["type"] as? String].compactMap { $0 }
        let valueTypes = types.filter { $0 != "null" }
        guard valueTypes.count == 1, let kind = valueTypes.first.flatMap(ContractSchema.Kind.init(rawValue:)) else {
            throw Unsupported(description: "\(path): type \(types) is not one JSON kind, perhaps null")
        }
        let nullable = types.contains("null") || raw["nullable"] as? Bool == true
        var properties: [String: ContractSchema] = [:]
        for (key, value) in raw["properties"] as? [String: [String: Any]] ?? [:] {
            properties[key] = try resolve(value, at: "\(path).\(key)", named: nil, in: all)
        }
        return ContractSchema(
            name: name ?? path, kind: kind, nullable: nullable, properties: properties,
            required: Set(raw["required"] as? [String] ?? []),
            items: try (raw["items"] as? [String: Any]).map { try resolve($0, at: "\(path)[]", named: nil, in: all) },
            allowed: (raw["enum"] as? [Any])?.map { "\($0)" })
    }
}
