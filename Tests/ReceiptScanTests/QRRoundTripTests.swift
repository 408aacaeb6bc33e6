import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan
import Testing

@Suite("QR codes through libqrencode, zbar and zxing-cpp", .timeLimit(.minutes(20)))
struct QRRoundTripTests {
    static let payload = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    @Test(
        "a code rendered by libqrencode decodes back to the exact payload, by either engine",
        arguments: [1, 2, 4, 8], FoundCode.Engine.allCases)
    func renderAndDecode(scale: Int, engine: FoundCode.Engine) throws {
        let image = try QRRenderer.render(Self.payload, scale: scale)
        #expect(image.width == image.height)
        #expect(try QRDecoder.decode(image, engine: engine) == [DecodedSymbol(text: Self.payload)])
    }

    @Test(
        "a code drawn in a terminal's half blocks, read back as a picture of its characters, decodes to the address",
        arguments: FoundCode.Engine.allCases)
    func terminalLines(engine: FoundCode.Engine) throws {
        // What `receipts web --lan` prints: a 76-byte address (version 5 at level M, 37 modules).
        let address = "http://192.168.1.23:8765/#key=VyTwkmDJWbCW202pwDOxeq3l4ngBxuphKu-pbjOjMhE"
        let lines = try QRRenderer.lines(address)
        // 37 modules and a 2-module quiet zone each side are 41 columns: a 60-column terminal holds
        // it. 41 rows, two a line, are 21 lines, the last one's lower half light.
        #expect(lines.count == 21 && lines.allSatisfy { $0.count == 41 })
        #expect(Set(lines.joined()).isSubset(of: [" ", "▀", "▄", "█"]))
        // Each character back into its two modules, 4 pixels a module as a screen shows them.
        let scale = 4
        var picture = GrayImage(width: 41 * scale, height: 42 * scale, fill: 255)
        for (line, text) in lines.enumerated() {
            for (column, character) in text.enumerated() {
                let (top, bottom) =
                    switch character {
                    case "█": (true, true)
                    case "▀": (true, false)
                    case "▄": (false, true)
                    default: (false, false)
                    }
                for (row, dark) in [(2 * line, top), (2 * line + 1, bottom)] where dark {
                    for y in row * scale..<(row + 1) * scale {
                        for x in column * scale..<(column + 1) * scale { picture[x, y] = 0 }
                    }
                }
            }
        }
        #expect(try QRDecoder.decode(picture, engine: engine) == [DecodedSymbol(text: address)])
    }

    @Test("two codes in one image are both returned, by either engine", arguments: FoundCode.Engine.allCases)
    func twoCodes(engine: FoundCode.Engine) throws {
        let first = try QRRenderer.render(Self.payload, scale: 3)
        let second = try QRRenderer.render("https://example.org/not-fiscal", scale: 3)
        var canvas = GrayImage(width: first.width + second.width + 40, height: max(first.height, second.height) + 20)
        for y in 0..<first.height { for x in 0..<first.width { canvas[x + 10, y + 10] = first[x, y] } }
        for y in 0..<second.height { for x in 0..<second.width { canvas[x + first.width + 30, y + 10] = second[x, y] } }
        let texts = try QRDecoder.decode(canvas, engine: engine).map(\.text)
        #expect(texts.sorted() == [Self.payload, "https://example.org/not-fiscal"].sorted())
    }

    @Test("no code is invented in blank or noisy images, by either engine", arguments: FoundCode.Engine.allCases)
    func noFalseReads(engine: FoundCode.Engine) throws {
        #expect(try QRDecoder.decode(GrayImage(width: 400, height: 300), engine: engine).isEmpty)
        var generator = SeededRandom(seed: 42)
        var noise = GrayImage(width: 320, height: 240)
        for index in noise.pixels.indices { noise.pixels[index] = UInt8(truncatingIfNeeded: generator.next()) }
        #expect(try QRDecoder.decode(noise, engine: engine).isEmpty)
    }

    @Test("zxing-cpp's shim takes empty, tiny, thin, huge and garbage pictures without a crash")
    func zxingEdges() throws {
        var generator = SeededRandom(seed: 9)
        var garbage = GrayImage(width: 997, height: 13)
        for index in garbage.pixels.indices { garbage.pixels[index] = UInt8(truncatingIfNeeded: generator.next()) }
        var stripes = GrayImage(width: 640, height: 480)
        for y in 0..<480 { for x in 0..<640 where (x / 7 + y / 7) % 2 == 0 { stripes[x, y] = 0 } }
        let pictures = [
            GrayImage(width: 0, height: 0), GrayImage(width: 1, height: 1), GrayImage(width: 1, height: 5_000),
            GrayImage(width: 5_000, height: 1), GrayImage(width: 8_000, height: 6_000, fill: 0), garbage, stripes,
        ]
        for picture in pictures {
            #expect(try QRDecoder.decode(picture, engine: .zxing).isEmpty, "\(picture.width)×\(picture.height)")
        }
        // A code cut in half is no code.
        let code = try QRRenderer.render(Self.payload, scale: 4)
        let half = try #require(
            GrayImage(
                width: code.width, height: code.height / 2,
                pixels: Array(code.pixels.prefix(code.width * (code.height / 2)))))
        #expect(try QRDecoder.decode(half, engine: .zxing).isEmpty)
    }

    @Test("a text too long for any QR version is refused")
    func tooLong() {
        let text = String(repeating: "x", count: 8000)
        #expect(throws: ScanError.tooLongForQRCode(length: 8000)) { try QRRenderer.render(text) }
    }

    @Test("PNG keeps the picture exactly, and the code in it still decodes")
    func png() throws {
        let image = try QRRenderer.render(Self.payload, scale: 4)
        let data = try PNGCodec.encode(image)
        #expect(ImageFormat(sniffing: data) == .png)
        let decoded = try ImageLoader.load(data)
        #expect(decoded == image)
        #expect(try QRDecoder.decode(decoded).map(\.text) == [Self.payload])
    }

    @Test("WebP from libwebp loads as grayscale and the code in it decodes")
    func webp() throws {
        let image = try QRRenderer.render(Self.payload, scale: 4)
        let decoded = try ImageLoader.load(try WebPFile.encode(image))
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(try QRDecoder.decode(decoded).map(\.text) == [Self.payload])
    }
}
