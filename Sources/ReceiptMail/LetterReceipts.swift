import Foundation
public import ReceiptCore
import ReceiptScan

/// The receipts a letter carries: each found by its QR code (in a link, in the text, in an image)
/// or by an OFD's receipt link and the fiscal fields printed beside it, with the lines read from
/// the letter when they add up to its total, else pending, to be completed from the tax service.
///
/// A letter that carries no receipt gives none: no error, whoever sent it. A promotion's link that
/// names a fiscal drive but no fiscal sign (Первый ОФД's «Получить кэшбэк») is no receipt's.
public struct LetterReceipts: Sendable {
    /// The receipts, each once, in the order the letter gives them.
    public let receipts: [Receipt]

    /// The receipts of `message`; `readsImages` false leaves its pictures unread (no QR code).
    public init(_ message: MailMessage, readsImages: Bool = true) {
        let text = LetterText(message)
        var clues: [ReceiptClue] = []
        func add(_ clue: ReceiptClue) {
            if let index = clues.firstIndex(where: { $0.sameReceipt(as: clue) }) {
                clues[index].merge(clue)
            } else {
                clues.append(clue)
            }
        }
        for address in text.links {
            if let link = ReceiptLink(address), let clue = ReceiptClue(link: link) { add(clue) }
        }
        for line in text.lines {
            for code in Self.codes(inText: line) { add(ReceiptClue(code)) }
        }
        if readsImages {
            for part in message.parts where part.type.hasPrefix("image/") && part.body.count <= 2_000_000 {
                for code in Self.codes(inImage: part.body) { add(ReceiptClue(code)) }
            }
        }
        let labels = PrintedLabels(text.lines)
        if clues.isEmpty {
            // No link, no code: the printed fields alone, when every one of them is there.
            for document in labels.documentNumbers {
                add(ReceiptClue(fn: nil, fd: document.value, fp: nil))
            }
        }
        receipts = Self.assemble(clues, labels: labels, text: text)
    }

    /// The fiscal QR payloads written out in a line (`t=20260315T1842&s=…`).
    static func codes(inText line: String) -> [FiscalCode] {
        guard line.contains("fn="), line.contains("fp=") else { return [] }
        var codes: [FiscalCode] = []
        var rest = Substring(line)
        while let start = rest.range(of: "t=") {
            let tail = rest[start.lowerBound...]
            let end = tail.firstIndex { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "<" } ?? tail.endIndex
            if start.lowerBound == line.startIndex || !(line[line.index(before: start.lowerBound)].isLetter),
                let code = try? FiscalCode(parsing: String(tail[..<end]))
            {
                codes.append(code)
            }
            rest = rest[start.upperBound...]
        }
        return codes
    }

    /// The fiscal QR codes in a picture (a letter's inline QR image); none for one that is not a
    /// picture or holds no code.
    static func codes(inImage bytes: [UInt8]) -> [FiscalCode] {
        guard let image = try? ImageLoader.load(Data(bytes), pixelLimit: 4_000_000),
            let symbols = try? QRDecoder.decode(image)
        else { return [] }
        return symbols.compactMap { try? FiscalCode(parsing: $0.text) }
    }

    /// Each clue completed from the printed fields around it, and its lines read.
    private static func assemble(_ clues: [ReceiptClue], labels: PrintedLabels, text: LetterText) -> [Receipt] {
        // Where each receipt's fiscal fields are printed: the line of its document number.
        var anchored: [(clue: ReceiptClue, anchor: Int?)] = clues.map { clue in
            let anchor =
                clue.fd.flatMap { fd in labels.documentNumbers.first { $0.value == fd }?.line }
                ?? (clues.count == 1 ? labels.documentNumbers.first?.line : nil)
            return (clue, anchor)
        }
        let anchors = anchored.compactMap(\.anchor).sorted()
        var receipts: [Receipt] = []
        for index in anchored.indices {
            var clue = anchored[index].clue
            let anchor = anchored[index].anchor
            // The lines of this receipt: after the previous receipt's fields, up to its own (the
            // last one to the end); the whole letter when it holds one receipt.
            var block = 0..<text.lines.count
            if clues.count > 1, let anchor {
                let start = anchors.last { $0 < anchor }.map { $0 + 1 } ?? 0
                let end = anchors.first { $0 > anchor } ?? text.lines.count
                block = start..<(anchor == anchors.last ? text.lines.count : min(end, anchor + 1))
            } else if clues.count > 1 {
                block = 0..<0
            }
            if clues.count == 1 { clue.fill(fromTags: text.tagged) }
            clue.fill(from: labels, near: anchor ?? block.upperBound, in: block)
            let lines = Array(text.lines[block])
            if clue.operation == nil { clue.operation = Self.operation(in: lines) }
            guard let fn = clue.fn, let fd = clue.fd, let fp = clue.fp, let dateTime = clue.dateTime,
                let total = clue.total, let identity = try? FiscalIdentity(fn: fn, i: fd, fp: fp),
                !receipts.contains(where: { $0.identity == identity })
            else { continue }
            var items = clues.count == 1 ? ItemLines.tagged(text.tagged) : []
            if !Self.addsUp(items, to: total) {
                items = ItemLines.read(lines.flatMap { $0.split(separator: "\t").map(String.init) })
            }
            let complete = Self.addsUp(items, to: total)
            let seller = Self.seller(in: lines)
            let inn = labels.sellerNumbers.first { block.contains($0.line) }?.value
            func paid(_ sums: [(line: Int, value: Money)]) -> Money {
                sums.first { block.contains($0.line) && $0.value <= total }?.value ?? .zero
            }
            let (cash, ecash, prepaid) = (paid(labels.cashSums), paid(labels.ecashSums), paid(labels.prepaidSums))
            let sumsAgree = cash + ecash + prepaid == total
            receipts.append(
                Receipt(
                    identity: identity, dateTime: dateTime, operation: clue.operation ?? .sale, total: total,
                    cash: sumsAgree ? cash : .zero, ecash: sumsAgree ? ecash : .zero,
                    prepaid: sumsAgree ? prepaid : .zero, seller: complete ? seller : nil,
                    sellerINN: complete ? inn : nil,
                    items: complete ? items : [], status: complete ? .complete : .pending))
            anchored[index].clue = clue
        }
        return receipts
    }

