public import Foundation
public import ReceiptAPI
public import ReceiptCore

/// One page of «Мои чеки онлайн»'s receipt list (`/v1/receipt`): what each receipt is called there
/// (its `key`, for its document), its fiscal drive and document numbers, time and total, and whether
/// more pages follow. The list gives no fiscal sign: only the document does.
public struct CabinetPage: Sendable, Equatable {
    /// One receipt of the list.
    public struct Entry: Sendable, Equatable {
        /// What the cabinet calls the receipt (`buyer|buyerType|date time|fd|fn`), to ask for its
        /// document with. It holds the buyer's phone or e-mail: never logged.
        public let key: String
        /// The fiscal drive's number (16 digits).
        public let fn: String
        /// The fiscal document's number.
        public let fd: Int64
        /// The receipt's local time.
        public let dateTime: LocalDateTime
        /// Its total.
        public let total: Money
    }

    /// The page's receipts, newest first as the cabinet sorts them.
    public let entries: [Entry]
    /// Whether the cabinet has more after these.
    public let hasMore: Bool

    /// The page in the answer `data`; a receipt without a key or numbers fails it, naming which.
    public static func read(_ data: Data) throws(DocumentError) -> CabinetPage {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .invalid(field: "receipts", reason: .notAnObject)
        }
        guard let list = object["receipts"] as? [Any] else { throw .invalid(field: "receipts", reason: .missing) }
        let entries = try list.enumerated().map { index, value throws(DocumentError) -> Entry in
            let at = "receipts[\(index)]."
            guard let fields = value as? [String: Any] else {
                throw .invalid(field: "receipts[\(index)]", reason: .notAnObject)
            }
            guard let key = fields["key"] as? String, !key.isEmpty else {
                throw .invalid(field: at + "key", reason: .missing)
            }
            let fn = Self.text(fields["fiscalDriveNumber"]) ?? ""
            guard fn.count == 16, fn.allSatisfy(\.isASCII), fn.allSatisfy(\.isNumber) else {
                throw .invalid(field: at + "fiscalDriveNumber", reason: fn.isEmpty ? .missing : .notAWholeNumber)
            }
            guard let fd = Self.text(fields["fiscalDocumentNumber"]).flatMap({ Int64($0) }), fd > 0 else {
                throw .invalid(field: at + "fiscalDocumentNumber", reason: .notAWholeNumber)
            }
            let time: LocalDateTime
            do throws(LocalDateTimeError) {
                time = try LocalDateTime(iso: String((fields["createdDate"] as? String ?? "").prefix(19)))
            } catch {
                throw .invalid(field: at + "createdDate", reason: .dateTime(error))
            }
            guard let total = Self.text(fields["totalSum"]).flatMap(ExportedReceipts.kopecks(roubles:)) else {
                throw .invalid(field: at + "totalSum", reason: .notRoubles)
            }
            return Entry(key: key, fn: fn, fd: fd, dateTime: time, total: Money(kopecks: total))
        }
        return CabinetPage(entries: entries, hasMore: object["hasMore"] as? Bool ?? false)
    }

    /// A field given as text or as a number, as text.
    private static func text(_ value: Any?) -> String? {
        if let text = value as? String { return text.trimmingCharacters(in: .whitespaces) }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }
}
