import Testing

@testable import ReceiptCore

@Suite("Item names: letters and digits told apart as Unicode tells them", .timeLimit(.minutes(20)))
struct ItemNameScalarTests {
    @Test("every scalar is a letter and a number exactly when Unicode's properties say so")
    func everyScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ItemName.isAlphabetic(scalar) != scalar.properties.isAlphabetic
                || ItemName.isNumeric(scalar) != (scalar.properties.numericType != nil)
            {
                disagreements.append(value)
            }
        }
        #expect(disagreements.isEmpty)
    }
}
