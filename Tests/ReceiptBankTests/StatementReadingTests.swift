import Foundation
import ReceiptBank
import ReceiptCore
import ReceiptTesting
import Testing

/// Statements as the banks write them, from Tests/Fixtures/bank (where each came from is in
/// SOURCES.md, what their layouts are in FORMATS.md). The expected values are read off the files'
/// rows by hand; each is quoted beside its check.
@Suite("Bank statements", .timeLimit(.minutes(20)))
struct StatementReadingTests {
    static func statement(_ path: String) throws -> BankStatement {
        try BankStatement.read(Array(try Repository.data("Tests/Fixtures/bank/\(path)")))
    }

    static func moscow(_ iso: String) throws -> ZonedDateTime {
        ZonedDateTime(local: try LocalDateTime(iso: iso), offsetMinutes: 180)
    }

    @Test("T-Bank, 15 columns, re-saved with commas and quotes: OK rows kept, FAILED ones counted")
    func tbankResaved() throws {
        let statement = try Self.statement("tbank/skypro_operations_trimmed.csv")
        // 28 rows under the header, 3 of them FAILED (14.11.2021, 15.09.2021 15:32:41, 26.05.2021).
        #expect(statement.bank == .tbank)
        #expect(statement.layout == StatementLayout(kind: .commas, columns: 15, encoding: .utf8))
        #expect(
            statement.layout.description(in: .russian) == "CSV «,» (пересохранён таблицей), столбцов 15, UTF-8")
        #expect(statement.payments.count == 25)
        #expect(statement.skipped == 3)
        #expect(statement.problems.isEmpty)
        // `31.12.2021 16:44:00,31.12.2021,*7197,OK,"-160,89",RUB,"-160,89",RUB,,Супермаркеты,5411,Колхоз,…`
        let first = try #require(statement.payments.first)
        #expect(first.time == (try Self.moscow("2021-12-31T16:44:00")))
        #expect(first.timeKnown)
        #expect(first.account == "*7197")
        #expect(first.spent == Money(kopecks: 16_089))
        #expect(first.description == "Колхоз")
        #expect(first.mcc == "5411")
        #expect(first.category == "Супермаркеты")
        // A refund is a positive row: `20.12.2021 19:42:13,…,"421,00",RUB,…,Ozon.ru` is 421 ₽ back.
        let refund = try #require(statement.payments.first { $0.description == "Ozon.ru" })
        #expect(refund.spent == Money(kopecks: -42_100))
        // Doubled quotes inside a field: `"На р/с ООО ""ФОРТУНА"""`.
        #expect(statement.payments.contains { $0.description == "На р/с ООО \"ФОРТУНА\"" })
        // Abroad, the account's roubles count: `"-8,61",USD,"-648,76",RUB,…,Italki Hk Limited`.
        let abroad = try #require(statement.payments.first { $0.description == "Italki Hk Limited" })
        #expect(abroad.spent == Money(kopecks: 64_876))
        #expect(abroad.currency == "RUB")
        // A yuan account: `"-42,00",RUB,"-4,72",CNY,…,Мосгортранс` is 4.72 CNY out of it.
        let yuan = try #require(statement.payments.first { $0.description == "Мосгортранс" })
        #expect(yuan.spent == Money(kopecks: 472))
        #expect(yuan.currency == "CNY")
        #expect(statement.accounts == ["*4556", "*5091", "*7197"])
    }

    @Test("T-Bank, 15 columns as the bank writes them: `;`, UTF-8, no quotes")
    func tbankPlain() throws {
        let statement = try Self.statement("tbank/tbank2qif_operations.sample.csv")
        // 11 rows under the header, all OK.
        #expect(statement.layout.description(in: .english) == "CSV “;”, 15 columns, UTF-8")
        #expect(statement.payments.count == 11)
        #expect(statement.problems.isEmpty)
        // `13.10.2025 13:09:04;13.10.2025;;OK;450000,00;RUB;450000.0;RUB;;Переводы;;…`: an income
        // without a card, its payment amount written with a point.
        let income = try #require(statement.payments.first)
        #expect(income.spent == Money(kopecks: -45_000_000))
        #expect(income.account == "")
        // `18.07.2025 22:16:35;19.07.2025;*xxxx;OK;-4232,00;…;Такси;4121;Яндекс такси ULTIMA;…`
        let taxi = try #require(statement.payments.last)
        #expect(taxi.spent == Money(kopecks: 423_200))
        #expect(taxi.time == (try Self.moscow("2025-07-18T22:16:35")))
    }

    @Test("Alfa-Bank movementList: Windows-1251, a `;` after every field, the purchase day from the card's text")
    func alfa() throws {
        let statement = try Self.statement("alfabank/ofxstatement_alfabank.csv")
        #expect(statement.bank == .alfa)
        #expect(statement.layout.kind == .semicolons && statement.layout.encoding == .windows1251)
        #expect(statement.payments.count == 3)
        #expect(statement.problems.isEmpty)
        // `…;31.05.17;ABCDEF11111111111;{VO11111} Перечисление ден. средств (зарплата за май 2017 г.);33123,56;0;`
        let salary = statement.payments[0]
        #expect(salary.spent == Money(kopecks: -3_312_356))
        #expect(salary.account == "11111111111111111111")
        #expect(salary.currency == "RUB")
        #expect(salary.reference == "ABCDEF11111111111")
        #expect(salary.description.hasPrefix("{VO11111} Перечисление ден. средств"))
        // `…;03.05.17;ABC_1AA11A;123456++++++6789    11111111\123\Visa Direct\SOME BANK   03.05.17 01.05.17 …MCC1234;0;1500;`:
        // posted on the 3rd, bought on the 1st.
        let card = statement.payments[2]
        #expect(card.account == "*6789")
        #expect(card.description == "SOME BANK")
        #expect(card.mcc == "1234")
        #expect(card.spent == Money(kopecks: 150_000))
        #expect(card.time == (try Self.moscow("2017-05-01T00:00:00")))
        #expect(!card.timeKnown)
    }

    @Test("Alfa-Bank saved again by a spreadsheet, with commas: the same columns are found")
    func alfaResaved() throws {
        let statement = try Self.statement("alfabank/skillbox_movementList_trimmed.csv")
        #expect(statement.problems.isEmpty)
        // `…,CRD_5XK5TM,548673++++++1028    21708201\RUS\MOSCOW\Ryabin\KUSCHAVEL   31.05.17 29.05.17 300.00 RUR (Apple Pay-7666) MCC5814,0,300`
        let cafe = try #require(statement.payments.first { $0.reference == "CRD_5XK5TM" })
        #expect(cafe.description == "KUSCHAVEL")
        #expect(cafe.spent == Money(kopecks: 30_000))
        #expect(cafe.time.local == (try LocalDateTime(iso: "2017-05-29")))
        #expect(cafe.mcc == "5814")
        // A card-to-card transfer in: `…/RU/CARD2CARD ALFA_MOBILE>MOSCOW   31.05.17 31.05.17 1500.00 RUR MCC6536,1500,0`.
        let transfer = try #require(statement.payments.first { $0.reference == "CRD_1U34U7" })
        #expect(transfer.description == "CARD2CARD ALFA_MOBILE>MOSCOW")
        #expect(transfer.spent == Money(kopecks: -150_000))
    }

    @Test("VTB: the block before the table is passed over; a pending operation is kept, with its time")
    func vtb() throws {
        let statement = try Self.statement("vtb/ofxstatement_vtb.csv")
        #expect(statement.bank == .vtb)
        #expect(statement.payments.count == 4)
        #expect(statement.problems.isEmpty)
        // `'462235******7428;2019-07-06 00:00:00;2019-07-08;-4,50;EUR;-336,15;RUR;Карта *1234 payee1;Исполнено`
        let euros = statement.payments[0]
        #expect(euros.account == "*7428")
        #expect(euros.spent == Money(kopecks: 33_615))
        #expect(euros.currency == "RUB")
        #expect(euros.description == "payee1")
        #expect(!euros.timeKnown)
        // `'462235******7428;2019-07-13 10:48:55;;-600,00;RUR;-600,00;RUR;Карта *1234 MEGAFON TOPUP  1234;В обработке`
        let pending = statement.payments[3]
        #expect(pending.spent == Money(kopecks: 60_000))
        #expect(pending.time == (try Self.moscow("2019-07-13T10:48:55")))
        #expect(pending.timeKnown)
        #expect(pending.description == "MEGAFON TOPUP  1234")
    }

    @Test("Sber: UTF-8 with a byte-order mark, days without times, a kopeck written `-,01`")
    func sber() throws {
        let statement = try Self.statement("sber/ofxstatement_sberbank.csv")
        #expect(statement.bank == .sber)
        #expect(statement.payments.count == 11)
        #expect(statement.problems.isEmpty)
        // `Основная;*6833;31.10.2019;31.10.2019;204840;4829;MOSCOW;RUS;SBOL перевод 4276****1234 И. ИВАН ИВАНОВИЧ;;;-4320,4;`
        let first = statement.payments[0]
        #expect(first.account == "*6833")
        #expect(first.spent == Money(kopecks: 432_040))
        #expect(first.mcc == "4829")
        #expect(first.time.local == (try LocalDateTime(iso: "2019-10-31")))
        // `…;10.04.2019;10.04.2019;225412;4829;…;SBOL перевод 5469****1242 Р. ФЕДОР ВИКТОРОВИЧ;;;-,01;`
        #expect(statement.payments.contains { $0.spent == Money(kopecks: 1) && $0.description.contains("1242") })
    }

    @Test("OFX as ofxstatement writes it: an SGML header, an XML body, no zone in the times")
    func ofxFromOfxstatement() throws {
        // Written here in the shape FORMATS.md describes (no real Russian bank's OFX is public).
        let text = """
            OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:UNICODE\r\nCHARSET:NONE\r\n\
            COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n\
            <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>\
            <DTSERVER>20240302101500</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>\
            <BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>\
            <STMTRS><CURDEF>RUB</CURDEF><BANKACCTFROM><BANKID>Tinkoff</BANKID><ACCTID>*4556</ACCTID>\
            <ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST><DTSTART/><DTEND/>\
            <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240301234000</DTPOSTED><TRNAMT>-1234.50</TRNAMT>\
            <FITID>3f1e</FITID><NAME>PYATEROCHKA 1234</NAME><MEMO>Супермаркеты: Пятёрочка &amp; Co, 5411, *4556</MEMO></STMTTRN>\
            <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240302</DTPOSTED><TRNAMT>421.00</TRNAMT>\
            <FITID>77aa</FITID><NAME>Ozon.ru</NAME></STMTTRN>\
            <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>2024-03-02</DTPOSTED><TRNAMT>-1.00</TRNAMT>\
            <FITID>bad</FITID></STMTTRN>\
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        let statement = try BankStatement.read(Array(text.utf8))
        #expect(statement.bank == .ofx)
        #expect(statement.payments.count == 2)
        #expect(statement.problems.map(\.problem) == [.badDate(column: "DTPOSTED", text: "2024-03-02")])
        let shop = statement.payments[0]
        #expect(shop.account == "*4556")
        #expect(shop.spent == Money(kopecks: 123_450))
        #expect(shop.time == (try Self.moscow("2024-03-01T23:40:00")))
        #expect(shop.description == "PYATEROCHKA 1234 — Супермаркеты: Пятёрочка & Co, 5411, *4556")
        #expect(shop.reference == "3f1e")
        #expect(statement.payments[1].spent == Money(kopecks: -42_100))
    }

    @Test("OFX on one line as ofxstatement writes it is not held to the line bound, but to 16 MiB as a whole")
    func ofxOnOneLine() throws {
        let head = """
            OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:UNICODE\r\nCHARSET:NONE\r\n\
            COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n\
            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STMTRS><CURDEF>RUB</CURDEF>\
            <BANKACCTFROM><BANKID>Tinkoff</BANKID><ACCTID>*4556</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>\
            <BANKTRANLIST><DTSTART/><DTEND/>
            """
        let tail = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"
        // A year of a card's operations, 1,000 of about 150 bytes each: one line of ~150 KB, past
        // the 64 KiB that bounds a CSV's line (the first version of the bound refused this file).
        let operations = (1...1_000).map { index in
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240301120000</DTPOSTED><TRNAMT>-\(index).50</TRNAMT>"
                + "<FITID>op\(index)</FITID><NAME>SPAR \(index)</NAME></STMTTRN>"
        }
        let year = Array((head + operations.joined() + tail).utf8)
        #expect(year.count > 65_536 * 2)
        let statement = try BankStatement.read(year)
        #expect(statement.payments.count == 1_000 && statement.problems.isEmpty)
        // 1.50 + 2.50 + … + 1000.50 = 500,500 + 500 = 501,000.00 ₽ = 50,100,000 kopecks.
        #expect(statement.payments.map(\.spent.kopecks).reduce(0, +) == 50_100_000)
        // Past 16 MiB as a whole it is refused before it is decoded.
        let huge = Array(
            (head + String(repeating: operations[0], count: 16 * 1_048_576 / operations[0].utf8.count + 1) + tail).utf8)
        #expect(throws: StatementError.tooLarge(limit: 16 * 1_048_576)) { try BankStatement.read(huge) }
        #expect(
            StatementError.tooLarge(limit: 16 * 1_048_576).message(in: .english)
                == "OFX larger than 16 MiB: split the statement into several files by period")
    }

    @Test("OFX 1 as SGML, leaf elements unclosed, a time with its zone")
    func ofxSGML() throws {
        let text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX>
            <BANKMSGSRSV1><STMTTRNRS><STMTRS>
            <CURDEF>RUR
            <BANKACCTFROM><ACCTID>40817810000000000001</BANKACCTFROM>
            <BANKTRANLIST>
            <STMTTRN>
            <TRNTYPE>DEBIT
            <DTPOSTED>20240301150000.000[+10:VLAT]
            <TRNAMT>-99.90
            <FITID>1
            <NAME>SPAR 77
            </STMTTRN>
            </BANKTRANLIST>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1>
            </OFX>
            """
        let statement = try BankStatement.read(Array(text.utf8))
        let payment = try #require(statement.payments.first)
        #expect(payment.time == ZonedDateTime(local: try LocalDateTime(iso: "2024-03-01T15:00:00"), offsetMinutes: 600))
        #expect(statement.layout.description(in: .english) == "OFX 1 (SGML), UTF-8")
        #expect(payment.currency == "RUB")
        #expect(payment.account == "40817810000000000001")
        #expect(payment.spent == Money(kopecks: 9_990))
    }

    @Test("A bad row is named by its line and the rest are kept")
    func badRows() throws {
        let text = """
            Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Кэшбэк;Категория;MCC;Описание;Бонусы (включая кэшбэк)
            01.03.2024 12:00:00;01.03.2024;*1234;OK;-100,00;RUB;-100,00;RUB;;Супермаркеты;5411;Магнит;1,00
            31.02.2024 12:00:00;01.03.2024;*1234;OK;-100,00;RUB;-100,00;RUB;;Супермаркеты;5411;Магнит;1,00
            01.03.2024 12:00:00;01.03.2024;*1234;OK;-1 00,0x;RUB;-1 00,0x;RUB;;Супермаркеты;5411;Магнит;1,00
            01.03.2024 12:00:00;01.03.2024;*1234;OK;-100,00;RUB
            """
        let statement = try BankStatement.read(Array(text.utf8))
        #expect(statement.payments.count == 1)
        #expect(
            statement.problems == [
                StatementRowProblem(line: 3, problem: .badDate(column: "Дата операции", text: "31.02.2024 12:00:00")),
                StatementRowProblem(line: 4, problem: .badAmount(column: "Сумма платежа", text: "-1 00,0x")),
                StatementRowProblem(line: 5, problem: .columnCount(found: 6, expected: 13)),
            ])
        #expect(
            statement.problems[0].message(in: .russian) == "строка 3: «Дата операции»: не дата: «31.02.2024 12:00:00»")
    }

    @Test("An amount past 10¹² ₽ either way is a named bad row; the bound itself is kept")
    func amountsBeyondBounds() throws {
        // T-Bank: 92 233 720 368 547 758,07 ₽ is Int64.max kopecks, which `match` once overflowed on;
        // -1 000 000 000 000,01 ₽ is a kopeck past the bound; -1 000 000 000 000,00 ₽ is the bound.
        let tbank = """
            Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Кэшбэк;Категория;MCC;Описание;Бонусы (включая кэшбэк)
            01.03.2024 12:00:00;01.03.2024;*1234;OK;-92 233 720 368 547 758,07;RUB;-92 233 720 368 547 758,07;RUB;;Супермаркеты;5411;Магнит;0,00
            01.03.2024 12:05:00;01.03.2024;*1234;OK;-1 000 000 000 000,01;RUB;-1 000 000 000 000,01;RUB;;Супермаркеты;5411;Магнит;0,00
            01.03.2024 12:10:00;01.03.2024;*1234;OK;-1 000 000 000 000,00;RUB;-1 000 000 000 000,00;RUB;;Супермаркеты;5411;Магнит;0,00
            """
        let statement = try BankStatement.read(Array(tbank.utf8))
        #expect(statement.payments.map(\.spent) == [Money(kopecks: 100_000_000_000_000)])
        #expect(
            statement.problems == [
                StatementRowProblem(
                    line: 2, problem: .beyondBounds(column: "Сумма платежа", text: "-92 233 720 368 547 758,07")),
                StatementRowProblem(
                    line: 3, problem: .beyondBounds(column: "Сумма платежа", text: "-1 000 000 000 000,01")),
            ])
        #expect(
            statement.problems[1].message(in: .english)
                == "line 3: “Сумма платежа”: an amount beyond 1,000,000,000,000 ₽: “-1 000 000 000 000,01”")
        // Alfa-Bank subtracts what came in from what went out: once crashed `bank import` with these.
        let alfa = """
            Тип счёта;Номер счета;Валюта;Дата операции;Референс проводки;Описание операции;Приход;Расход;
            Мой счет;11111111111111111111;RUR;31.05.17;ABCDEF1;Перевод;92233720368547758,07;0;
            Мой счет;11111111111111111111;RUR;31.05.17;ABCDEF2;Перевод;0;92233720368547758,07;
            Мой счет;11111111111111111111;RUR;31.05.17;ABCDEF3;Перевод;0;50;
            """
        let alfaStatement = try BankStatement.read(Array(alfa.utf8))
        #expect(alfaStatement.bank == .alfa)
        #expect(alfaStatement.payments.map(\.spent) == [Money(kopecks: 5_000)])
        #expect(
            alfaStatement.problems == [
                StatementRowProblem(line: 2, problem: .beyondBounds(column: "Приход", text: "92233720368547758,07")),
                StatementRowProblem(line: 3, problem: .beyondBounds(column: "Расход", text: "92233720368547758,07")),
            ])
    }

    @Test("Windows-1251 is read as such; a file that is no statement says so")
    func encodingsAndRefusals() throws {
        // «Дата операции;…» in Windows-1251 bytes: Д is 0xC4, а 0xE0, т 0xF2.
        let header =
            "Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Описание\n"
            + "01.03.2024 12:00:00;;*1;OK;-5,00;RUB;-5,00;RUB;Ёлка №1\n"
        var bytes: [UInt8] = []
        for scalar in header.unicodeScalars {
            switch scalar.value {
            case 0x410...0x44F: bytes.append(UInt8(scalar.value - 0x410 + 0xC0))
            case 0x401: bytes.append(0xA8)
            case 0x2116: bytes.append(0xB9)
            default: bytes.append(UInt8(scalar.value))
            }
        }
        let statement = try BankStatement.read(bytes)
        #expect(statement.payments.first?.description == "Ёлка №1")
        #expect(throws: StatementError.notAStatement) { try BankStatement.read(Array("a;b;c\n1;2;3\n".utf8)) }
        #expect(throws: StatementError.notAStatement) { try BankStatement.read([]) }
    }

    /// Issue 49: a line past 64 KiB is refused before the text is decoded, named by its line, both
    /// from bytes and from a file read a piece at a time. Before the change `lineTooLong` did not
    /// exist; a 100 MB line was decoded and split whole (552 MB).
    @Test("a statement line longer than 64 KiB is refused by its line number")
    func longLine() throws {
        let header = String(BankCommandStatement.header) + "\n"
        // 65,536 bytes is the longest line taken: line 2 of exactly that is read as a bad row…
        let longest = Array((header + String(repeating: "x", count: 65_536) + "\n").utf8)
        #expect(try BankStatement.read(longest).problems.map(\.line) == [2])
        // …and one byte more is no statement.
        let over = Array((header + String(repeating: "x", count: 65_537) + "\n").utf8)
        #expect(throws: StatementError.lineTooLong(line: 2, limit: 65_536)) { try BankStatement.read(over) }
        #expect(
            StatementError.lineTooLong(line: 2, limit: 65_536).message(in: .english)
                == "line 2 is longer than 64 KiB: no bank statement has lines that long")
        // From a file of 4 MiB on line 3: refused after the first pieces, not read whole.
        let folder = try TemporaryFolder()
        let path = folder.file("long.csv")
        try Data((header + "\n" + String(repeating: "y", count: 4 << 20)).utf8).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        #expect(throws: StatementError.lineTooLong(line: 3, limit: 65_536)) { try BankStatement.bytes(from: handle) }
        // It stopped within two pieces of 64 KiB past the start of the line.
        #expect(try handle.offset() <= UInt64(header.utf8.count + 1 + 2 * 65_536))
    }
}

/// The header of a T-Bank statement, for the tests that need a file recognised as one.
enum BankCommandStatement {
    static let header =
        #""Дата операции";"Дата платежа";"Номер карты";"Статус";"Сумма операции";"Валюта операции";"Сумма платежа";"Валюта платежа";"Кэшбэк";"Категория";"MCC";"Описание";"Бонусы (включая кэшбэк)";"Округление на инвесткопилку";"Сумма операции с округлением""#
}
