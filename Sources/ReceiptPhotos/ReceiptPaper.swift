import ReceiptCore
import ReceiptScan

/// A flat, upright receipt as printed: rows of text-like marks on white paper and the QR code of
/// `payload` near the bottom, `scale` pixels a module.
enum ReceiptPaper {
    /// The paper, and the centre of the code on it; without `code`, the place for it stays blank.
    static func draw(_ payload: String, scale: Int, seed: UInt64, code drawsCode: Bool = true) throws(ScanError) -> (
        paper: GrayImage, codeCentre: (x: Double, y: Double)
    ) {
        let code = try QRRenderer.render(payload, scale: scale, margin: 4)
        var generator = SeededRandom(seed: seed)
        let side = code.width
        let padding = side / 3
        let width = side + 2 * padding
        let textHeight = side * 2
        let height = textHeight + side + side / 3
        var paper = GrayImage(width: width, height: height, fill: 250)
        // Text: lines of marks as tall as a module and a half, with gaps between words.
        let lineHeight = max(2, scale * 3 / 2)
        var y = scale * 3
        while y + lineHeight < textHeight {
            var x = scale * 2
            let end = width - scale * 2 - Int.random(in: 0...(width / 3), using: &generator)
            while x < end {
                let mark = Int.random(in: max(1, scale / 2)...max(2, scale * 2), using: &generator)
                let gap = Int.random(in: 0...4, using: &generator) == 0 ? scale * 2 : max(1, scale / 2)
                for row in y..<(y + lineHeight) {
                    for column in x..<min(end, x + mark) { paper[column, row] = 30 }
                }
                x += mark + gap
            }
            y += lineHeight * 2
        }
        for row in 0..<(drawsCode ? code.height : 0) {
            for column in 0..<code.width where code[column, row] == 0 {
                paper[column + padding, row + textHeight] = 20
            }
        }
        return (paper, (Double(padding) + Double(side) / 2, Double(textHeight) + Double(side) / 2))
    }
}
