public import Foundation
import ReceiptAPI
public import ReceiptCore

extension ExportedReceipts {
    /// The receipts of one export file, handed over one at a time, in the order and with the errors
    /// of ``ExportedReceipts/read(_:)``, in memory bounded by the file and its largest receipt.
    ///
    /// The file is checked as JSON first (a broken file is `notJSON` before any receipt is read);
    /// then the reader walks its arrays and wrappers with `JSONReader`, keeping only where each part
    /// lies in the bytes, and makes a Foundation object of one receipt at a time, where
    /// `JSONSerialization` of the whole file held a graph of about 30 times its size.
    public struct Reader {
        /// The file's UTF-8 text, from offset 0.
        private let text: Data
        /// The parts still to be walked, the next one last, with what their wrappers said.
        private var pending: [(range: Range<Int>, context: Context)]
        /// How many receipts were found so far: the number of the next one's is one more.
        private var found = 0

        /// A reader of `data`, which must hold one JSON value: else `notJSON`.
        public init(_ data: Data) throws(ExportError) {
            text = try Self.utf8(data)
            do {
                _ = try JSONReader.read(SkippedValue.self, from: text)
            } catch {
                throw .notJSON
            }
            pending = [(0..<text.count, Context())]
        }

        /// The next receipt, checked; nil after the last. A file without any is `noReceipts`.
        public mutating func next() throws(ExportError) -> Receipt? {
            while let (range, context) = pending.popLast() {
                switch text[range].first(where: { !Self.whitespace.contains($0) }) {
                case UInt8(ascii: "["):
                    let elements = try Self.read(ArrayElements.self, text[range]).ranges
                    pending += elements.reversed().map { (Self.shifted($0, by: range.lowerBound), context) }
                case UInt8(ascii: "{"):
                    if let receipt = try object(range, context: context) { return receipt }
                default:
                    continue
                }
            }
            guard found > 0 else { throw .noReceipts }
            return nil
        }

        /// The receipt an object is, or nil when it wraps others (queued with what it says of them).
        private mutating func object(_ range: Range<Int>, context: Context) throws(ExportError) -> Receipt? {
            let members = try Self.read(ObjectMembers.self, text[range]).members.map {
                (key: $0.key, range: Self.shifted($0.range, by: range.lowerBound))
            }
            // A key given twice counts once, with its last value, as `JSONSerialization` keeps it.
            let values = Dictionary(members.map { ($0.key, $0.range) }, uniquingKeysWith: { _, last in last })
            // What the object says of itself, or of the receipts it wraps.
            var context = context
            if let operation = values["operation"] { context.localTime(from: try Self.foundation(text[operation])) }
            if let qr = values["qr"] { context.code(from: try Self.foundation(text[qr])) }
            if members.contains(where: { ExportedReceipts.receiptKeys.contains($0.key) }) {
                found += 1
                guard let fields = try Self.foundation(text[range]) as? [String: Any] else { throw .notJSON }
                do throws(DocumentError) {
                    return try ExportedReceipts.receipt(fields, context: context)
                } catch {
                    throw .badReceipt(index: found, problem: error)
                }
            }
            let nested = ExportedReceipts.wrapperKeys.compactMap { values[$0] }
            pending += nested.reversed().map { ($0, context) }
            return nil
        }

        /// One part of the file as a Foundation object: a receipt, or a small part of a wrapper.
        private static func foundation(_ part: Data) throws(ExportError) -> Any {
            do {
                return try JSONSerialization.jsonObject(with: part, options: [.fragmentsAllowed])
            } catch {
                throw .notJSON
            }
        }

        private static func read<Value: JSONReadable>(_ type: Value.Type, _ part: Data) throws(ExportError) -> Value {
            do {
                return try JSONReader.read(type, from: part)
            } catch {
                throw .notJSON
            }
        }

        /// A range within a part as a range within the file.
        private static func shifted(_ range: Range<Int>, by start: Int) -> Range<Int> {
            (range.lowerBound + start)..<(range.upperBound + start)
        }

        private static let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]

        /// The file as UTF-8 from offset 0. Files in UTF-16 or UTF-32, or with a byte order mark,
        /// which `JSONSerialization` reads too, are rare and small: they are written again as UTF-8.
        private static func utf8(_ data: Data) throws(ExportError) -> Data {
            let head = Array(data.prefix(4))
            let marked =
                head.starts(with: [0xEF, 0xBB, 0xBF]) || head.starts(with: [0xFE, 0xFF])
                || head.starts(with: [0xFF, 0xFE])
            guard marked || head.contains(0) else {
                return data.startIndex == 0 ? data : Data(data)
            }
            do {
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                return try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
            } catch {
                throw .notJSON
            }
        }
    }
}

extension ExportedReceipts.Context {
    /// The shop-local time of the newer API's `operation.date`.
    mutating func localTime(from operation: Any) {
        guard let date = (operation as? [String: Any])?["date"] as? String else { return }
        localTime = try? LocalDateTime(iso: String(date.prefix(19)))
    }

    /// The QR payload of the newer API's `qr`.
    mutating func code(from qr: Any) {
        guard let text = qr as? String else { return }
        code = try? FiscalCode(parsing: text)
    }
}

/// Any JSON value, checked and stepped over.
private struct SkippedValue: JSONReadable {
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        try reader.skipValue()
    }
}

/// Where each element of an array lies, relative to the array's own text.
private struct ArrayElements: JSONReadable {
    var ranges: [Range<Int>] = []

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        try reader.beginArray()
        while try reader.nextElement() {
            let start = reader.offset
            try reader.skipValue()
            ranges.append(start..<reader.offset)
        }
    }
}

/// Each member's key and where its value lies, relative to the object's own text.
private struct ObjectMembers: JSONReadable {
    var members: [(key: String, range: Range<Int>)] = []

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        try reader.beginObject()
        while let key = try reader.nextKey() {
            let start = reader.offset
            try reader.skipValue()
            members.append((key.description, start..<reader.offset))
        }
    }
}
