/// An HTML letter as the lines a person sees, with its links, its images and the values that
/// carry a fiscal tag in their class (`receipt-value-1030`, as Такском marks them).
///
/// Not a browser: tags are read for their names and the attributes that matter here (`href`,
/// `src`, `class`), scripts and styles are left out, entities decoded. A cell (`td`, `th`) ends with
/// a tab and a row or block (`tr`, `div`, `p`, `br`…) with a new line, so a table row reads as one
/// line of cells. Blanks of every kind (the non-breaking space of `1 285,00` among them) read as
/// one space.
struct HTMLText {
    /// The lines, each its cells joined by tabs, trimmed; empty lines left out.
    private(set) var lines: [String] = []
    /// Every `href`, entities decoded, in order.
    private(set) var links: [String] = []
    /// Every `img`'s `src`.
    private(set) var images: [String] = []
    /// The texts of elements whose class is `receipt-value-N`: the tag N, the text, and the number
    /// of the element of class `item` they are inside (nil outside any).
    private(set) var tagged: [(tag: Int, text: String, item: Int?)] = []

    private static let blocks: Set<String> = [
        "br", "p", "div", "tr", "li", "ul", "ol", "table", "tbody", "thead", "tfoot", "h1", "h2", "h3", "h4", "h5",
        "h6", "section", "article", "header", "footer", "hr", "center", "blockquote", "pre", "dl", "dt", "dd",
        "title", "form", "body", "html",
    ]

