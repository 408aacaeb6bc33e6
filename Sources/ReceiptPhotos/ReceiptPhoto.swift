import Foundation
import ReceiptCore
public import ReceiptScan

/// How to photograph a receipt badly: the recipe of one degraded picture of a QR payload.
public struct ReceiptPhoto: Sendable, Equatable {
    /// The text of the QR code printed on the receipt.
    public var payload: String
    /// The frame's width in pixels.
    public var width: Int
    /// The frame's height in pixels.
    public var height: Int
    /// How many photo pixels a QR module spans.
    public var modulePixels: Double
    /// Turn of the receipt in the picture, degrees.
    public var degrees: Double = 0
    /// Perspective: how much narrower the far (top) edge of the receipt looks, 0…0.6.
    public var tilt: Double = 0
    /// Box-blur radius in pixels, applied three times (close to a Gaussian).
    public var blur: Int = 0
    /// Standard deviation of the sensor noise, in grey levels.
    public var noise: Double = 0
    /// The grey level black ink comes out as: the darkest the picture gets.
    public var black: UInt8 = 20
    /// The grey level white paper comes out as: the lightest the picture gets.
    public var white: UInt8 = 235
    /// How much darker the bottom of the picture is than its top, 0…1: uneven light.
    public var shadow: Double = 0
    /// JPEG quality the picture goes through, nil for none.
    public var jpegQuality: Int?
    /// Where the code's centre is across the frame, as a fraction of its width.
    public var centreX = 0.5
    /// Where the code's centre is down the frame, as a fraction of its height.
    public var centreY = 0.5
    /// Picks the receipt's text and the noise: the same seed makes the same photo.
    public var seed: UInt64 = 1

    /// A sharp, upright, well-lit photo of the code; change the fields to damage it.
    public init(payload: String, width: Int, height: Int, modulePixels: Double) {
        self.payload = payload
        self.width = width
        self.height = height
        self.modulePixels = modulePixels
    }

    /// The picture, grayscale; with `jpegQuality`, as it reads back from that JPEG.
    public func render() throws(ScanError) -> GrayImage {
        var image = try rendered()
        if let jpegQuality {
            image = try ImageLoader.load(try JPEGCodec.encode(image, quality: jpegQuality))
        }
        return image
    }

    /// The picture as the file a phone would save: JPEG (at `jpegQuality`, else 92).
    public func jpeg() throws(ScanError) -> [UInt8] {
        [UInt8](try JPEGCodec.encode(try rendered(), quality: jpegQuality ?? 92))
    }

    private func rendered() throws(ScanError) -> GrayImage {
        let scale = max(2, Int(modulePixels.rounded(.up)))
        // The QR code's centre is the point the photo is aimed at.
        let (paper, anchor) = try ReceiptPaper.draw(payload, scale: scale, seed: seed)
        let factor = modulePixels / Double(scale)
        let angle = degrees * Double.pi / 180
        let target = (x: centreX * Double(width), y: centreY * Double(height))
        let corners: [(x: Double, y: Double)] = [
            (0, 0), (Double(paper.width), 0), (Double(paper.width), Double(paper.height)), (0, Double(paper.height)),
        ]
        let placed = corners.enumerated().map { index, corner -> (x: Double, y: Double) in
            var dx = (corner.x - anchor.x) * factor
            let dy = (corner.y - anchor.y) * factor
            if index < 2 { dx *= 1 - tilt }  // the far edge looks shorter
            return (
                target.x + dx * cos(angle) - dy * sin(angle),
                target.y + dx * sin(angle) + dy * cos(angle)
            )
        }
        guard let map = Homography(from: placed, to: corners) else { throw .library("homography") }
        var image = paper.warped(width: width, height: height, map: map, outside: 90)
        if blur > 0 {
            for _ in 0..<3 { image = image.boxBlurred(radius: blur) }
        }
        var generator = SeededRandom(seed: seed &+ 7)
        let range = Double(Int(white) - Int(black))
        for y in 0..<height {
            let light = 1 - shadow * Double(y) / Double(max(1, height - 1))
            let rowBase = y * width
            for x in 0..<width {
                var value = Double(black) + Double(image.pixels[rowBase + x]) / 255 * range * light
                if noise > 0 { value += noise * generator.normal() }
                image.pixels[rowBase + x] = UInt8(min(255, max(0, value.rounded())))
            }
        }
        return image
    }
}
