import CQREncode
import Foundation

/// Draws QR codes through libqrencode.
public enum QRRenderer {
    /// The QR code of `text` as black modules on white, `scale` pixels a module, with the standard
    /// quiet zone of four modules around it; error correction level M, as fiscal printers use.
    public static func render(_ text: String, scale: Int = 8, margin: Int = 4) throws(ScanError) -> GrayImage {
        let scale = max(1, scale)
        let margin = max(0, margin)
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            if errno == ERANGE { throw .tooLongForQRCode(length: text.utf8.count) }
            throw .library(String(cString: strerror(errno)))
        }
        defer { QRcode_free(code) }
        let modules = Int(code.pointee.width)
        let side = (modules + 2 * margin) * scale
        var image = GrayImage(width: side, height: side, fill: 255)
        let data = code.pointee.data
        for row in 0..<modules {
            for column in 0..<modules where (data?[row * modules + column] ?? 0) & 1 == 1 {
                let top = (row + margin) * scale
                let left = (column + margin) * scale
                for y in top..<top + scale {
                    let start = y * side + left
                    image.pixels.replaceSubrange(start..<start + scale, with: repeatElement(0, count: scale))
                }
            }
        }
        return image
    }
}

extension QRRenderer {
    /// The QR code of `text` for a terminal: two rows of modules a line, in the half blocks `▀`,
    /// `▄` and `█` (a dark module is ink, a light one a space), with a quiet zone of `margin`
    /// modules around it. Printed as ink on paper (dark text on a light background, or painted so),
    /// a phone's camera reads it off the screen.
    public static func lines(_ text: String, margin: Int = 2) throws(ScanError) -> [String] {
        let image = try render(text, scale: 1, margin: margin)
        let side = image.width
        func dark(_ row: Int, _ column: Int) -> Bool { row < side && image.pixels[row * side + column] == 0 }
        return stride(from: 0, to: side, by: 2).map { row in
            String(
                (0..<side).map { column -> Character in
                    switch (dark(row, column), dark(row + 1, column)) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
        }
    }
}
