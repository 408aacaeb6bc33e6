import Foundation
import ReceiptCore

/// Bodies' transfer encodings (RFC 2045) and headers' encoded words (RFC 2047) undone.
enum TransferEncoding {
    /// `body` decoded as `encoding` says: `base64`, `quoted-printable`, or as it is (`7bit`, `8bit`,
    /// `binary`, or a name not known).
    static func decode(_ body: ArraySlice<UInt8>, encoding: String) -> [UInt8] {
        switch encoding {
        case "base64": return base64(body)
        case "quoted-printable": return quotedPrintable(body, underscoreIsSpace: false)
        default: return Array(body)
        }
    }

    /// Base64 with every character outside its alphabet passed over (line breaks, a stray space),
    /// and whatever a broken last group holds dropped.
    static func base64(_ text: some Sequence<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var accumulator: UInt32 = 0
        var count = 0
        for byte in text {
            let value: UInt32
            switch byte {
            case 0x41...0x5A: value = UInt32(byte - 0x41)
            case 0x61...0x7A: value = UInt32(byte - 0x61 + 26)
            case 0x30...0x39: value = UInt32(byte - 0x30 + 52)
            case 0x2B, 0x2D: value = 62
            case 0x2F, 0x5F: value = 63
            default: continue
            }
            accumulator = accumulator << 6 | value
            count += 1
            if count == 4 {
                result.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                result.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                result.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                count = 0
            }
        }
        if count == 3 {
            result.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            result.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        } else if count == 2 {
            result.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        }
        return result
    }

    /// Quoted-printable: `=XX` as the byte, `=` at a line's end (a soft break) as nothing, a `=`
    /// followed by anything else as it is; `_` as a space in an encoded word's `Q` form.
    static func quotedPrintable(_ text: some Collection<UInt8>, underscoreIsSpace: Bool) -> [UInt8] {
        let source = Array(text)
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x3D {
                // A soft line break: `=` then optional blanks then CRLF or LF.
                var after = index + 1
                while after < source.count, source[after] == 0x20 || source[after] == 0x09 { after += 1 }
                if after < source.count, source[after] == 0x0A {
                    index = after + 1
                    continue
                }
                if after + 1 < source.count, source[after] == 0x0D, source[after + 1] == 0x0A {
                    index = after + 2
                    continue
                }
                if after >= source.count {
                    index = after
                    continue
                }
                if index + 2 < source.count, let high = PercentDecoding.hexValue(source[index + 1]),
                    let low = PercentDecoding.hexValue(source[index + 2])
                {
                    result.append(high << 4 | low)
                    index += 3
                    continue
                }
                result.append(byte)
            } else if byte == 0x5F, underscoreIsSpace {
                result.append(0x20)
            } else {
                result.append(byte)
            }
            index += 1
        }
        return result
    }
}

/// RFC 2047's encoded words in a header: `=?utf-8?B?0KfQtdC6?=` as `Чек`; blanks between two
/// encoded words dropped, as the RFC says.
enum EncodedWords {
    static func decode(_ value: String) -> String {
        guard value.contains("=?") else { return value }
        var result = ""
        var rest = Substring(value)
        var pendingBlank = ""
        var lastWasEncoded = false
        while !rest.isEmpty {
            if let start = rest.range(of: "=?"), let word = encodedWord(in: rest[start.lowerBound...]) {
                let before = rest[..<start.lowerBound]
                if before.allSatisfy({ $0 == " " || $0 == "\t" }) && lastWasEncoded {
                    // Only blanks since the last encoded word: dropped.
                } else {
                    result += pendingBlank + before
                }
                pendingBlank = ""
                result += word.text
                rest = rest[word.end...]
                lastWasEncoded = true
            } else if let start = rest.range(of: "=?") {
                result += rest[..<start.upperBound]
                rest = rest[start.upperBound...]
                lastWasEncoded = false
            } else {
                result += rest
                rest = ""
            }
        }
        return result
    }

    /// The encoded word `text` starts with: its decoded text and where it ends.
    private static func encodedWord(in text: Substring) -> (text: String, end: Substring.Index)? {
        let parts = text.dropFirst(2)
        guard let firstMark = parts.firstIndex(of: "?") else { return nil }
        var charset = parts[..<firstMark].lowercased()
        if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) }  // RFC 2231 language
        let afterCharset = parts[parts.index(after: firstMark)...]
        guard let secondMark = afterCharset.firstIndex(of: "?") else { return nil }
        let encoding = afterCharset[..<secondMark].uppercased()
        let payloadStart = afterCharset.index(after: secondMark)
        guard let end = afterCharset[payloadStart...].range(of: "?=") else { return nil }
        let payload = afterCharset[payloadStart..<end.lowerBound]
        guard !payload.contains(" ") else { return nil }
        let bytes: [UInt8]
        switch encoding {
        case "B": bytes = TransferEncoding.base64(payload.utf8)
        case "Q": bytes = TransferEncoding.quotedPrintable(Array(payload.utf8), underscoreIsSpace: true)
        default: return nil
        }
        return (MailPart.decode(bytes, charset: charset), end.upperBound)
    }
}
