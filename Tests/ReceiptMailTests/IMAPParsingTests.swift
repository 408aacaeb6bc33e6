import ReceiptCore
import ReceiptNetwork
import Testing

@testable import ReceiptMail

/// The IMAP client's reading of server answers written by hand, in process: responses cut out of
/// bytes that arrive in pieces of any size, literals whole, and every malformed answer a
/// protocol violation, never a crash or a wait for more.
@Suite("IMAP: reading server answers, addresses and folder names")
struct IMAPParsingTests {
    /// Every response in `text`, its bytes handed to the reader `piece` at a time.
    static func responses(_ text: String, piece: Int) throws(IMAPError) -> [IMAPResponse] {
        var reader = IMAPResponseReader()
        var found: [IMAPResponse] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: piece) {
            reader.append(bytes[start..<min(start + piece, bytes.count)])
            while let parts = try reader.next() { found.append(try IMAPResponse(parts: parts)) }
        }
        return found
    }

    static let examineAnswer =
        "* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r\n"
        + "* OK [PERMANENTFLAGS ()] Read-only mailbox.\r\n* 3 EXISTS\r\n* 0 RECENT\r\n"
        + "* OK [UIDVALIDITY 1796016113] UIDs valid\r\nR2 OK [READ-ONLY] Examine completed (0.002 secs).\r\n"

    @Test(arguments: [1, 2, 7, 1000])
    func untaggedAnswersComeBeforeTheTaggedEnd(piece: Int) throws {
        let responses = try Self.responses(Self.examineAnswer, piece: piece)
        #expect(
            responses == [
                .other("FLAGS"), .status(IMAPStatus(kind: .ok, code: "PERMANENTFLAGS ()", text: "Read-only mailbox.")),
                .exists(3), .other("RECENT"),
                .status(IMAPStatus(kind: .ok, code: "UIDVALIDITY 1796016113", text: "UIDs valid")),
                .tagged(tag: "R2", IMAPStatus(kind: .ok, code: "READ-ONLY", text: "Examine completed (0.002 secs).")),
            ])
    }

    @Test(arguments: [1, 3, 16, 4096])
    func aLiteralSplitAcrossReadsArrivesWhole(piece: Int) throws {
        let body = "Subject: чек\r\n\r\n{5}\r\n) ( \" \\\r\n"
        let answer =
            "* 1 FETCH (UID 7 BODY[] {\(body.utf8.count)}\r\n\(body) FLAGS (\\Seen))\r\n"
            + "* 2 FETCH (UID 9 BODY[HEADER.FIELDS (MESSAGE-ID)] \"Message-ID: <a\\\"b\\\\c@d>\")\r\nR3 OK done\r\n"
        let responses = try Self.responses(answer, piece: piece)
        #expect(responses.count == 3)
        #expect(
            responses.first
                == .fetch(
                    sequence: 1,
                    items: ["UID": .atom("7"), "BODY[]": .string(Array(body.utf8)), "FLAGS": .list([.atom("\\Seen")])]))
        #expect(
            responses.dropFirst().first
                == .fetch(
                    sequence: 2,
                    items: [
                        "UID": .atom("9"),
                        "BODY[HEADER.FIELDS (MESSAGE-ID)]": .string(Array("Message-ID: <a\"b\\c@d>".utf8)),
                    ]))
    }

    @Test func aResponseIsHandedOutOnlyWhenWhole() throws {
        var reader = IMAPResponseReader()
        reader.append(Array("* 1 FETCH (UID 1 BODY[] {10}\r\n12345".utf8))
        #expect(try reader.next() == nil)
        reader.append(Array("67890)\r".utf8))
        #expect(try reader.next() == nil)
        reader.append([10])
        #expect(
            try reader.next() == [
                .text(Array("* 1 FETCH (UID 1 BODY[] ".utf8)), .literal(Array("1234567890".utf8)),
                .text(Array(")".utf8)),
            ])
        #expect(try reader.next() == nil)
    }

    @Test(arguments: [
        "* 1 FETCH (UID 1 BODY[] \"no end)\r\n",
        "* 1 FETCH (UID 1 BODY[] \"bad \\q escape\")\r\n",
        "* 1 FETCH (UID 1 BODY[]\r\n",
        "* 1 FETCH (UID 1 BODY[ {3}\r\nabc)\r\n",
        "* 1 FETCH UID 1\r\n",
        "* 1 FETCH (UID)\r\n",
        "* 1 FETCH (UID 1) extra\r\n",
        "* SEARCH 1 two 3\r\n",
        "R1 MAYBE done\r\n",
        "+\u{1}junk\r\n* \r\n",
        "(oops)\r\n",
        "\r\n",
        "* 7\r\n",
        "* 1 FETCH (UID 1 BODY[] {99999999999}\r\n",
        "* 1 FETCH " + String(repeating: "(", count: 200) + "\r\n",
    ])
    func aMalformedAnswerIsAProtocolViolation(answer: String) {
        let error = #expect(throws: IMAPError.self) { _ = try Self.responses(answer, piece: 5) }
        guard case .protocolViolation? = error else {
            Issue.record("\(String(describing: error)) for \(answer.debugDescription)")
            return
        }
    }

    @Test func aLineWithoutItsEndIsWaitedForNotRead() throws {
        var reader = IMAPResponseReader()
        reader.append(Array("* OK still coming".utf8))
        #expect(try reader.next() == nil)
        #expect(reader.isInsideResponse)
        // Past the longest line a server may send, waiting ends.
        reader.append([UInt8](repeating: 65, count: IMAPResponseReader.maximumLine))
        #expect(throws: IMAPError.self) { _ = try reader.next() }
    }

    @Test func folderNamesOutsideASCIIAreInModifiedUTF7() {
        #expect(ModifiedUTF7.encode("Чеки") == "&BCcENQQ6BDg-")
        #expect(ModifiedUTF7.encode("INBOX") == "INBOX")
        #expect(ModifiedUTF7.encode("Tom & Jerry") == "Tom &- Jerry")
        #expect(ModifiedUTF7.encode("Чеки/2026 год") == "&BCcENQQ6BDg-/2026 &BDMEPgQ0-")
        #expect(ModifiedUTF7.encode("日本語") == "&ZeVnLIqe-")
        for name in ["Чеки", "Tom & Jerry", "Входящие/Чеки ОФД", "日本語 ✓ 😀", "a&b&-c"] {
            #expect(ModifiedUTF7.decode(ModifiedUTF7.encode(name)) == name)
        }
        #expect(ModifiedUTF7.decode("&BCcENQQ6BDg") == nil)
        #expect(ModifiedUTF7.decode("&!!!-") == nil)
        #expect(ModifiedUTF7.decode("Чеки") == nil)
    }

    @Test func addressesAreReadWithTheirLoginDecoded() throws {
        let address = try IMAPAddress(parsing: "imaps://me%40mail.ru@imap.mail.ru/%D0%A7%D0%B5%D0%BA%D0%B8")
        #expect(address == IMAPAddress(user: "me@mail.ru", host: "imap.mail.ru", port: 993, folder: "Чеки"))
        #expect(
            try IMAPAddress(parsing: "imaps://me@mail.ru@127.0.0.1:10993/Чеки/2026")
                == IMAPAddress(user: "me@mail.ru", host: "127.0.0.1", port: 10993, folder: "Чеки/2026"))
        #expect(try IMAPAddress(parsing: "IMAPS://bob@[::1]:994").host == "::1")
        #expect(try IMAPAddress(parsing: "imaps://bob@host/").folder == "INBOX")
        #expect(address.description == "imaps://me%40mail.ru@imap.mail.ru:993/%D0%A7%D0%B5%D0%BA%D0%B8")
    }

    @Test(arguments: [
        "imaps://imap.mail.ru", "imaps://@imap.mail.ru", "imaps://me:secret@imap.mail.ru",
        "imaps://me@imap.mail.ru:0", "imaps://me@imap.mail.ru:99999", "imaps://me@imap.mail.ru:port",
        "imaps://me@", "imaps://me%ZZ@host", "https://me@host", "me@host", "imaps://me@ho st",
    ])
    func anythingElseIsABadAddress(text: String) {
        let error = #expect(throws: IMAPError.self) { _ = try IMAPAddress(parsing: text) }
        guard case .badAddress? = error else {
            Issue.record("\(String(describing: error)) for \(text)")
            return
        }
    }

    @Test func imapWithoutTLSIsRefused() {
        #expect(throws: IMAPError.plainTextRefused) { _ = try IMAPAddress(parsing: "imap://me@imap.mail.ru/INBOX") }
    }

    @Test func stringsAreQuotedOrSentAsLiterals() {
        #expect(IMAPArgument.string("me@mail.ru").encoded == .inline(Array("\"me@mail.ru\"".utf8)))
        #expect(IMAPArgument.string("a\"b\\c").encoded == .inline(Array("\"a\\\"b\\\\c\"".utf8)))
        #expect(IMAPArgument.string("пароль").encoded == .literal(Array("пароль".utf8)))
        #expect(IMAPArgument.string("line\r\nbreak").encoded == .literal(Array("line\r\nbreak".utf8)))
        #expect(UIDSet([9, 1, 2, 3, 12, 13, 5, 3]).description == "1:3,5,9,12:13")
    }

    @Test func theMessageIDIsReadFromItsHeader() {
        #expect(MessageHeader.identifier(in: Array("Message-ID: <a@b>\r\n\r\n".utf8)) == "<a@b>")
        #expect(MessageHeader.identifier(in: Array("message-id:\r\n <long@host>\r\n\r\n".utf8)) == "<long@host>")
        #expect(MessageHeader.identifier(in: Array("\r\n".utf8)) == nil)
    }

    @Test func everyErrorSaysWhatToDoInBothLanguages() {
        let errors: [IMAPError] = [
            .badAddress("x"), .plainTextRefused, .unreachable(host: "h", problem: .refused), .tls("not trusted"),
            .loginRefused, .noSuchFolder("Чеки"), .refused(command: "EXAMINE", detail: "no"),
            .protocolViolation("junk"), .timedOut,
        ]
        for error in errors {
            let russian = error.message(in: .russian)
            let english = error.message(in: .english)
            #expect(russian != english)
            #expect(russian.contains { ("а"..."я").contains($0) })
            #expect(!english.contains { ("а"..."я").contains($0) } || english.contains("Чеки"))
        }
    }
}
