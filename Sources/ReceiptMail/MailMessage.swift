import Foundation
import ReceiptCore

/// One e-mail letter read as its MIME structure says (RFC 5322, 2045–2047, 2231): its headers
/// decoded, and its parts with their transfer encodings undone.
///
/// Reading never fails: a letter is outside input, and a broken one (no blank line after the
/// headers, a boundary that never closes, a base64 body with stray characters) is read as far as it
/// makes sense. Nested multiparts are followed ten deep at most, and a forwarded letter
/// (`message/rfc822`) is read as parts of this one.
public struct MailMessage: Sendable {
    /// The headers in order, each unfolded, values as written (encoded words not yet decoded).
    public let headers: [(name: String, value: String)]
    /// The leaf parts in the order the letter holds them: texts, images, attachments.
    public let parts: [MailPart]

    /// The letter in `bytes`, CRLF or LF line ends alike.
    public init(bytes: some Collection<UInt8>) {
        let all = Array(bytes)
        let (headers, bodyStart) = MailMessage.readHeaders(all[...])
        self.headers = headers
        var parts: [MailPart] = []
        MailMessage.collect(headers: headers, body: all[bodyStart...], depth: 0, into: &parts)
        self.parts = parts
    }

    /// The first header of that name (any letter case), its encoded words decoded.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map {
            EncodedWords.decode($0.value).trimmingCharacters(in: .whitespaces)
        }
    }

    /// `Subject`, decoded.
    public var subject: String? { header("Subject") }

    /// The address of `From` in lower case (`noreply@ofd.ru`), without its display name.
    public var fromAddress: String? { header("From").flatMap(MailMessage.address(in:)) }

    /// `Message-ID` as written, angle brackets included; nil when the letter has none.
    public var messageID: String? {
        guard let value = header("Message-ID"), !value.isEmpty else { return nil }
        return value
    }

    /// The address inside `<…>` of a header's value, or the value itself when it is a bare address.
    static func address(in value: String) -> String? {
        var candidate = value
        if let open = value.lastIndex(of: "<"), let close = value[open...].firstIndex(of: ">") {
            candidate = String(value[value.index(after: open)..<close])
        }
        candidate = candidate.trimmingCharacters(in: .whitespaces).lowercased()
        return candidate.contains("@") ? candidate : nil
    }

    // MARK: Reading

    /// The header block's fields and where the body starts (after the first empty line).
    static func readHeaders(_ bytes: ArraySlice<UInt8>) -> ([(name: String, value: String)], Int) {
        var fields: [(name: String, value: String)] = []
        var index = bytes.startIndex
        var current: [UInt8] = []
        func finish() {
            guard !current.isEmpty else { return }
            let text = String(decoding: current, as: UTF8.self)
            if let colon = text.firstIndex(of: ":") {
                let name = text[..<colon].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, !name.contains(" ") {
                    fields.append((name, String(text[text.index(after: colon)...])))
                }
            }
            current = []
        }
        while index < bytes.endIndex {
            let lineEnd = bytes[index...].firstIndex(of: 0x0A) ?? bytes.endIndex
            var line = bytes[index..<lineEnd]
            if line.last == 0x0D { line = line.dropLast() }
            let next = lineEnd < bytes.endIndex ? lineEnd + 1 : lineEnd
            if line.isEmpty {
                finish()
                return (fields, next)
            }
            if line.first == 0x20 || line.first == 0x09 {
                current.append(0x20)
                current.append(contentsOf: line.drop { $0 == 0x20 || $0 == 0x09 })
            } else {
                // An mbox's `From ` separator line is no header.
                if fields.isEmpty, current.isEmpty, line.starts(with: Array("From ".utf8)) {
                    index = next
                    continue
                }
                finish()
                current = Array(line)
            }
            index = next
        }
        finish()
        return (fields, bytes.endIndex)
    }

    /// The leaf parts under one entity with these headers and this body.
    static func collect(
        headers: [(name: String, value: String)], body: ArraySlice<UInt8>, depth: Int, into parts: inout [MailPart]
    ) {
        let value = headers.first { $0.name.lowercased() == "content-type" }?.value ?? "text/plain"
        let type = HeaderParameters(value)
        let encoding = headers.first { $0.name.lowercased() == "content-transfer-encoding" }?.value
            .trimmingCharacters(in: .whitespaces).lowercased()
        if type.value.hasPrefix("multipart/"), depth < 10, let boundary = type.parameters["boundary"],
            !boundary.isEmpty
        {
            for section in split(body, boundary: boundary) {
                let (partHeaders, start) = readHeaders(section)
                collect(headers: partHeaders, body: section[start...], depth: depth + 1, into: &parts)
            }
            return
        }
        let decoded = TransferEncoding.decode(body, encoding: encoding ?? "7bit")
        if type.value == "message/rfc822", depth < 10 {
            let (innerHeaders, start) = readHeaders(decoded[...])
            collect(headers: innerHeaders, body: decoded[start...], depth: depth + 1, into: &parts)
            return
        }
        let disposition = headers.first { $0.name.lowercased() == "content-disposition" }.map {
            HeaderParameters($0.value)
        }
        let contentID = headers.first { $0.name.lowercased() == "content-id" }.map {
            $0.value.trimmingCharacters(in: CharacterSet(charactersIn: " \t<>"))
        }
        parts.append(
            MailPart(
                type: type.value.isEmpty ? "text/plain" : type.value, charset: type.parameters["charset"],
                contentID: contentID, filename: disposition?.parameters["filename"] ?? type.parameters["name"],
                body: decoded))
    }

    /// The sections between a multipart body's boundary lines (`--boundary`), up to the closing one
    /// (`--boundary--`) or the end; the preamble and epilogue left out.
    static func split(_ body: ArraySlice<UInt8>, boundary: String) -> [ArraySlice<UInt8>] {
        let marker = Array("--\(boundary)".utf8)
        var sections: [ArraySlice<UInt8>] = []
        var sectionStart: Int?
        var index = body.startIndex
        while index < body.endIndex {
            let lineEnd = body[index...].firstIndex(of: 0x0A) ?? body.endIndex
            let line = body[index..<lineEnd]
            let next = lineEnd < body.endIndex ? lineEnd + 1 : lineEnd
            if line.starts(with: marker) {
                let rest = line.dropFirst(marker.count)
                let closing = rest.starts(with: [0x2D, 0x2D])
                let tail = closing ? rest.dropFirst(2) : rest
                if tail.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    if let start = sectionStart {
                        // The line break before the boundary belongs to the boundary.
                        var end = index
                        if end > start, body[end - 1] == 0x0A { end -= 1 }
                        if end > start, body[end - 1] == 0x0D { end -= 1 }
                        sections.append(body[start..<end])
                    }
                    if closing { return sections }
                    sectionStart = next
                }
            }
            index = next
        }
        if let start = sectionStart, start < body.endIndex { sections.append(body[start...]) }
        return sections
    }
}

