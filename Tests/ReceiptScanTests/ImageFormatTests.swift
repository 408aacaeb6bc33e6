import CWebP
import Foundation
import ReceiptPhotos
import ReceiptScan
import Testing

@Suite("Image formats", .timeLimit(.minutes(20)))
struct ImageFormatTests {
    static let payload = QRRoundTripTests.payload

    /// A small picture whose every pixel says where it is, to tell turns and mirrors apart.
    static let pattern: GrayImage = {
        var image = GrayImage(width: 3, height: 2)
        for index in image.pixels.indices { image.pixels[index] = UInt8(index * 40) }
        return image
    }()

    @Test("a JPEG from libjpeg loads as grayscale and the code in it decodes")
    func jpeg() throws {
        let image = try QRRenderer.render(Self.payload, scale: 4)
        let data = try JPEGCodec.encode(image, quality: 90)
        #expect(ImageFormat(sniffing: data) == .jpeg)
        let decoded = try ImageLoader.load(data)
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(try QRDecoder.decode(decoded).map(\.text) == [Self.payload])
    }

    @Test("a JPEG is turned upright as its Exif orientation says", arguments: ExifOrientation.allCases)
    func exifOrientation(_ orientation: ExifOrientation) throws {
        // Stored as a camera would: the upright picture turned the other way, orientation recorded.
        let upright = try QRRenderer.render(Self.payload, scale: 3)
        var stored = GrayImage(width: upright.width + 30, height: upright.height)
        for y in 0..<upright.height { for x in 0..<upright.width { stored[x, y] = upright[x, y] } }
        let inverse: [ExifOrientation: ExifOrientation] = [
            .rotatedClockwise: .rotatedCounterclockwise, .rotatedCounterclockwise: .rotatedClockwise,
        ]
        let file = try JPEGCodec.encode(
            stored.oriented(inverse[orientation] ?? orientation), quality: 95, orientation: orientation)
        let loaded = try ImageLoader.load(file)
        #expect(loaded.width == stored.width && loaded.height == stored.height)
        // The code sits at the left of the upright picture: the right 30 columns stay white.
        #expect((0..<loaded.height).allSatisfy { loaded[loaded.width - 5, $0] > 200 })
        #expect(try QRDecoder.decode(loaded).map(\.text) == [Self.payload])
    }

    @Test("the eight orientations move pixels as the Exif standard says")
    func orientations() {
        let image = Self.pattern  // 0 40 80 / 120 160 200
        #expect(image.oriented(.up).pixels == [0, 40, 80, 120, 160, 200])
        #expect(image.oriented(.mirrored).pixels == [80, 40, 0, 200, 160, 120])
        #expect(image.oriented(.upsideDown).pixels == [200, 160, 120, 80, 40, 0])
        #expect(image.oriented(.upsideDownMirrored).pixels == [120, 160, 200, 0, 40, 80])
        #expect(image.oriented(.leftMirrored).pixels == [0, 120, 40, 160, 80, 200])
        #expect(image.oriented(.rotatedClockwise).pixels == [120, 0, 160, 40, 200, 80])
        #expect(image.oriented(.rightMirrored).pixels == [200, 80, 160, 40, 120, 0])
        #expect(image.oriented(.rotatedCounterclockwise).pixels == [80, 200, 40, 160, 0, 120])
        #expect(image.oriented(.rotatedClockwise).width == 2)
    }

    @Test("a broken Exif block is ignored, never trusted")
    func brokenExif() throws {
        let data = [UInt8](try JPEGCodec.encode(Self.pattern, quality: 95, orientation: .rotatedClockwise))
        #expect(ExifOrientation(jpeg: data) == .rotatedClockwise)
        // Point IFD0 far beyond the block, then cut the segment's length: both read as upright.
        guard let tiff = data.firstRange(of: [0x4D, 0x4D, 0, 42])?.lowerBound else {
            Issue.record("no TIFF header")
            return
        }
        var farOffset = data
        farOffset[tiff + 4] = 0x7F
        #expect(ExifOrientation(jpeg: farOffset) == .up)
        #expect(ExifOrientation(jpeg: Array(data.prefix(tiff + 10))) == .up)
        #expect(ExifOrientation(jpeg: [0xFF, 0xD8]) == .up)
    }

    @Test("binary PGM and PPM, 8 and 16 bits a sample, load as grayscale")
    func netpbm() throws {
        let gray = Data("P5\n# a comment\n3 2\n255\n".utf8) + Data(Self.pattern.pixels)
        #expect(try ImageLoader.load(gray) == Self.pattern)
        let wide = Data("P5 3 2 65535\n".utf8) + Data(Self.pattern.pixels.flatMap { [$0, $0] })
        #expect(try ImageLoader.load(wide) == Self.pattern)
        let colour = Data("P6\n3 2\n255\n".utf8) + Data(Self.pattern.pixels.flatMap { [$0, $0, $0] })
        #expect(try ImageLoader.load(colour) == Self.pattern)
        let code = try QRRenderer.render(Self.payload, scale: 3)
        let file = Data("P5\n\(code.width) \(code.height)\n255\n".utf8) + Data(code.pixels)
        #expect(try QRDecoder.decode(try ImageLoader.load(file)).map(\.text) == [Self.payload])
    }
}
