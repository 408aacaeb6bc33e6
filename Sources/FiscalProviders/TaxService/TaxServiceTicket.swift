import Foundation
public import ReceiptCore
import ReceiptNetwork

/// A ticket of the tax service: a receipt as the account holds it, short (in the list) or full.
public struct TaxServiceTicket: Sendable, Equatable {
    /// The ticket's id, for `GET /v2/tickets/{id}`.
    public let id: String
    /// Where the check stands (see ``Stage``).
    public let status: Int
    /// The receipt's fiscal identity, from the ticket's `query` (or its QR); nil when neither says.
    public let identity: FiscalIdentity?
    /// The receipt's QR code, when the ticket carries one.
    public let code: FiscalCode?

    /// What a ticket's status means.
    public enum Stage: Sendable, Equatable {
        /// Checked: the document is there (2, or 20 for a self-employed person's receipt).
        case ready
        /// Still being checked (0, 1, 3, 5, 7, 8, 11): look again later.
        case checking
        /// A final answer that the receipt cannot be had.
        case final
    }

    /// What the status means.
    public var stage: Stage {
        switch status {
        case 2, 20: return .ready
        case 0, 1, 3, 5, 7, 8, 11: return .checking
        default: return .final
        }
    }

    /// Why the receipt cannot be had, for a ticket whose check ended (``Stage/final``): the service's
    /// answer, `status 15`, kept with the receipt.
    public var finalReason: String { "status \(status)" }

    /// Reads one ticket object: `id` and `status` are required, the rest is read when present.
    init(_ object: [String: Any]) throws(ProviderError) {
        guard let id = object["id"] as? String, !id.isEmpty else {
            throw .badAnswer(.notShaped(expected: #"{"id", "status", …}"#))
        }
        guard let status = (object["status"] as? NSNumber)?.intValue else {
            throw .badAnswer(.ticketWithoutStatus(ticket: id))
        }
        self.id = id
        self.status = status
        code = (object["qr"] as? String).flatMap { try? FiscalCode(parsing: $0) }
        identity = Self.identity(object["query"] as? [String: Any]) ?? code?.identity
    }

    /// The identity in `query`: `fsId`, `documentId` and `fiscalSign` (a string there, a number in the receipt).
    private static func identity(_ query: [String: Any]?) -> FiscalIdentity? {
        guard let query else { return nil }
        func number(_ key: String) -> Int64? {
            if let value = query[key] as? NSNumber { return value.int64Value }
            return (query[key] as? String).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let fn = (query["fsId"] as? String) ?? (query["fsId"] as? NSNumber)?.stringValue,
            let i = number("documentId"), let fp = number("fiscalSign")
        else { return nil }
        return try? FiscalIdentity(fn: fn.trimmingCharacters(in: .whitespaces), i: i, fp: fp)
    }

    /// The tickets of `GET /v2/tickets`: a JSON array of ticket objects.
    static func list(_ data: Data) throws(ProviderError) -> [TaxServiceTicket] {
        guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            throw .badAnswer(.notShaped(expected: #"[{"id", "status", …}, …]"#))
        }
        return try array.map { (element) throws(ProviderError) in
            guard let object = element as? [String: Any] else {
                throw .badAnswer(.notShaped(expected: #"[{"id", "status", …}, …]"#))
            }
            return try TaxServiceTicket(object)
        }
    }

    /// A full ticket of `GET /v2/tickets/{id}`: the ticket and, when it is ready, its receipt.
    static func full(_ data: Data) throws(ProviderError) -> (ticket: TaxServiceTicket, receipt: Receipt?) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .badAnswer(.notShaped(expected: #"{"id", "status", …}"#))
        }
        let ticket = try TaxServiceTicket(object)
        let document = ((object["ticket"] as? [String: Any])?["document"] as? [String: Any])?["receipt"]
        guard ticket.stage == .ready, document != nil else { return (ticket, nil) }
        do {
            // The whole ticket, so that the shop-local time of `operation.date` and the QR are read with it.
            guard let receipt = try ExportedReceipts.read(data).first else { return (ticket, nil) }
            return (ticket, receipt)
        } catch {
            throw .badAnswer(.badReceipt(error))
        }
    }
}
