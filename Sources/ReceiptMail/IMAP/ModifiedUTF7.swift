/// IMAP's modified UTF-7 (RFC 3501 5.1.3), the only way IMAP4rev1 names a folder outside ASCII:
/// printable ASCII stands for itself (`&` as `&-`), and every other run is its UTF-16 in base64 with
/// `,` for `/`, no padding, between `&` and `-`. «Чеки» is `&BCcENQQ6BDg-`.
enum ModifiedUTF7 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,".utf8)

    /// The folder name as the server wants it.
    static func encode(_ name: String) -> String {
        var encoded = ""
        var run: [UInt16] = []
        func flush() {
            guard !run.isEmpty else { return }
            encoded += "&" + base64(run) + "-"
            run.removeAll()
        }
        for scalar in name.unicodeScalars {
            if (0x20...0x7E).contains(scalar.value) {
                flush()
                encoded += scalar == "&" ? "&-" : String(scalar)
            } else {
                run.append(contentsOf: Character(scalar).utf16)
            }
        }
        flush()
        return encoded
    }

    /// The folder name the server wrote, decoded; nil when it is not valid modified UTF-7.
    static func decode(_ text: String) -> String? {
        var decoded: [UInt16] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard (0x20...0x7E).contains(byte) else { return nil }
            guard byte == UInt8(ascii: "&") else {
                decoded.append(UInt16(byte))
                continue
            }
            guard let end = bytes.firstIndex(of: UInt8(ascii: "-")) else { return nil }
            let shifted = bytes[..<end]
            bytes = bytes[(end + 1)...]
            if shifted.isEmpty {
                decoded.append(UInt16(UInt8(ascii: "&")))
                continue
            }
            guard let units = unbase64(shifted) else { return nil }
            decoded += units
        }
        return String(validating: decoded, as: UTF16.self)
    }

    private static func base64(_ units: [UInt16]) -> String {
        let bytes = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            let characters = chunk.count + 1
            for position in 0..<characters {
                out.append(alphabet[Int((value >> (18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func unbase64(_ text: ArraySlice<UInt8>) -> [UInt16]? {
        var bits: UInt32 = 0
        var count = 0
        var bytes: [UInt8] = []
        for character in text {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                bytes.append(UInt8((bits >> UInt32(count)) & 0xFF))
            }
        }
        // What is left over must be padding zeros, and the bytes whole UTF-16 units.
        guard count < 6, bits & ((1 << UInt32(count)) - 1) == 0, bytes.count.isMultiple(of: 2), !bytes.isEmpty else {
            return nil
        }
        return stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
    }
}
