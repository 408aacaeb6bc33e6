import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptMail

/// Letters' MIME read as the RFCs say, on small hand-written letters with the oddities real mail
/// has; and no input breaks the reader.
@Suite struct MailMessageTests {
    static func letter(_ lines: [String]) -> MailMessage {
        MailMessage(bytes: Array(lines.joined(separator: "\r\n").utf8))
    }

    @Test func quotedPrintableSoftBreaksJoinALink() {
        let message = Self.letter([
            "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
            "<a href=3D\"https://consumer.1-ofd.ru/v1?t=3D20260417T0926&s=3D446.09&fn=3D7=",
            "281440701122334&i=3D61874&fp=3D1706338912&n=3D1\">=D0=9E=D1=82=D0=BA=D1=80=D1=8B=D1=82=D1=8C</a>",
        ])
        let html = HTMLText(message.parts[0].text)
        #expect(
            html.links == [
                "https://consumer.1-ofd.ru/v1?t=20260417T0926&s=446.09&fn=7281440701122334&i=61874&fp=1706338912&n=1"
            ])
        #expect(html.lines == ["Открыть"])
    }

    @Test func encodedWordsSideBySideAreOneText() {
        // Two Q-encoded words split inside a word: RFC 2047 drops the blank between them.
        let message = Self.letter([
            "From: =?utf-8?Q?=D0=A7=D0=B5=D0=BA_=D0=B8_=D0=BF=D0=BE=D0=B4=D0=B0=D1=80=D0=BE?=",
            " =?utf-8?Q?=D0=BA?= <echeck@1-ofd.ru>",
            "Subject: =?windows-1251?B?0uXx8g==?= and plain", "Message-ID: <a@b>", "", "body",
        ])
        #expect(message.header("From") == "Чек и подарок <echeck@1-ofd.ru>")
        #expect(message.fromAddress == "echeck@1-ofd.ru")
        #expect(message.subject == "Тест and plain")
        #expect(message.messageID == "<a@b>")
    }

    @Test func parametersInRFC2231() {
        let parameters = HeaderParameters(
            "attachment; filename*=utf-8''%D0%A7%D0%B5%D0%BA.pdf; size=\"12\"; note*0*=utf-8''%D0%B0; note*1=b")
        #expect(parameters.value == "attachment")
        #expect(parameters.parameters["filename"] == "Чек.pdf")
        #expect(parameters.parameters["size"] == "12")
        #expect(parameters.parameters["note"] == "аb")
    }

    @Test func nestedPartsAndAForwardedLetter() {
        let message = Self.letter([
            "Content-Type: multipart/mixed; boundary=\"outer\"", "", "preamble", "--outer",
            "Content-Type: multipart/alternative; boundary=inner", "", "--inner", "Content-Type: text/plain", "",
            "plain text", "--inner", "Content-Type: text/html; charset=\"koi8-r\"", "Content-Transfer-Encoding: base64",
            "", "9MXT1A==", "--inner--", "--outer", "Content-Type: message/rfc822", "",
            "Subject: inner", "Content-Type: image/png", "Content-ID: <qr@shop>", "Content-Transfer-Encoding: base64",
            "", "iVBORw0K", "GgoA!!AAA", "--outer--", "epilogue",
        ])
        #expect(message.parts.map(\.type) == ["text/plain", "text/html", "image/png"])
        #expect(message.parts[0].text == "plain text")
        #expect(message.parts[1].text == "Тест")
        #expect(message.parts[2].contentID == "qr@shop")
        #expect(message.parts[2].body.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func brokenLettersAreReadAsFarAsTheyGo() {
        // No blank line after the headers; a boundary that never closes; nesting past ten.
        #expect(Self.letter(["Subject: only headers"]).subject == "only headers")
        let unclosed = Self.letter([
            "Content-Type: multipart/mixed; boundary=b", "", "--b", "Content-Type: text/plain", "", "kept",
        ])
        #expect(unclosed.parts.map(\.text) == ["kept"])
        var deep: [String] = []
        for level in 0..<40 { deep += ["Content-Type: multipart/mixed; boundary=b\(level)", "", "--b\(level)"] }
        deep += ["Content-Type: text/plain", "", "bottom"]
        #expect(Self.letter(deep).parts.count == 1)
    }

    /// Random bytes, and random cuts of a real letter: read without a crash, and no receipt made
    /// up from them.
    @Test func noInputBreaksTheReader() throws {
        var random = SeededRandom(seed: 52)
        let real = Array(try Repository.data("Tests/Fixtures/mail/first-ofd.eml"))
        for round in 0..<300 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...600, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = Array(real.prefix(Int.random(in: 0...real.count, using: &random)))
                for _ in 0..<8 where !bytes.isEmpty { bytes[random.below(bytes.count)] = 0x3D }
            }
            let message = MailMessage(bytes: bytes)
            let receipts = LetterReceipts(message, readsImages: false).receipts
            #expect(receipts.allSatisfy { $0.identity.fn.count == 16 })
        }
    }
}
