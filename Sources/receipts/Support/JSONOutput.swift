import Foundation

/// How every `--json` output is written: one line, keys sorted, slashes left alone.
///
/// The shapes are plain `Encodable` structs with synthesized conformance. Synthesized encoding
/// leaves a nil optional out; a key that the output always has, `null` when there is nothing,
/// is marked ``NullWhenAbsent``.
enum JSONOutput {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

// swift-format-ignore: UseSynthesizedInitializer
/// An optional that a `--json` output writes as `null` when it is nil, instead of leaving its key
/// out: `@NullWhenAbsent var place: String?` gives `"place":null`.
@propertyWrapper
struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    // Written out: only an explicit `init(wrappedValue:)` lets the memberwise initializers of the
    // structs that use the wrapper take a plain optional.
    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullWhenAbsent: Sendable where Value: Sendable {}
