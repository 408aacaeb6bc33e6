import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// This machine's addresses on its networks, for `receipts web --lan` to print: the IPv4 address of
/// every interface that is up, loopback left out, the home network's kind first.
public enum LANAddresses {
    /// The addresses now, best first; empty when the machine is on no network.
    public static func current() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                var raw = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
            }
            if written != nil { found.append(String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)) }
        }
        return ordered(found)
    }

    /// `addresses` without duplicates, loopback or link-local ones (169.254.x.x, which a router
    /// never gave), the ranges home routers hand out first (192.168, then 10, then 172.16–31: a
    /// container bridge is usually the last), then the rest as given.
    static func ordered(_ addresses: [String]) -> [String] {
        var seen = Set<String>()
        let kept = addresses.filter { address in
            guard let octets = octets(address), octets[0] != 127, !(octets[0] == 169 && octets[1] == 254) else {
                return false
            }
            return seen.insert(address).inserted
        }
        func rank(_ address: String) -> Int {
            guard let octets = octets(address) else { return 4 }
            if octets[0] == 192 && octets[1] == 168 { return 0 }
            if octets[0] == 10 { return 1 }
            if octets[0] == 172 && (16...31).contains(octets[1]) { return 2 }
            return 3
        }
        return kept.enumerated()
            .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }

    /// The four numbers of a dotted IPv4 address; nil for anything else.
    private static func octets(_ address: String) -> [Int]? {
        let parts = address.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 4, parts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 256) <= 255 }) else { return nil }
        return parts.compactMap { $0 }
    }
}
