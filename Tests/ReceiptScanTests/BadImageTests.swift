import Foundation
import ReceiptScan
import Testing

@Suite("Bad image files")
struct BadImageTests {
    @Test("bytes that are no image are refused by content, whatever the name")
    func notAnImage() {
        #expect(throws: ScanError.notAnImage) { try ImageLoader.load(Data("t=2019…".utf8)) }
        #expect(throws: ScanError.notAnImage) { try ImageLoader.load(Data()) }
    }

    @Test("a truncated PNG is reported as damaged, not a crash")
    func truncatedPNG() throws {
        let data = try PNGCodec.encode(try QRRenderer.render("hello", scale: 4))
        // Cut anywhere before the image data ends; a missing IEND trailer alone still leaves a whole picture.
        for length in [8, 20, 33, data.count / 2, data.count - 20] {
            let error = try #require(throws: ScanError.self) { try ImageLoader.load(data.prefix(length)) }
            guard case .damaged(.png, _) = error else {
                Issue.record("\(length) bytes: expected damaged PNG, got \(error)")
                continue
            }
        }
    }

    @Test("a PNG that claims 100000×100000 pixels is refused before decoding")
    func decompressionBomb() throws {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(100_000) + bigEndian(100_000) + [8, 0, 0, 0, 0])
        bytes += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        bytes += chunk("IEND", [])
        #expect(throws: ScanError.tooManyPixels(width: 100_000, height: 100_000, limit: GrayImage.defaultPixelLimit)) {
            try ImageLoader.load(Data(bytes))
        }
    }

    @Test("formats not read yet say so")
    func unsupported() {
        #expect(throws: ScanError.unsupportedFormat(.jpeg)) {
            try ImageLoader.load(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0]))
        }
        #expect(throws: ScanError.unsupportedFormat(.pnm)) { try ImageLoader.load(Data("P5\n2 2\n255\n".utf8)) }
        #expect(ScanError.unsupportedFormat(.jpeg).message(in: .russian).contains("JPEG"))
    }

    @Test("the C libraries report their versions")
    func versions() {
        let versions = ImageLibraries.versions
        #expect(Set(versions.keys) == ["zbar", "libqrencode", "libpng", "libwebp", "libjpeg"])
        #expect(versions.values.allSatisfy { $0.first?.isNumber == true })
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// The CRC-32 PNG chunks end with (ISO 3309, reflected, polynomial 0xEDB88320).
    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
