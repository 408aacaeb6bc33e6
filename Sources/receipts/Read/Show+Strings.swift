import Foundation
import ReceiptStore

// The words of `receipts show`, in Russian and English.
// `receipts qr render` says a receipt is missing in these words too.
extension Strings {
    static var showAbstract: String { pick("Чек целиком.", "A receipt in full.") }
    static var shareHelp: String {
        pick("Простым текстом, чтобы переслать.", "As plain text to paste into a messenger.")
    }
    static var showIDHelp: String { pick("Номер чека из receipts list.", "The receipt's number from receipts list.") }
    static func noReceiptWithID(_ id: Int64) -> String { pick("чека #\(id) нет", "there is no receipt #\(id)") }
    static var receiptIDValue: String { pick("номер", "id") }
    /// What a source of documents last said of a pending receipt, as `show` prints it.
    static func checkLine(_ check: PendingCheck) -> String {
        let source = check.provider == "fns" ? pick("налоговая", "the tax service") : check.provider
        let when = ISO8601DateFormatter().string(from: check.checkedAt)
        switch check.outcome {
        case .invalid:
            let answer = providerAnswer(check.provider, check.reason ?? pick("причина не указана", "no reason given"))
            return pick("Недействителен — \(answer) (\(when))", "Invalid — \(answer) (\(when))")
        case .waiting:
            return pick(
                "Ещё не готов у источника (\(source)), спрошено раз: \(check.tries), последний \(when)",
                "Not ready yet at \(source), asked \(check.tries) times, last \(when)")
        }
    }
}