    private static func addsUp(_ items: [Item], to total: Money) -> Bool {
        !items.isEmpty && items.reduce(Int64(0)) { $0 + $1.sum.kopecks } == total.kopecks
    }

    /// The operation the receipt's heading names (`Кассовый чек. Возврат прихода`); nil for none.
    static func operation(in lines: [String]) -> OperationType? {
        let lowered = lines.map { $0.lowercased() }
        if lowered.contains(where: { $0.contains("возврат прихода") }) { return .saleRefund }
        if lowered.contains(where: { $0.contains("возврат расхода") }) { return .expenseRefund }
        if lowered.contains(where: { $0 == "расход" || $0.hasSuffix("чек. расход") || $0.hasSuffix("чек расход") }) {
            return .expense
        }
        return nil
    }

    /// The seller as the receipt's heading prints it: the first line that starts with its legal
    /// form (`ООО "АГРОТОРГ"`, `ИП Иванов И. И.`).
    static func seller(in lines: [String]) -> String? {
        for line in lines {
            for cell in line.split(separator: "\t") {
                let words = cell.split(separator: " ", maxSplits: 1)
                if let first = words.first, ["ООО", "АО", "ПАО", "ЗАО", "ОАО", "ИП", "НАО"].contains(String(first)),
                    words.count == 2
                {
                    // What follows the name on its line (`ИНН 7701…`, an address) is not the name.
                    let name = cell.components(separatedBy: " ИНН")[0].components(separatedBy: ", ")[0]
                    return name.trimmingCharacters(in: CharacterSet(charactersIn: " ,."))
                }
            }
        }
        return nil
    }
}

extension ReceiptClue {
    /// Whether two clues are of one receipt: no field known to both differs, and they share the
    /// fiscal sign.
    func sameReceipt(as other: ReceiptClue) -> Bool {
        guard let fp, fp == other.fp else { return false }
        if let fn, let otherFn = other.fn, fn != otherFn { return false }
        if let fd, let otherFd = other.fd, fd != otherFd { return false }
        return true
    }

    /// The fields `other` knows that this one does not.
    mutating func merge(_ other: ReceiptClue) {
        fn = fn ?? other.fn
        fd = fd ?? other.fd
        fp = fp ?? other.fp
        dateTime = dateTime ?? other.dateTime
        total = total ?? other.total
        operation = operation ?? other.operation
    }

    /// The fields Такском's markup tags: drive (1041), document (1040), sign (1077), date (1012),
    /// total (1020).
    mutating func fill(fromTags tagged: [(tag: Int, text: String, item: Int?)]) {
        func value(_ tag: Int) -> String? { tagged.first { $0.tag == tag }?.text }
        func digits(_ tag: Int) -> String? { value(tag).map { $0.filter(\.isASCIIDigitCharacter) } }
        fn = fn ?? digits(1041).flatMap(FiscalNumbers.driveNumber)
        fd = fd ?? FiscalNumbers.positive(digits(1040))
        fp = fp ?? FiscalNumbers.positive(digits(1077))
        dateTime = dateTime ?? value(1012).flatMap { PrintedLabels.dateTime(in: Array($0)) }
        total = total ?? value(1020).flatMap { NumberCell($0)?.money }
    }

    /// The fields still unknown, from the printed ones in `block`: the drive and sign nearest to
    /// `anchor`, the date and total the last before it (else the first after).
    mutating func fill(from labels: PrintedLabels, near anchor: Int, in block: Range<Int>) {
        func nearest<T>(_ values: [(line: Int, value: T)]) -> T? {
            values.filter { block.contains($0.line) }.min { abs($0.line - anchor) < abs($1.line - anchor) }?.value
        }
        func lastBefore<T>(_ values: [(line: Int, value: T)]) -> T? {
            let inside = values.filter { block.contains($0.line) }
            return (inside.last { $0.line <= anchor } ?? inside.first)?.value
        }
        fn = fn ?? nearest(labels.driveNumbers)
        fd = fd ?? nearest(labels.documentNumbers)
        fp = fp ?? nearest(labels.signs)
        dateTime = dateTime ?? lastBefore(labels.dates) ?? lastBefore(labels.datesOnly)
        total = total ?? lastBefore(labels.totals)
    }
}
