import FiscalProviders
import Foundation
import ReceiptCore
import Testing

@Suite("Fiscal providers: what is checked before anything is sent", .timeLimit(.minutes(20)))
struct IdentityRulesTests {
    @Test(
        "a person's INN has 12 digits whose last two check the ten before",
        arguments: ["500100732259", "7707 0832 1830"])
    func validINN(text: String) throws {
        #expect(try TaxpayerNumber(text).digits.count == 12)
    }

    @Test("an INN of the wrong length or with a typo is refused, saying which")
    func invalidINN() {
        #expect(throws: TaxpayerNumberError.notTwelveDigits) { try TaxpayerNumber("7707083893") }
        #expect(throws: TaxpayerNumberError.notTwelveDigits) { try TaxpayerNumber("50010073225x") }
        #expect(throws: TaxpayerNumberError.badCheckDigits) { try TaxpayerNumber("500100732258") }
        #expect(TaxpayerNumberError.badCheckDigits.message(in: .russian).contains("контрольные цифры"))
    }

    @Test("phones are read as people write them and sent as +7 and ten digits")
    func phones() {
        for text in ["+7 999 123-45-67", "8 (999) 123 45 67", "79991234567", "9991234567"] {
            #expect(PhoneNumber(text)?.international == "+79991234567", "\(text)")
        }
        for text in ["123", "+1 999 123 45 67", "+7 999 123 45 6x", "+7999123456789"] {
            #expect(PhoneNumber(text) == nil, "\(text)")
        }
    }

    @Test("providers' addresses are https, or plain http to this machine only")
    func endpoints() throws {
        #expect(try ProviderEndpoint.fns(environment: [:]).absoluteString == "https://irkkt-mobile.nalog.ru:8888")
        #expect(
            try ProviderEndpoint.fns(environment: ["RECEIPTS_FNS_URL": "http://127.0.0.1:9000"]).absoluteString
                == "http://127.0.0.1:9000")
        #expect(
            try ProviderEndpoint.proverkacheka(environment: ["RECEIPTS_PROVERKACHEKA_URL": "http://localhost:1"]).port
                == 1)
        #expect(throws: EndpointError.plainHTTP(variable: "RECEIPTS_FNS_URL", value: "http://example.com")) {
            try ProviderEndpoint.fns(environment: ["RECEIPTS_FNS_URL": "http://example.com"])
        }
        #expect(throws: EndpointError.invalid(variable: "RECEIPTS_PROVERKACHEKA_URL", value: "ftp://x")) {
            try ProviderEndpoint.proverkacheka(environment: ["RECEIPTS_PROVERKACHEKA_URL": "ftp://x"])
        }
    }

    @Test("the daily limit ends at the next midnight UTC")
    func midnight() {
        let evening = Date(timeIntervalSince1970: 1_764_000_000)  // 2025-11-24 16:00 UTC
        let next = ProviderError.nextMidnightUTC(after: evening)
        #expect(next.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0)
        #expect(next > evening && next.timeIntervalSince(evening) <= 86_400)
        #expect(ProviderError.limited(.fns, until: next).message(in: .english).contains("00:00 UTC"))
    }
}
