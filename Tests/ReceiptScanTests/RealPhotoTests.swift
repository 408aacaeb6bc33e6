import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptScan

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

    @Test(
        "a code on a crumpled label against dark cloth is read: the label flattened (05, 06), the code's grid fitted to its module edges where a fold runs through it (30, 31)",
        arguments: ["qrcode-4/05.webp", "qrcode-4/06.webp", "qrcode-4/30.webp", "qrcode-4/31.webp"])
    func crumpledLabel(name: String) throws {
        let image = try ImageLoader.load(try Repository.data("Tests/Fixtures/qr-photos/" + name))
        #expect(try ReceiptCodeReader().read(image).codes.map(\.text) == [try Self.expected(name)])
    }

    @Test("a code of 153 modules on a sheet bent across, two pixels a module, is read along its alignment patterns")
    func bentSheet() throws {
        let image = try ImageLoader.load(try Repository.data("Tests/Fixtures/qr-photos/qrcode-2/high-res-1.jpg"))
        #expect(try ReceiptCodeReader().read(image).codes.map(\.text) == [try Self.expected("qrcode-2/high-res-1.jpg")])
    }

    @Test("a flattened label fills a square with a white margin; a picture without a dark ground gives none")
    func flattening() throws {
        // A light label, its top edge bowed, on a dark ground.
        var picture = GrayImage(width: 120, height: 120, fill: 30)
        for y in 20..<100 {
            for x in 20..<100 where y >= 20 + Int(6 * sin(Double(x - 20) / 80 * Double.pi)) { picture[x, y] = 230 }
        }
        let flat = try #require(picture.flattenedLabel(smoothing: 5))
        #expect(flat.width == flat.height)
        #expect(flat[0, 0] == 255)
        // The bow is gone: a row just inside the label's top is light across its whole width.
        let margin = try #require((0..<flat.height).first { flat[flat.width / 2, $0] < 255 })
        #expect((margin + 2..<flat.width - margin - 2).allSatisfy { flat[$0, margin + 2] > 128 })
        #expect(flat[flat.width / 2, flat.height / 2] > 128)
        #expect(GrayImage(width: 120, height: 120, fill: 230).flattenedLabel(smoothing: 5) == nil)
    }
}
