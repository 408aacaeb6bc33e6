import Testing

@testable import ReceiptMail

@Test func originNamesThePosition() {
    #expect(LetterOrigin(place: "inbox.mbox", position: 12).description == "inbox.mbox #12")
    #expect(LetterOrigin(place: "letter.eml").description == "letter.eml")
}