    init(_ html: String) {
        let bytes = Array(html.utf8)
        var index = 0
        var cell: [UInt8] = []
        var cells: [String] = []
        // Elements of class `item` open, by name, and how deep: the item's number stays while inside.
        var itemCount = 0
        var itemStack: [(name: String, depth: Int)] = []
        var depthByName: [String: Int] = [:]
        var capture: (tag: Int, name: String, depth: Int, text: [UInt8])?

        func finishCell() {
            let text = HTMLText.collapse(cell)
            if !text.isEmpty { cells.append(text) }
            cell = []
        }
        func finishLine() {
            finishCell()
            if !cells.isEmpty { lines.append(cells.joined(separator: "\t")) }
            cells = []
        }
        // Inside `pre` a line break is a line's end, as the preformatted text shows it.
        var preformatted = 0
        func appendText(_ text: ArraySlice<UInt8>) {
            let decoded = HTMLText.decodeEntities(text)
            capture?.text += decoded
            guard preformatted > 0 else {
                cell += decoded
                return
            }
            for (position, piece) in decoded.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                if position > 0 { finishLine() }
                cell += piece
            }
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                appendText(bytes[index..<end])
                index = end
                continue
            }
            // A comment, a declaration, a tag.
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = HTMLText.find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            guard let tag = HTMLText.readTag(bytes, at: index) else {
                appendText(bytes[index..<index + 1])
                index += 1
                continue
            }
            index = tag.end
            let name = tag.name
            if !tag.closing, name == "script" || name == "style" {
                let closing = Array("</\(name)".utf8)
                index = HTMLText.findCaseless(closing, in: bytes, from: index) ?? bytes.count
                continue
            }
            if name == "pre" { preformatted = max(0, preformatted + (tag.closing ? -1 : 1)) }
            if tag.closing {
                if name == "td" || name == "th" { finishCell() }
                if HTMLText.blocks.contains(name) { finishLine() }
                let depth = (depthByName[name] ?? 1) - 1
                depthByName[name] = max(depth, 0)
                if let open = capture, open.name == name, open.depth == depth {
                    let text = HTMLText.collapse(open.text)
                    tagged.append((open.tag, text, itemStack.isEmpty ? nil : itemCount))
                    capture = nil
                }
                if let last = itemStack.last, last.name == name, last.depth == depth { itemStack.removeLast() }
                continue
            }
            if name == "td" || name == "th" { finishCell() }
            if HTMLText.blocks.contains(name) { finishLine() }
            if name == "a", let href = tag.attributes["href"] { links.append(href) }
            if name == "img", let src = tag.attributes["src"] { images.append(src) }
            if HTMLText.voids.contains(name) || tag.selfClosing { continue }
            let depth = depthByName[name] ?? 0
            depthByName[name] = depth + 1
            let classes = (tag.attributes["class"] ?? "").split(separator: " ")
            if classes.contains("item") {
                itemCount += 1
                itemStack.append((name, depth))
            }
            if capture == nil,
                let valueClass = classes.first(where: { $0.hasPrefix("receipt-value-") }),
                let number = Int(valueClass.dropFirst("receipt-value-".count))
            {
                capture = (number, name, depth, [])
            }
        }
        finishLine()
    }

    private static let voids: Set<String> = ["br", "img", "hr", "meta", "link", "input", "col", "area", "base", "wbr"]

    /// A tag at `start` (`<` there): its lower-case name, whether it closes, its attributes.
    private static func readTag(_ bytes: [UInt8], at start: Int)
        -> (name: String, closing: Bool, selfClosing: Bool, attributes: [String: String], end: Int)?
    {
        var index = start + 1
        var closing = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            closing = true
            index += 1
        }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else {
            // `<!DOCTYPE …>` and `<?xml …?>`: passed over whole.
            if index < bytes.count, bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "?") {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1
                return ("!", false, true, [:], end + 1)
            }
            return nil
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return (name, closing, selfClosing, attributes, index + 1) }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                index += 1
                continue
            }
            guard isNameByte(byte) else {
                index += 1
                continue
            }
            selfClosing = false
            let keyStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let key = String(decoding: bytes[keyStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                attributes[key] = ""
                continue
            }
            index += 1
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
            guard index < bytes.count else { break }
            let value: ArraySlice<UInt8>
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                let quote = bytes[index]
                let end = bytes[(index + 1)...].firstIndex(of: quote) ?? bytes.count
                value = bytes[(index + 1)..<end]
                index = min(end + 1, bytes.count)
            } else {
                let valueStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != 0x20,
                    bytes[index] != 0x09, bytes[index] != 0x0A, bytes[index] != 0x0D
                {
                    index += 1
                }
                value = bytes[valueStart..<index]
            }
            if attributes[key] == nil {
                attributes[key] = String(decoding: decodeEntities(value), as: UTF8.self)
            }
        }
        return (name, closing, selfClosing, attributes, bytes.count)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func findCaseless(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if zip(bytes[index..<index + needle.count], needle).allSatisfy({ lower($0) == lower($1) }) { return index }
            index += 1
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// Text with its blanks (spaces, tabs, line breaks, the non-breaking and thin spaces) as single
    /// spaces, trimmed.
    static func collapse(_ bytes: [UInt8]) -> String {
        var result = String()
        var blank = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0xA0, 0x2007, 0x2009, 0x200A, 0x202F, 0x2002, 0x2003:
                blank = true
            case 0x200B, 0xFEFF, 0xAD:
                continue  // zero-width space, byte-order mark, soft hyphen
            default:
                if blank, !result.isEmpty { result.append(" ") }
                blank = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `&amp;`, `&nbsp;`, `&#8381;`, `&#x20BD;` and the other entities a letter uses, as UTF-8.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"),
                let semicolon = bytes[index..<min(index + 12, bytes.endIndex)].firstIndex(of: UInt8(ascii: ";"))
            else {
                result.append(byte)
                index += 1
                continue
            }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                scalar = entities[name].flatMap(Unicode.Scalar.init)
            }
            guard let scalar else {
                result.append(byte)
                index += 1
                continue
            }
            result += Array(String(Character(scalar)).utf8)
            index = semicolon + 1
        }
        return result
    }

    private static let entities: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0, "laquo": 0xAB,
        "raquo": 0xBB, "ndash": 0x2013, "mdash": 0x2014, "times": 0xD7, "thinsp": 0x2009, "ensp": 0x2002,
        "emsp": 0x2003, "hellip": 0x2026, "copy": 0xA9, "reg": 0xAE, "deg": 0xB0, "middot": 0xB7, "shy": 0xAD,
        "rsquo": 0x2019, "lsquo": 0x2018, "rdquo": 0x201D, "ldquo": 0x201C, "bdquo": 0x201E, "numero": 0x2116,
        "equiv": 0x2261, "zwnj": 0x200C, "zwj": 0x200D, "bull": 0x2022, "euro": 0x20AC, "ruble": 0x20BD,
    ]
}
