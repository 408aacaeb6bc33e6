import Foundation
import ReceiptCore
import Testing

@testable import ReceiptScan

@Suite(
    "Deblurring: the Fourier transform, the blur's direction, the Wiener filter, the code's whereabouts",
    .timeLimit(.minutes(20)))
struct DeblurTests {
    static let payload = "t=20250122T1102&s=11462.55&fn=0998485389917617&i=122163&fp=2464093251&n=1"

    /// `picture` convolved with a streak `length` pixels long at `degrees`, drawn point by point with
    /// bilinear weights (as a camera moving at an even speed smears it), the edges repeated.
    static func smeared(_ picture: Plane, length: Float, degrees: Float) -> Plane {
        let angle = degrees * Float.pi / 180
        let steps = Int(length * 4)
        var kernel: [(dx: Int, dy: Int, weight: Float)] = []
        for step in 0...steps {
            let s = -length / 2 + length * Float(step) / Float(steps)
            let (x, y) = (s * cos(angle), -s * sin(angle))
            let (x0, y0) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
            let (fx, fy) = (x - Float(x0), y - Float(y0))
            kernel += [
                (x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)), (x0, y0 + 1, (1 - fx) * fy),
                (x0 + 1, y0 + 1, fx * fy),
            ]
        }
        let total = kernel.reduce(0) { $0 + $1.weight }
        var result = Plane(width: picture.width, height: picture.height)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                var sum: Float = 0
                for tap in kernel {
                    let sx = min(max(x - tap.dx, 0), picture.width - 1)
                    let sy = min(max(y - tap.dy, 0), picture.height - 1)
                    sum += tap.weight * picture[sx, sy]
                }
                result[x, y] = sum / total
            }
        }
        return result
    }

    @Test("the transform and its inverse give the values back; an impulse has a flat spectrum")
    func transformRoundTrip() {
        var generator = SeededRandom(seed: 7)
        let original = (0..<(64 * 32)).map { _ in Float(generator.below(256)) }
        var real = original
        var imaginary = [Float](repeating: 0, count: original.count)
        FFT.transform2D(&real, &imaginary, columns: 64, rows: 32, inverse: false)
        #expect(abs(real[0] - original.reduce(0, +)) < 1)
        FFT.transform2D(&real, &imaginary, columns: 64, rows: 32, inverse: true)
        #expect(zip(real, original).allSatisfy { abs($0 - $1) < 0.01 })
        #expect(imaginary.allSatisfy { abs($0) < 0.01 })

        var impulse = [Float](repeating: 0, count: 16 * 8)
        impulse[0] = 1
        var zero = [Float](repeating: 0, count: 16 * 8)
        FFT.transform2D(&impulse, &zero, columns: 16, rows: 8, inverse: false)
        #expect(impulse.allSatisfy { abs($0 - 1) < 1e-5 } && zero.allSatisfy { abs($0) < 1e-5 })
    }

    @Test(
        "a code smeared by a shaking hand is unreadable; its smear's direction is found, and undoing it reads back the payload",
        arguments: [0, 30, 75, 120] as [Float])
    func shakenCode(degrees: Float) throws {
        let code = Plane(try QRRenderer.render(Self.payload, scale: 4))
        let length: Float = 9
        let blurred = Self.smeared(code, length: length, degrees: degrees)
        #expect(try QRDecoder.decode(blurred.image, engine: .zbar).isEmpty)
        let smear = Deconvolution.smear(of: blurred)
        let off = abs(smear.degrees - degrees)
        #expect(min(off, 180 - off) < 10, "the smear found: \(smear.degrees)°")
        #expect(smear.anisotropy > 2)
        let restored = Deconvolution(blurred).restored(from: .line(length: length, degrees: smear.degrees)).image
        let read = try QRDecoder.decode(restored, engine: .zbar) + QRDecoder.decode(restored, engine: .zxing)
        #expect(read.contains(DecodedSymbol(text: Self.payload)))
    }

    @Test("an even blur has no direction to speak of")
    func evenBlur() throws {
        let code = Plane(try QRRenderer.render(Self.payload, scale: 4)).image.boxBlurred(radius: 2).boxBlurred(
            radius: 2)
        #expect(Deconvolution.smear(of: Plane(code)).anisotropy < 1.5)
    }

    @Test("a smeared code on a page of dense print is among the three likeliest places")
    func locatesTheCode() throws {
        var generator = SeededRandom(seed: 11)
        var page = Plane(width: 900, height: 700, fill: 235)
        // Lines of "print": short dark dashes, as dense as receipt text, above and below the code.
        for line in stride(from: 30, to: 680, by: 22) where !(330...560).contains(line) {
            var x = 40
            while x < 860 {
                let word = 12 + generator.below(50)
                for y in line..<(line + 9) {
                    for column in x..<min(x + word, 860) where generator.below(3) != 0 { page[column, y] = 40 }
                }
                x += word + 8 + generator.below(12)
            }
        }
        let code = Self.smeared(Plane(try QRRenderer.render(Self.payload, scale: 4, margin: 0)), length: 9, degrees: 20)
        let (left, top) = (480, 340)
        for y in 0..<code.height { for x in 0..<code.width { page[left + x, top + y] = code[x, y] } }
        let found = BlurredCodeLocator.candidates(in: page)
        #expect(!found.isEmpty && found.count <= 3)
        let hit = found.contains { candidate in
            let (cx, cy) = (candidate.x + candidate.width / 2, candidate.y + candidate.height / 2)
            return (left..<(left + code.width)).contains(cx) && (top..<(top + code.height)).contains(cy)
                && (0.6...1.6).contains(Double(candidate.side) / Double(code.width))
        }
        #expect(hit, "candidates: \(found)")
        #expect(BlurredCodeLocator.candidates(in: Plane(width: 300, height: 200, fill: 128)).isEmpty)
    }

    @Test("a shaken photo no finder pattern shows is read by the deblurring pass, and nothing is read in blank paper")
    func cascade() throws {
        var page = GrayImage(width: 700, height: 500, fill: 230)
        // Modules of 3 pixels smeared over 7 (shorter smears are read by the earlier passes).
        let code = Self.smeared(
            Plane(try QRRenderer.render(Self.payload, scale: 3, margin: 0)), length: 7, degrees: 145
        )
        .image
        for y in 0..<code.height { for x in 0..<code.width { page[200 + x, 120 + y] = code[x, y] } }
        let result = try ReceiptCodeReader().read(page)
        #expect(result.codes.map(\.text) == [Self.payload])
        #expect(result.pass == .deblurred)
        #expect(try ReceiptCodeReader().read(GrayImage(width: 700, height: 500, fill: 230)).codes.isEmpty)
    }
}
