/// A piece of a command as the client writes it: words of the protocol as they are, and strings
/// (a login, a password, a folder) quoted, or sent as a literal when quoting cannot carry them.
enum IMAPArgument: ExpressibleByStringLiteral {
    /// Protocol words, written as they are.
    case raw(String)
    /// A string, quoted or a literal (RFC 3501 4.3, 4.3).
    case string(String)

    /// Protocol words.
    init(stringLiteral value: String) { self = .raw(value) }

    /// How it goes on the wire.
    enum Encoded: Equatable {
        /// In the line.
        case inline([UInt8])
        /// As a literal: `{n}` CRLF, the server's `+`, then these bytes.
        case literal([UInt8])
    }

    /// Quoted when every byte is 7-bit text (no NUL, CR or LF), with `"` and `\` escaped; else a
    /// literal (8-bit bytes: a password with Cyrillic letters in UTF-8).
    var encoded: Encoded {
        switch self {
        case .raw(let words): return .inline(Array(words.utf8))
        case .string(let text):
            let bytes = Array(text.utf8)
            guard bytes.allSatisfy({ (1...0x7F).contains($0) && $0 != 13 && $0 != 10 }) else { return .literal(bytes) }
            var quoted: [UInt8] = [34]
            for byte in bytes {
                if byte == 34 || byte == 92 { quoted.append(92) }
                quoted.append(byte)
            }
            return .inline(quoted + [34])
        }
    }
}

/// A set of UIDs as IMAP writes it, runs folded into ranges: `1:5,9,12:14`.
struct UIDSet: CustomStringConvertible {
    private let uids: [UInt32]

    /// The set of `uids`, in any order, repeated ones once.
    init<UIDs: Sequence>(_ uids: UIDs) where UIDs.Element == UInt32 { self.uids = Array(Set(uids)).sorted() }

    /// `1:5,9,12:14`.
    var description: String {
        var ranges: [String] = []
        var index = 0
        while index < uids.count {
            var end = index
            while end + 1 < uids.count, uids[end + 1] == uids[end] + 1 { end += 1 }
            ranges.append(end == index ? "\(uids[index])" : "\(uids[index]):\(uids[end])")
            index = end + 1
        }
        return ranges.joined(separator: ",")
    }
}

/// Reading one field of a letter's header as `BODY[HEADER.FIELDS (…)]` returns it.
enum MessageHeader {
    /// The Message-ID (`<…@…>`) in `header`, its folded lines joined; nil when it has none.
    static func identifier(in header: [UInt8]) -> String? {
        let text = String(decoding: header, as: UTF8.self)
        var value: String?
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if let first = line.first, first == " " || first == "\t" {
                value? += line.trimmingCharacters(in: [" ", "\t"])
            } else if value == nil, line.lowercased().hasPrefix("message-id:") {
                value = String(line.dropFirst("message-id:".count)).trimmingCharacters(in: [" ", "\t"])
            } else if value != nil {
                break
            }
        }
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop(while: set.contains).reversed().drop(while: set.contains).reversed())
    }
}