/// One leaf part of a letter: a text, an image, an attachment, its transfer encoding undone.
public struct MailPart: Sendable {
    /// `text/html`, `image/png`…, in lower case.
    public let type: String
    /// The declared character set of a text, in lower case; nil when none is declared.
    public let charset: String?
    /// `Content-ID` without its angle brackets: what an HTML part's `cid:` addresses.
    public let contentID: String?
    /// The attachment's file name, when it has one.
    public let filename: String?
    /// The bytes, decoded from base64 or quoted-printable.
    public let body: [UInt8]

    /// A part.
    public init(type: String, charset: String?, contentID: String?, filename: String?, body: [UInt8]) {
        self.type = type.lowercased()
        self.charset = charset?.lowercased()
        self.contentID = contentID
        self.filename = filename
        self.body = body
    }

    /// Whether this is a text a person reads (`text/plain`, `text/html`).
    public var isText: Bool { type == "text/plain" || type == "text/html" }

    /// The text, decoded by its declared charset (UTF-8 when none is declared or it is unknown;
    /// bytes that are not UTF-8 then read as windows-1251, the commonest other one in Russian mail).
    public var text: String { MailPart.decode(body, charset: charset) }

    /// `bytes` as text in `charset`.
    static func decode(_ bytes: [UInt8], charset: String?) -> String {
        let name = charset?.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased() ?? "utf-8"
        if let table = SingleByteCharset.table(named: name) { return SingleByteCharset.decode(bytes, with: table) }
        if name == "iso-8859-1" || name == "latin1" || name == "us-ascii" && bytes.contains(where: { $0 >= 0x80 }) {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return SingleByteCharset.decode(bytes, with: SingleByteCharset.windows1251)
    }
}

/// A header value's main word and its parameters: `text/html; charset="utf-8"` is `text/html`
/// with `charset` = `utf-8`. RFC 2231's `name*=charset''%D0%A7` and continued `name*0*=` are read.
struct HeaderParameters {
    /// The value before the first `;`, in lower case.
    let value: String
    /// The parameters by lower-case name, quotes taken off and RFC 2231 encoding undone.
    let parameters: [String: String]

    init(_ header: String) {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in header {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quoted {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
                current.append(character)
            } else if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        value = pieces[0].trimmingCharacters(in: .whitespaces).lowercased()
        var plain: [String: String] = [:]
        var extended: [String: [(Int, String, Bool)]] = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            var name = piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var text = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast())
            }
            guard name.contains("*") else {
                plain[name] = EncodedWords.decode(text)
                continue
            }
            let encoded = name.hasSuffix("*")
            if encoded { name.removeLast() }
            var index = 0
            if let star = name.firstIndex(of: "*") {
                index = Int(name[name.index(after: star)...]) ?? 0
                name = String(name[..<star])
            }
            extended[name, default: []].append((index, text, encoded))
        }
        for (name, pieces) in extended {
            let ordered = pieces.sorted { $0.0 < $1.0 }
            var charset = "utf-8"
            var bytes: [UInt8] = []
            for (position, piece) in ordered.enumerated() {
                var text = Substring(piece.1)
                if position == 0, piece.2 {
                    let fields = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                    if fields.count == 3 {
                        charset = fields[0].lowercased()
                        text = fields[2]
                    }
                }
                bytes += piece.2 ? PercentDecoding.bytes(text.utf8) : Array(text.utf8)
            }
            plain[name] = MailPart.decode(bytes, charset: charset)
        }
        parameters = plain
    }
}
