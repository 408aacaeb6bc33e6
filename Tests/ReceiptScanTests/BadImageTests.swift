import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan
import Testing

@Suite("Bad image files", .timeLimit(.minutes(20)))
struct BadImageTests {
    @Test("bytes that are no image are refused by content, whatever the name")
    func notAnImage() {
        #expect(throws: ScanError.notAnImage) { try ImageLoader.load(Data("t=2019…".utf8)) }
        #expect(throws: ScanError.notAnImage) { try ImageLoader.load(Data()) }
    }

    @Test("a truncated PNG, JPEG, WebP or PGM says it is truncated, not a crash")
    func truncated() throws {
        let code = try QRRenderer.render("hello", scale: 4)
        let files: [(ImageFormat, Data)] = [
            (.png, try PNGCodec.encode(code)), (.jpeg, try JPEGCodec.encode(code)), (.webp, try WebPFile.encode(code)),
            (.pnm, Data("P5\n\(code.width) \(code.height)\n255\n".utf8) + Data(code.pixels)),
        ]
        for (format, data) in files {
            // Cut after the header and inside the picture: a missing trailer alone may still leave it whole.
            for length in [40, data.count / 2, data.count - 30] {
                let error = try #require(throws: ScanError.self) { try ImageLoader.load(data.prefix(length)) }
                #expect(error == .truncated(format), "\(format) cut to \(length) bytes: \(error)")
            }
        }
    }

    @Test("corrupt data inside a PNG, JPEG or WebP is reported as damage of that format")
    func corrupt() throws {
        let code = try QRRenderer.render("hello", scale: 4)
        let files: [(ImageFormat, Data)] = [
            (.png, try PNGCodec.encode(code)), (.jpeg, try JPEGCodec.encode(code)), (.webp, try WebPFile.encode(code)),
        ]
        for (format, data) in files {
            var bytes = [UInt8](data)
            // Overwrite the middle of the file, keeping its length and its signature.
            for index in (bytes.count / 3)..<(bytes.count * 2 / 3) {
                bytes[index] = UInt8(truncatingIfNeeded: index * 7)
            }
            if format == .jpeg {
                // libjpeg warns about corrupt entropy data and carries on; a bad marker stops it.
                bytes[2...3] = [0xFF, 0x01]
            }
            let error = try #require(throws: ScanError.self) { try ImageLoader.load(Data(bytes)) }
            guard case .damaged(format, _) = error else {
                Issue.record("\(format): expected damaged, got \(error)")
                continue
            }
        }
    }

    @Test("bytes changed anywhere in a PNG, JPEG, WebP or PGM give a picture or an error, never a crash")
    func mutations() throws {
        let code = try QRRenderer.render("t=20190320T2303&s=5803.00", scale: 2)
        let files: [Data] = [
            try PNGCodec.encode(code), try JPEGCodec.encode(code), try WebPFile.encode(code),
            Data("P5\n\(code.width) \(code.height)\n255\n".utf8) + Data(code.pixels),
        ]
        var generator = SeededRandom(seed: 2026)
        var outcomes: [String: Int] = [:]
        for file in files {
            for _ in 0..<60 {
                var bytes = [UInt8](file)
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                do {
                    let image = try ImageLoader.load(Data(bytes), pixelLimit: 1_000_000)
                    #expect(image.pixels.count == image.width * image.height)
                    outcomes["read", default: 0] += 1
                } catch {
                    outcomes["refused", default: 0] += 1
                }
            }
        }
        #expect(outcomes["refused", default: 0] > 0 && outcomes.values.reduce(0, +) == 240)
    }

    @Test("a PNG that claims 100000×100000 pixels is refused before decoding")
    func decompressionBomb() throws {
        #expect(throws: ScanError.tooManyPixels(width: 100_000, height: 100_000, limit: GrayImage.defaultPixelLimit)) {
            try ImageLoader.load(Data(Self.pngBomb))
        }
    }

    @Test("JPEG, WebP and PGM headers that claim too many pixels are refused before decoding")
    func bombsOfEveryFormat() throws {
        // A real 40×30 JPEG whose frame header is rewritten to say 60000×60000.
        var jpeg = [UInt8](try JPEGCodec.encode(GrayImage(width: 40, height: 30)))
        let frame = try #require(jpeg.firstRange(of: [0xFF, 0xC0])).lowerBound
        jpeg[(frame + 5)...(frame + 8)] = [0xEA, 0x60, 0xEA, 0x60]
        #expect(throws: ScanError.tooManyPixels(width: 60_000, height: 60_000, limit: GrayImage.defaultPixelLimit)) {
            try ImageLoader.load(Data(jpeg))
        }
        // A lossless WebP header (VP8L) saying 16384×16384 with no picture after it.
        let width = 16_383
        let bits = UInt32(width) | UInt32(width) << 14
        let vp8l: [UInt8] = [0x2F] + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: bits >> $0) } + [0, 0, 0]
        let webp =
            Array("RIFF".utf8) + [UInt8(12 + vp8l.count), 0, 0, 0] + Array("WEBPVP8L".utf8)
            + [UInt8(vp8l.count), 0, 0, 0] + vp8l
        #expect(throws: ScanError.tooManyPixels(width: 16_384, height: 16_384, limit: 100_000_000)) {
            try ImageLoader.load(Data(webp), pixelLimit: 100_000_000)
        }
        #expect(throws: ScanError.tooManyPixels(width: 90_000, height: 90_000, limit: GrayImage.defaultPixelLimit)) {
            try ImageLoader.load(Data("P5\n90000 90000\n255\n".utf8) + Data(repeating: 0, count: 100))
        }
        // The limit is the caller's: a 40×30 picture is refused under a limit of 1000 pixels.
        #expect(throws: ScanError.tooManyPixels(width: 40, height: 30, limit: 1_000)) {
            try JPEGCodec.decode(try JPEGCodec.encode(GrayImage(width: 40, height: 30)), pixelLimit: 1_000)
        }
    }

    @Test("every error has a message in both languages")
    func messages() {
        let errors: [ScanError] = [
            .notAnImage, .truncated(.jpeg), .damaged(.webp, detail: "data"),
            .tooManyPixels(width: 1, height: 2, limit: 3_000_000), .tooLongForQRCode(length: 9), .library("x"),
        ]
        for error in errors {
            #expect(error.message(in: .russian) != error.message(in: .english))
            #expect(!error.message(in: .russian).isEmpty)
        }
        #expect(ScanError.truncated(.jpeg).message(in: .russian).contains("JPEG"))
    }

    @Test("the C libraries report their versions")
    func versions() {
        let versions = ImageLibraries.versions
        #expect(Set(versions.keys) == ["zbar", "zxing-cpp", "libqrencode", "libpng", "libwebp", "libjpeg"])
        #expect(versions.values.allSatisfy { $0.first?.isNumber == true })
    }

    /// A PNG whose header claims 100000×100000 pixels.
    static var pngBomb: [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(100_000) + bigEndian(100_000) + [8, 0, 0, 0, 0])
        bytes += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        bytes += chunk("IEND", [])
        return bytes
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// The CRC-32 PNG chunks end with (ISO 3309, reflected, polynomial 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
