import ReceiptCore
import Testing

@testable import ReceiptStore

@Suite("Categories bound as static text", .timeLimit(.minutes(20)))
struct CategoryStaticTextTests {
    @Test("every category's static text is its raw value")
    func staticRawValues() {
        for category in Category.allCases { #expect(category.staticRawValue.description == category.rawValue) }
    }
}
