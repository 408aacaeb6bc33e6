import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptSync

// The words of `receipts complete` and of `--complete` on `scan` and `add`, in Russian and English.
extension HelpText {
    static var completeAbstract: String {
        pick(
            "Дополнить ожидающие чеки документами из налоговой или proverkacheka.com.",
            "Complete pending receipts with their documents from the tax service or proverkacheka.com.")
    }
    static var completeDiscussion: String {
        pick(
            "Чек, добавленный по QR-коду (scan --add, add --qr), ждёт: в коде нет покупок и магазина. Команда "
                + "спрашивает документ каждого такого чека, от старых к новым, и сохраняет его сразу, со всеми "
                + "покупками, категориями и итогами. Чек, которого у источника ещё нет, ждёт следующего запуска; "
                + "чек, который источник назвал недействительным, хранит причину (receipts show) и больше не "
                + "спрашивается. Источник: --provider, иначе налоговая, если выполнен вход (receipts fns login), "
                + "иначе proverkacheka.com, если задан токен (RECEIPTS_PROVERKACHEKA_TOKEN или файл "
                + "proverkacheka-token в папке настроек). Дневной лимит запросов — не ошибка: команда "
                + "останавливается, говорит, когда продолжить, и выходит с кодом 0.",
            "A receipt added by its QR code (scan --add, add --qr) is pending: the code holds no items and no "
                + "shop. This asks for the document of each such receipt, oldest first, and saves it at once with "
                + "its items, categories and totals. A receipt the source does not have yet waits for the next "
                + "run; one the source calls invalid keeps the reason (receipts show) and is not asked for again. "
                + "The source: --provider, else the tax service when signed in (receipts fns login), else "
                + "proverkacheka.com when a token is set (RECEIPTS_PROVERKACHEKA_TOKEN or the file "
                + "proverkacheka-token in the config folder). A daily limit is no error: the command stops, says "
                + "when to go on, and exits 0.")
    }
    static var providerHelp: String {
        pick(
            "Кого спрашивать: fns (налоговая) или proverkacheka.",
            "Whom to ask: fns (the tax service) or proverkacheka.")
    }
    static var completeLimitHelp: String {
        pick("Спросить не больше N чеков.", "Ask for at most N receipts.")
    }
    static var completeBadLimit: String { pick("--limit — целое число от 1", "--limit is a whole number from 1") }
    static var completeFlagHelp: String {
        pick(
            "Сразу спросить документы добавленных чеков (как receipts complete).",
            "Ask for the added receipts' documents at once (as receipts complete does).")
    }
}

extension Words {
    var noProvider: String {
        pick(
            "не у кого спросить документы чеков: войдите в налоговую (receipts fns login --phone +7…) или задайте "
                + "токен proverkacheka.com (RECEIPTS_PROVERKACHEKA_TOKEN)",
            "no source to ask for receipt documents: sign in to the tax service (receipts fns login --phone +7…) "
                + "or set a proverkacheka.com token (RECEIPTS_PROVERKACHEKA_TOKEN)")
    }
    func completing(done: Int, of total: Int, _ summary: PendingCompletion.Summary) -> String {
        summary.progressMessage(done: done, of: total, in: language)
    }
    func completed(_ outcome: PendingCompletion.Outcome) -> String { outcome.message(in: language) }
}
