import Foundation
import ReceiptStore

// The words of `receipts show`, in Russian and English.
// `receipts qr render` says a receipt is missing in these words too.
extension HelpText {
    static var showAbstract: String { pick("Чек целиком.", "A receipt in full.") }
    static var shareHelp: String {
        pick("Простым текстом, чтобы переслать.", "As plain text to paste into a messenger.")
    }
    static var showIDHelp: String { pick("Номер чека из receipts list.", "The receipt's number from receipts list.") }
    static var receiptIDValue: String { pick("номер", "id") }
    /// What a source of documents last said of a pending receipt, as `show` prints it.
}

extension Words {
    func noReceiptWithID(_ id: Int64) -> String { pick("чека #\(id) нет", "there is no receipt #\(id)") }
}
