import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan
import ReceiptTesting
import Testing

@Suite("Reading codes from damaged receipt photos", .timeLimit(.minutes(20)))
struct DamagedPhotoTests {
    static let payload = QRRoundTripTests.payload

    /// A 640×480 photo of the receipt with a code of 3-pixel modules, turned slightly.
    static func photo(_ change: (inout ReceiptPhoto) -> Void) -> ReceiptPhoto {
        var photo = ReceiptPhoto(payload: payload, width: 640, height: 480, modulePixels: 3)
        photo.degrees = 4
        photo.noise = 3
        change(&photo)
        return photo
    }

    static let damaged: [(String, ReceiptPhoto)] = [
        ("turned by 45°", photo { $0.degrees = 45 }),
        ("upside down", photo { $0.degrees = 183 }),
        ("tilted in perspective", photo { $0.tilt = 0.45 }),
        ("blurred", photo { $0.blur = 1 }),
        ("noisy", photo { $0.noise = 35 }),
        ("dark and unevenly lit", photo { ($0.black, $0.white, $0.shadow) = (40, 100, 0.5) }),
        ("shrunk to under two pixels a module", photo { $0.modulePixels = 1.8 }),
        ("JPEG-compressed at quality 10", photo { $0.jpegQuality = 10 }),
        (
            "all of it at once",
            photo {
                ($0.modulePixels, $0.degrees, $0.tilt, $0.noise) = (3.5, -25, 0.2, 8)
                ($0.black, $0.white, $0.shadow, $0.jpegQuality) = (40, 170, 0.3, 50)
            }
        ),
    ]

    @Test("a code damaged as phone photos are reads back as the exact payload", arguments: damaged.indices)
    func damagedPhoto(_ index: Int) throws {
        let (damage, photo) = Self.damaged[index]
        let result = try ReceiptCodeReader().read(try photo.render())
        #expect(result.codes.map(\.text) == [Self.payload], "\(damage)")
        #expect(result.codes.first?.fiscal?.identity.fn == "9251440300007971")
    }

    @Test("plain zbar misses some of these: the cascade is what reads them")
    func cascadeMatters() throws {
        let missed = try Self.damaged.filter { try QRDecoder.decode(try $0.1.render()).isEmpty }
        #expect(!missed.isEmpty)
    }

    @Test("a code tilted far in perspective that zbar's cascade cannot read is read by zxing-cpp, which is named")
    func secondEngine() throws {
        let image = try Self.photo { ($0.modulePixels, $0.degrees, $0.noise, $0.tilt) = (2.2, 10, 8, 0.7) }.render()
        #expect(try ReceiptCodeReader(engines: [.zbar]).read(image).codes.isEmpty)
        let result = try ReceiptCodeReader().read(image)
        #expect(result.codes.map(\.text) == [Self.payload])
        #expect(result.codes.first?.engine == .zxing)
        // An easy photo never gets as far as the second engine.
        let easy = try ReceiptCodeReader().read(try Self.photo { _ in }.render())
        #expect(easy.codes.map(\.engine) == [.zbar])
    }

    @Test("a non-fiscal code is returned with its text and no fiscal reading; a fiscal one comes first")
    func nonFiscal() throws {
        let address = try QRRenderer.render("https://ofd.example/about", scale: 3)
        let receipt = try QRRenderer.render(Self.payload, scale: 3)
        // Side by side on a receipt, far enough apart for each to be a region of its own.
        var canvas = GrayImage(width: address.width + receipt.width + 200, height: receipt.height)
        for y in 0..<address.height { for x in 0..<address.width { canvas[x, y] = address[x, y] } }
        for y in 0..<receipt.height {
            for x in 0..<receipt.width { canvas[x + address.width + 200, y] = receipt[x, y] }
        }
        let both = try ReceiptCodeReader().read(canvas).codes
        #expect(both.map(\.text) == [Self.payload, "https://ofd.example/about"])
        let alone = try ReceiptCodeReader().read(address)
        #expect(alone.codes == [FoundCode(text: "https://ofd.example/about", engine: .zbar)])
        #expect(alone.codes.first?.fiscal == nil && alone.pass == nil)
    }

    @Test("no code is invented in pictures without one, however the cascade works them")
    func noFalseReads() throws {
        var generator = SeededRandom(seed: 7)
        var noise = GrayImage(width: 320, height: 240)
        for index in noise.pixels.indices { noise.pixels[index] = UInt8.random(in: 0...255, using: &generator) }
        var stripes = GrayImage(width: 300, height: 300)
        for y in 0..<300 { for x in 0..<300 where (x / 3 + y / 7) % 2 == 0 { stripes[x, y] = 0 } }
        // A receipt whose code was torn off: text lines and paper only.
        var torn = try Self.photo { $0.noise = 10 }.render()
        for y in 180..<360 { for x in 200..<440 { torn[x, y] = 200 } }
        for picture in [GrayImage(width: 400, height: 300), noise, stripes, torn] {
            #expect(try ReceiptCodeReader().read(picture).codes.isEmpty)
        }
    }

    @Test("every sample photo in Data/samples/photos reads as the payload listed for it")
    func samples() throws {
        let folder = Repository.url("Data/samples/photos")
        let listing = try String(contentsOf: folder.appendingPathComponent("photos.txt"), encoding: .utf8)
        let lines = listing.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count >= 8)
        for line in lines {
            let parts = line.split(separator: "\t").map(String.init)
            let data = try Data(contentsOf: folder.appendingPathComponent(parts[0]))
            let codes = try ReceiptCodeReader().read(try ImageLoader.load(data)).codes
            #expect(codes.map(\.text) == [parts[1]], "\(parts[0])")
        }
    }
}
