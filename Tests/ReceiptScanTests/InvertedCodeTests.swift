import ReceiptScan
import Testing

@Suite("Codes printed light on dark, or seen in a mirror", .timeLimit(.minutes(20)))
struct InvertedCodeTests {
    @Test("a code light on dark is read", arguments: [false, true])
    func inverted(mirrored: Bool) throws {
        let code = try QRRenderer.render(DeblurTests.payload, scale: 4)
        var picture = GrayImage(width: code.width + 80, height: code.height + 60, fill: 20)
        for y in 0..<code.height {
            for x in 0..<code.width { picture[40 + (mirrored ? code.width - 1 - x : x), 30 + y] = 255 - code[x, y] }
        }
        let result = try ReceiptCodeReader().read(picture)
        #expect(result.codes.map(\.text) == [DeblurTests.payload])
    }

    @Test("a code seen in a mirror (through the back of the paper, in a selfie) is read")
    func mirrored() throws {
        let code = try QRRenderer.render(DeblurTests.payload, scale: 4)
        var picture = GrayImage(width: code.width, height: code.height)
        for y in 0..<code.height { for x in 0..<code.width { picture[code.width - 1 - x, y] = code[x, y] } }
        #expect(try ReceiptCodeReader().read(picture).codes.map(\.text) == [DeblurTests.payload])
    }
}
