import Foundation
import ReceiptScan
import ReceiptTesting
import Testing

/// Pictures of zxing-cpp's own test set (Tests/Fixtures/qr-photos, where they come from in its
/// SOURCES.md) of the kinds the cascade learnt to read from that set; `ScanBenchmarks` reads all 183.
@Suite("zxing-cpp's test photos", .timeLimit(.minutes(20)))
struct RealPhotoTests {
    /// The text zxing-cpp's tests expect of a picture of the set.
    static func expected(_ name: String) throws -> String {
        let text = name.prefix { $0 != "." } + ".txt"
        return String(decoding: try Repository.data("Tests/Fixtures/qr-photos/" + text), as: UTF8.self)
    }

    @Test("a code drawn over an aerial photograph, the picture's grain in every module, is read")
    func codeOverPicture() throws {
        let image = try ImageLoader.load(try Repository.data("Tests/Fixtures/qr-photos/qrcode-2/13.webp"))
        let result = try ReceiptCodeReader().read(image)
        #expect(result.codes.map(\.text) == [try Self.expected("qrcode-2/13.webp")])
    }
}
