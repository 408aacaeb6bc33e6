import Foundation

/// A block of IP addresses written as CIDR, `10.0.0.0/8` or `2001:db8::/32` (a lone address is
/// its own block): the proxies `serve --trusted-proxy` believes.
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    /// The block's first address: 4 bytes for IPv4, 16 for IPv6.
    let network: [UInt8]
    /// How many leading bits an address shares with ``network`` to be in the block.
    let prefixLength: Int

    /// The block `text` names, or nil when it is not an address with an optional `/length` that
    /// fits it (0…32 for IPv4, 0…128 for IPv6).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = parts.first, let bytes = Self.bytes(String(address)) else { return nil }
        let bits = bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...bits).contains(given),
                parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                return nil
            }
            length = given
        }
        prefixLength = length
        network = Self.masked(bytes, to: length)
    }

    /// Whether `address` (as the socket or a proxy's header writes it) lies in the block; an IPv4
    /// address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 one.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address), bytes.count == network.count else { return false }
        return Self.masked(bytes, to: prefixLength) == network
    }

    /// As it would be given on the command line: `10.0.0.0/8`.
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = network.count == 4 ? AF_INET : AF_INET6
        _ = network.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(address)/\(prefixLength)"
    }

    /// The bytes of an IPv4 or IPv6 address (an IPv4-mapped IPv6 address gives its 4 IPv4 bytes);
    /// nil for anything else, a name included.
    static func bytes(_ address: String) -> [UInt8]? {
        var four = [UInt8](repeating: 0, count: 4)
        if !address.contains(":") {
            return inet_pton(AF_INET, address, &four) == 1 ? four : nil
        }
        var sixteen = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &sixteen) == 1 else { return nil }
        if sixteen[0..<10].allSatisfy({ $0 == 0 }), sixteen[10] == 0xFF, sixteen[11] == 0xFF {
            return Array(sixteen[12...])
        }
        return sixteen
    }

    /// `bytes` with every bit after the first `length` cleared.
    private static func masked(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, length - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
        }
    }
}
