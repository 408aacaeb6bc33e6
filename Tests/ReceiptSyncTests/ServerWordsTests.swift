import ReceiptCore
import ReceiptStore
import ReceiptSync
import Testing

/// Issue 49: what a receipts server or a source of documents says is quoted on one line, its line
/// breaks shown as `␊`, so that an answer cannot print lines of its own under the tool's message.
/// Before the change both messages below kept the `\n`.
@Suite("a server's words in messages", .timeLimit(.minutes(20)))
struct ServerWordsTests {
    @Test("a refusal's and a source's answer keep their line breaks as visible marks")
    func oneLine() {
        let refused = ClientError.rejected(status: 400, message: "bad\nreceipts: error: FAKE").message(in: .english)
        #expect(refused == "the server refused the request (400): bad␊receipts: error: FAKE")
        #expect(
            PendingCheck.answer(of: "proverkacheka", "no\r\nFAKE", in: .english)
                == "proverkacheka.com's answer: no␍␊FAKE")
    }
}
