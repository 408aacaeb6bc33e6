public import Foundation

/// How every `--json` output (and every answer of the web app's API) is written: one line, keys
/// sorted, slashes left alone.
///
/// The shapes are plain `Encodable` structs with synthesized conformance. Synthesized encoding
/// leaves a nil optional out; a key that the output always has, `null` when there is nothing,
/// is marked ``NullWhenAbsent``.
public enum JSONOutput {
    /// `value` as text.
    public static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try data(value), as: UTF8.self)
    }

    /// `value` as bytes.
    public static func data(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}

// swift-format-ignore: UseSynthesizedInitializer
/// An optional that a `--json` output writes as `null` when it is nil, instead of leaving its key
/// out: `@NullWhenAbsent var place: String?` gives `"place":null`.
@propertyWrapper
public struct NullWhenAbsent<Value: Encodable>: Encodable {
    /// The value, nil when absent.
    public var wrappedValue: Value?

    // Written out: only an explicit `init(wrappedValue:)` lets the memberwise initializers of the
    // structs that use the wrapper take a plain optional.
    /// The value, or nil.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// The value, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullWhenAbsent: Sendable where Value: Sendable {}
