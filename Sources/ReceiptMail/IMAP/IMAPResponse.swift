/// One server response as the client uses it (RFC 3501 7): the ones it acts on are read in full,
/// every other untagged answer (FLAGS, CAPABILITY, LIST, RECENT…) is named and let go.
enum IMAPResponse: Equatable, Sendable {
    /// The end of a command: its tag and how it went.
    case tagged(tag: String, IMAPStatus)
    /// An untagged OK, NO, BAD, BYE or PREAUTH: the greeting, a warning, a response code.
    case status(IMAPStatus)
    /// `* n EXISTS`: how many messages the selected folder holds.
    case exists(Int)
    /// `* SEARCH n n …`: the numbers found (UIDs after UID SEARCH).
    case search([UInt32])
    /// `* n FETCH (…)`: a message's data items by their names in capitals (`UID`, `BODY[]`).
    case fetch(sequence: Int, items: [String: IMAPValue])
    /// `+ …`: the server waits for the rest of a command (a literal).
    case continuation
    /// Any other untagged response, by its name.
    case other(String)
}

/// A server's state response: OK, NO, BAD, BYE or PREAUTH, its response code and its words.
struct IMAPStatus: Equatable, Sendable {
    /// The kinds of state response.
    enum Kind: String, Sendable {
        case ok = "OK"
        case no = "NO"
        case bad = "BAD"
        case bye = "BYE"
        case preauth = "PREAUTH"
    }

    /// What it says.
    var kind: Kind
    /// The response code between brackets, as written (`UIDVALIDITY 3857529045`), if any.
    var code: String?
    /// The human-readable words after it.
    var text: String

    /// The code's first word in capitals (`UIDVALIDITY`, `AUTHENTICATIONFAILED`).
    var codeName: String? { code.map { String($0.prefix { $0 != " " }).uppercased() } }

    /// The server's words with their code, for messages.
    var detail: String { [code.map { "[\($0)]" }, text].compactMap { $0 }.joined(separator: " ") }
}

/// A value inside a response: an atom (numbers too), a string (quoted or a literal), a list, NIL.
enum IMAPValue: Equatable, Sendable {
    /// An atom, or a number as its digits; a body section's name with its brackets (`BODY[]`).
    case atom(String)
    /// A quoted string or a literal, as bytes.
    case string([UInt8])
    /// A parenthesised list.
    case list([IMAPValue])
    /// NIL.
    case none
}

extension IMAPResponse {
    /// Reads one whole response as `IMAPResponseReader` cut it.
    init(parts: [IMAPResponsePart]) throws(IMAPError) {
        guard case .text(let line)? = parts.first else { throw .protocolViolation("a response without a line") }
        var words = IMAPWords(line)
        let first = words.word()
        if first == "+" {
            self = .continuation
            return
        }
        if first != "*" {
            guard !first.isEmpty, first.utf8.allSatisfy(Self.isTagCharacter) else {
                throw .protocolViolation("a response that starts with neither *, + nor a tag: \(Self.shown(line))")
            }
            let kind = IMAPStatus.Kind(rawValue: words.word().uppercased())
            guard let kind, [.ok, .no, .bad].contains(kind) else {
                throw .protocolViolation("a tagged response that is not OK, NO or BAD: \(Self.shown(line))")
            }
            self = .tagged(tag: first, IMAPStatus(kind: kind, remainder: words.rest))
            return
        }
        let name = words.word()
        if let kind = IMAPStatus.Kind(rawValue: name.uppercased()) {
            self = .status(IMAPStatus(kind: kind, remainder: words.rest))
        } else if name.uppercased() == "SEARCH" {
            let numbers = words.rest.split(separator: " ").map { UInt32($0) }
            guard numbers.allSatisfy({ $0 != nil }) else {
                throw .protocolViolation("a SEARCH answer with something other than numbers: \(Self.shown(line))")
            }
            self = .search(numbers.compactMap { $0 })
        } else if let number = Int(name), number >= 0, name.utf8.allSatisfy({ (48...57).contains($0) }) {
            self = try Self.numbered(number, words: &words, parts: parts, line: line)
        } else if !name.isEmpty {
            self = .other(name.uppercased())
        } else {
            throw .protocolViolation("an untagged response without a name: \(Self.shown(line))")
        }
    }

    private static func numbered(_ number: Int, words: inout IMAPWords, parts: [IMAPResponsePart], line: [UInt8])
        throws(IMAPError) -> IMAPResponse
    {
        let name = words.word().uppercased()
        switch name {
        case "EXISTS": return .exists(number)
        case "FETCH":
            var tokens = IMAPTokens(parts: parts, offset: words.offset)
            guard case .list(let values) = try tokens.value(), tokens.isAtEnd else {
                throw .protocolViolation("a FETCH answer that is not one list: \(shown(line))")
            }
            guard values.count.isMultiple(of: 2) else {
                throw .protocolViolation("a FETCH answer with a name and no value: \(shown(line))")
            }
            var items: [String: IMAPValue] = [:]
            for index in stride(from: 0, to: values.count, by: 2) {
                guard case .atom(let item) = values[index] else {
                    throw .protocolViolation("a FETCH answer whose item has no name: \(shown(line))")
                }
                items[item.uppercased()] = values[index + 1]
            }
            return .fetch(sequence: number, items: items)
        case "": throw .protocolViolation("a number and nothing after it: \(shown(line))")
        default: return .other(name)
        }
    }

    /// tag = 1*<any ASTRING-CHAR except "+">: printable ASCII but the specials.
    private static func isTagCharacter(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !Array("(){%*\"\\]+".utf8).contains(byte)
    }

    /// The beginning of a line for a message: the server's own text, cut short.
    static func shown(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(120), as: UTF8.self)
        return line.count > 120 ? text + "…" : text
    }
}

extension IMAPStatus {
    /// Reads `[code] text` after the status word.
    init(kind: Kind, remainder: String) {
        self.kind = kind
        if remainder.hasPrefix("["), let close = remainder.firstIndex(of: "]") {
            code = String(remainder[remainder.index(after: remainder.startIndex)..<close])
            text = String(remainder[remainder.index(after: close)...]).trimmingLeadingSpaces()
        } else {
            code = nil
            text = remainder
        }
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}

/// Words separated by single spaces at the start of a response's first line.
private struct IMAPWords {
    let line: [UInt8]
    var offset = 0

    init(_ line: [UInt8]) { self.line = line }

    /// The next word; empty at the end of the line.
    mutating func word() -> String {
        let end = line[offset...].firstIndex(of: 32) ?? line.count
        let word = String(decoding: line[offset..<end], as: UTF8.self)
        offset = min(end + 1, line.count)
        return word
    }

    /// The rest of the line as text.
    var rest: String { String(decoding: line[offset...], as: UTF8.self) }
}
