extension StringProtocol {
    /// The text without white space and line breaks at either end.
    public func trimmingWhitespace() -> String {
        let text = String(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}

extension StringProtocol {
    /// The text as a terminal may show it without obeying it: each control character (C0, DEL, C1)
    /// becomes its visible picture (`ESC` → `␛`, a line break → `␊`, DEL → `␡`, a C1 control → `�`),
    /// and the controls that reorder text on screen (bidirectional embeddings, overrides and
    /// isolates) become `�`. A shop or an item name printed this way cannot clear the screen, retitle
    /// the window, write the clipboard (OSC 52) or start a line of its own. With `keepingLines`, line
    /// breaks (`\n`, `\r\n`) are kept: for whole outputs whose lines the tool made (CSV's too).
    public func visible(keepingLines: Bool = false) -> String {
        // Most text holds no control at all: looked at once, without copying it.
        guard unicodeScalars.contains(where: Self.hidden) else { return String(self) }
        let scalars = Array(unicodeScalars)
        var shown = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let lineBreak =
                scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
            guard Self.hidden(scalar), !(keepingLines && lineBreak) else {
                shown.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x00...0x1F: shown.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: shown.append("\u{2421}")
            default: shown.append("\u{FFFD}")
            }
        }
        return String(shown)
    }

    /// Whether `scalar` is a control that a terminal obeys or that reorders text.
    private static func hidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// Byte-level helpers for the ASCII texts of payloads and amounts.
enum ASCII {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The bytes without ASCII white space at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }

    /// `%XX` escapes and `+` decoded as in a URL query; malformed escapes are kept as they are.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return Array(bytes) }
        return PercentDecoding.bytes(bytes, plusIsSpace: true)
    }
}

/// Percent escapes (`%D0%A7`) as the bytes they stand for: in QR payloads, web addresses and the
/// parameters of e-mail headers (RFC 2231) alike.
public enum PercentDecoding {
    /// `bytes` with each `%XX` as its byte, a malformed escape kept as it is, and `+` as a space
    /// when `plusIsSpace` (a URL query's form encoding; not in a header's parameter).
    public static func bytes(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = false) -> [UInt8] {
        let source = Array(bytes)
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), index + 2 < source.count, let high = hexValue(source[index + 1]),
                let low = hexValue(source[index + 2])
            {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return result
    }

    /// The value of a hexadecimal digit, either case; nil for any other byte.
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension ASCII {
    /// Zero-padded decimal fields with a separator after each but the last, written in one
    /// allocation: dates and months are formatted for every receipt saved or listed. Each value
    /// must fit its width (the callers' values are checked calendar fields).
    static func fixedWidth(_ fields: (value: Int, width: Int)..., separators: [UInt8]) -> String {
        let length = fields.reduce(0) { $0 + $1.width } + separators.count
        return String(unsafeUninitializedCapacity: length) { text in
            var end = 0
            for (index, field) in fields.enumerated() {
                var value = field.value
                for position in stride(from: end + field.width - 1, through: end, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                end += field.width
                if index < separators.count {
                    text[end] = separators[index]
                    end += 1
                }
            }
            return end
        }
    }
}
