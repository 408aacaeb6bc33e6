public import Foundation

extension URL {
    /// Whether what is sent to this address crosses a network unencrypted: `http://` to a host that is
    /// not this machine. A password or a session cookie sent there can be read, and used, by anyone
    /// on the way; to this machine (``isLoopback(host:)``) it never leaves it.
    public var sendsInClearOverNetwork: Bool {
        guard scheme?.lowercased() == "http", let host, !host.isEmpty else { return false }
        return !Self.isLoopback(host: host)
    }

    /// Whether `host` names this machine: `localhost` (and the names under `.localhost`, which RFC
    /// 6761 keeps for it), an IPv4 address in 127.0.0.0/8, or `::1` (also as IPv4-mapped 127.x).
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name = String(name.dropLast()) }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let loopback = bytes[..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let mapped = bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return loopback || mapped
    }
}
