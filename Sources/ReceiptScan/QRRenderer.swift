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
