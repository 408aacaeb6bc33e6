import Foundation
import Testing

@testable import ReceiptScan

/// A large code on bent paper, read module by module along its own alignment patterns
/// (`AlignmentGrid`).
@Suite("a large code on bent paper")
struct BentCodeTests {
    /// A text of `bytes` bytes that no run of digits or capitals shortens (qrencode picks the
    /// smallest version that holds it).
    static func text(bytes: Int) -> String {
        String((0..<bytes).map { Character(UnicodeScalar(UInt8(97 + ($0 * 7) % 26))) })
    }

    /// The modules of a code drawn by qrencode, one pixel a module, row by row (dark is true).
    static func modules(of text: String) throws -> (modules: [Bool], dimension: Int) {
        let image = try QRRenderer.render(text, scale: 1, margin: 0)
        return (image.pixels.map { $0 == 0 }, image.width)
    }

    @Test(
        "the alignment patterns and version blocks are where qrencode draws them",
        // From the smallest version with a grid of patterns (7) to the largest (40).
        arguments: [130, 300, 580, 980, 1_350, 2_300])
    func layout(bytes: Int) throws {
        let (modules, dimension) = try Self.modules(of: Self.text(bytes: bytes))
        let version = (dimension - 17) / 4
        #expect(version >= 7)
        let positions = AlignmentGrid.positions(version: version)
        #expect(positions.first == 6 && positions.last == dimension - 7)
        for row in positions {
            for column in positions {
                // Under a finder pattern there is none.
                guard !(row == 6 && column == 6), !(row == 6 && column == dimension - 7),
                    !(row == dimension - 7 && column == 6)
                else { continue }
                for j in -2...2 {
                    for i in -2...2 {
                        // Dark centre, light ring, dark ring.
                        let dark = max(abs(i), abs(j)) != 1
                        #expect(modules[(row + j) * dimension + column + i] == dark, "\(version): \(row), \(column)")
                    }
                }
            }
        }
        #expect(AlignmentGrid.namesVersion(modules, dimension: dimension))
        #expect(AlignmentGrid.timingAlternates(modules, dimension: dimension))
        // Read through a grid four modules too small (each of its modules at the centre of the one
        // it covers of the code), the timing patterns fall in and out of step.
        let small = dimension - 4
        let stretch = Double(dimension) / Double(small)
        let smaller = (0..<small * small).map { index in
            let (row, column) = (index / small, index % small)
            return modules[Int((Double(row) + 0.5) * stretch) * dimension + Int((Double(column) + 0.5) * stretch)]
        }
        #expect(!AlignmentGrid.timingAlternates(smaller, dimension: small))
        // The same modules taken for a code one version larger or smaller name neither.
        var flipped = modules
        for index in [dimension - 11, 2 * dimension - 10, 5 * dimension - 9] { flipped[index].toggle() }
        #expect(AlignmentGrid.namesVersion(flipped, dimension: dimension), "three modules wrong are mended")
        #expect(!AlignmentGrid.namesVersion(modules, dimension: dimension + 4) || version == 40)
    }

    /// The table of ISO/IEC 18004 (annex E) for the versions whose spacing is not the rule's.
    @Test("the alignment patterns' positions follow the standard's table")
    func positions() {
        #expect(AlignmentGrid.positions(version: 1) == [])
        #expect(AlignmentGrid.positions(version: 7) == [6, 22, 38])
        #expect(AlignmentGrid.positions(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(AlignmentGrid.positions(version: 36) == [6, 24, 50, 76, 102, 128, 154])
        #expect(AlignmentGrid.positions(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test("a code on a sheet bowed by four modules is read along its alignment patterns; the engines alone miss it")
    func bowedSheet() throws {
        let text = Self.text(bytes: 580)
        let flat = try QRRenderer.render(text, scale: 3)
        // The sheet bowed across: each column moved down by a half sine wave, 12 pixels (four modules)
        // in the middle, nothing at the sides; a little shade over it all, as paper has.
        var bowed = GrayImage(width: flat.width, height: flat.height + 16, fill: 255)
        for y in 0..<bowed.height {
            for x in 0..<bowed.width {
                let shift = 12 * sin(Double.pi * Double(x) / Double(flat.width - 1))
                let source = flat.shade(atX: Double(x), y: Double(y) - 8 - shift)
                bowed[x, y] = UInt8(30 + source * 190 / 255)
            }
        }
        for engine in FoundCode.Engine.allCases {
            #expect(try QRDecoder.decode(bowed, engine: engine).isEmpty, "\(engine) reads it alone")
        }
        let drawn = AlignmentGrid.codes(in: bowed)
        #expect(try drawn.flatMap { try QRDecoder.decode($0) }.map(\.text) == [text])
        #expect(try ReceiptCodeReader().read(bowed).codes.map(\.text) == [text])
    }
}
