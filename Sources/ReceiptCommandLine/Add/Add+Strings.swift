import Foundation
import ReceiptSync

// The words of `receipts add`, in Russian and English.
// `receipts scan --add` tells what adding did in these words.
extension HelpText {
    static var addAbstract: String {
        pick("Добавить чек по содержимому его QR-кода.", "Add a receipt by the payload of its QR code.")
    }
    static var addDiscussion: String {
        pick(
            "Если вход на сервер выполнен, чек добавляется в учётную запись (и в локальную базу, как его вернул "
                + "сервер); иначе — в локальную базу как ожидающий, с датой и суммой из кода. Дважды чек не добавляется."
                + "\n\nПример:\n  receipts add --qr 't=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1'",
            "When logged in, the receipt is added to the account on the server (and to the local database as the "
                + "server returns it); otherwise to the local database as pending, with the date and total from the "
                + "code. A receipt is never added twice.\n\n"
                + "Example:\n  receipts add --qr 't=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1'"
        )
    }
    static var addQRHelp: String {
        pick("Содержимое QR-кода чека.", "The payload of the receipt's QR code.")
    }
}

extension Words {
    func addingToServer(_ server: URL) -> String {
        pick("чеки добавляются на сервер \(server.absoluteString)", "adding receipts on \(server.absoluteString)")
    }
    func addingLocally(_ path: String) -> String {
        pick("вход не выполнен: чеки добавляются в базу \(path)", "not logged in: adding receipts to \(path)")
    }
    func addedShort(_ outcome: AddOutcome) -> String { outcome.message(in: language) }
    func added(_ outcome: AddOutcome, canonical: String) -> String {
        let what = addedShort(outcome)
        return what.prefix(1).uppercased() + what.dropFirst() + ": " + canonical
    }
}
