public import Foundation
public import ReceiptAPI
public import ReceiptCore

/// A receipt as «Мои чеки онлайн» (the tax service's web cabinet, lkdr) gives it
/// (`/v1/receipt/fiscal_data`): the fiscal document's fields at the top level, as the apps' export
/// files name them, but money in roubles with kopecks after the point (`679.27`), the fiscal sign
/// as text, and the seller's INN padded with spaces.
public enum CabinetDocument {
    /// The receipt the answer holds.
    public static func receipt(from data: Data) throws(DocumentError) -> Receipt {
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw .invalid(field: "fiscal_data", reason: .notAnObject)
        }
        return try ExportedReceipts.receipt(fields, context: ExportedReceipts.Context(roubles: true))
    }
}
