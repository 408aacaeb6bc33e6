import Foundation
import ReceiptCore
import Testing

@testable import ReceiptScan

/// A code on creased paper, its module grid fitted to the code's own module edges (`EdgeGrid`).
@Suite("a code on creased paper")
struct CreasedCodeTests {
    /// A receipt's payload (a shop's, its numbers changed), drawn by qrencode six pixels a module,
    /// then creased along each of `creases` (a line through the picture's middle shifted `offset`
    /// modules off it, at `degrees`), beyond which the paper lies `modules` modules further across
    /// the line, the step spread over about a module (a logistic curve); ink grey 40 on paper 220.
    static func creased(
        _ text: String, creases: [(degrees: Double, offset: Double, modules: Double)]
    ) throws -> GrayImage {
        let scale = 6.0
        let flat = try QRRenderer.render(text, scale: Int(scale))
        let size = Double(flat.width)
        var creased = GrayImage(width: flat.width, height: flat.height)
        for y in 0..<flat.height {
            for x in 0..<flat.width {
                var (sourceX, sourceY) = (Double(x), Double(y))
                for crease in creases {
                    let angle = crease.degrees * Double.pi / 180
                    let (nx, ny) = (-sin(angle), cos(angle))
                    let across = ((Double(x) - size / 2) * nx + (Double(y) - size / 2) * ny) / scale - crease.offset
                    let moved = crease.modules * scale / (1 + exp(-across))
                    (sourceX, sourceY) = (sourceX + moved * nx, sourceY + moved * ny)
                }
                creased[x, y] = UInt8(40 + flat.shade(atX: sourceX, y: sourceY) * 180 / 255)
            }
        }
        return creased
    }

    static let payload = "t=20240115T1542&s=1234.50&fn=7380440700123456&i=12345&fp=1234567890&n=1"

    @Test(
        "a receipt's code with a pleat across it, the band between two creases 0.9 module off, is read; the engines alone miss it"
    )
    func pleat() throws {
        // Two creases at 45 degrees ten modules apart, the paper between them moved 0.9 module
        // across them and back: a band of modules that one perspective samples on their edges.
        let picture = try Self.creased(Self.payload, creases: [(45, -5, 0.9), (45, 5, -0.9)])
        for engine in FoundCode.Engine.allCases {
            #expect(try QRDecoder.decode(picture, engine: engine).isEmpty, "\(engine) reads it alone")
        }
        #expect(try EdgeGrid.codes(in: picture).flatMap { try QRDecoder.decode($0) }.map(\.text) == [Self.payload])
        let result = try ReceiptCodeReader().read(picture)
        #expect(result.codes.map(\.text) == [Self.payload])
        #expect(result.codes.first?.fiscal != nil)
        // Read by the step of the worked regions that fits the grid, none before it.
        #expect(result.pass == .workedRegions)
    }

    @Test("a code with no crease is drawn again module for module")
    func flat() throws {
        let picture = try Self.creased(Self.payload, creases: [])
        let drawn = EdgeGrid.codes(in: picture)
        // Of the three sizes round the finder patterns' estimate, only the right one's timing
        // patterns alternate: it alone is drawn.
        #expect(drawn.count == 1)
        #expect(try drawn.flatMap { try QRDecoder.decode($0) }.map(\.text) == [Self.payload])
    }
}
