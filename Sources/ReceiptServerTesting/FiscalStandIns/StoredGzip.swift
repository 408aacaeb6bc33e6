import Foundation

/// A gzip stream (RFC 1952) whose deflate data is stored blocks (RFC 1951, BTYPE 00): valid gzip
/// that any reader inflates, written without a compressor, so that a stand-in can answer
/// `Content-Encoding: gzip` as the real services may.
enum StoredGzip {
    static func encode(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let last = offset + length == bytes.count
            out.append(last ? 1 : 0)
            out.append(contentsOf: [UInt8(length & 0xff), UInt8(length >> 8)])
            out.append(contentsOf: [UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff)])
            out.append(contentsOf: bytes[offset..<offset + length])
            offset += length
        } while offset < bytes.count
        out.append(contentsOf: littleEndian(crc32(bytes)))
        out.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: bytes.count)))
        return out
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        return ~crc
    }
}
