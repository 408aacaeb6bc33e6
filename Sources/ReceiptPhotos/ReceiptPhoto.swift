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
    /// How far the receipt's plane is turned away from the camera, degrees (0…60), seen through a
    /// phone's lens (a field of view of about 65°): the far side of the code shrinks, as in `tilt`,
    /// and its modules are foreshortened.
    public var perspective: Double = 0
    /// The direction of the axis the plane turns about, degrees from the frame's horizontal.
    public var perspectiveAxis: Double = 0
    /// Curled paper, 0 (flat) …1: the receipt bends round a cylinder across its length whose
    /// radius is the code's side divided by 1.2 × `curl`; modules near the bend's edges narrow, and
    /// the bend is shaded.
    public var curl: Double = 0
    /// Camera shake: the length of the motion blur in pixels, 0 for none.
    public var motionLength: Double = 0
    /// The direction of the shake, degrees.
    public var motionDegrees: Double = 0
    /// Glare: how many bright spots of shop light wash over the picture.
    public var glareSpots = 0
    /// How bright the glare is at a spot's centre, 0…1 of the way to white.
    public var glareStrength: Double = 0.9
    /// Faded thermal print, 0…1: the ink comes out lighter, more in some places than in others.
    public var fade: Double = 0
    /// False for a receipt whose code was torn off: the text and the blank paper where the code
    /// was, for checking that no code is found where there is none.
    public var hasCode = true

    /// A sharp, upright, well-lit photo of the code; change the fields to damage it.
    public init(payload: String, width: Int, height: Int, modulePixels: Double) {
        self.payload = payload
        self.width = width
        self.height = height
        self.modulePixels = modulePixels
    }

    /// A photo as the damage sets frame one: a module spans about 1/330 of the frame's short side
    /// (a code a quarter of the way across), and the code's centre is near the middle.
    static func framed(
        _ payload: String, width: Int, height: Int, using generator: inout SeededRandom
    ) -> ReceiptPhoto {
        let base = Double(min(width, height)) / 330
        var photo = ReceiptPhoto(
            payload: payload, width: width, height: height,
            modulePixels: base * .random(in: 0.9...1.3, using: &generator))
        photo.centreX = .random(in: 0.35...0.65, using: &generator)
        photo.centreY = .random(in: 0.4...0.6, using: &generator)
        return photo
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
        let drawn = try ReceiptPaper.draw(payload, scale: scale, seed: seed, code: hasCode)
        let anchor = drawn.codeCentre
        let paper = fade > 0 ? faded(drawn.paper) : drawn.paper
        let factor = modulePixels / Double(scale)
        let target = (x: centreX * Double(width), y: centreY * Double(height))
        let corners: [(x: Double, y: Double)] = [
            (0, 0), (Double(paper.width), 0), (Double(paper.width), Double(paper.height)), (0, Double(paper.height)),
        ]
        let placed = corners.enumerated().map { index, corner in
            place(dx: (corner.x - anchor.x) * factor, dy: (corner.y - anchor.y) * factor, far: index < 2, at: target)
        }
        guard let map = Homography(from: placed, to: corners) else { throw .library("homography") }
        var image: GrayImage
        if curl > 0 {
            // The cylinder's radius in paper pixels: the code's side over 1.2 × curl.
            let side = Double(paper.width) * 3 / 5
            image = bent(paper, map: map, radius: side / (1.2 * curl), axisY: anchor.y)
        } else {
            image = paper.warped(width: width, height: height, map: map, outside: 90)
        }
        if blur > 0 {
            for _ in 0..<3 { image = image.boxBlurred(radius: blur) }
        }
        if motionLength >= 1 { image = shaken(image) }
        var generator = SeededRandom(seed: seed &+ 7)
        let spots = (0..<glareSpots).map { _ in
            (
                x: target.x + Double.random(in: -1...1, using: &generator) * modulePixels * 25,
                y: target.y + Double.random(in: -1...1, using: &generator) * modulePixels * 25,
                radius: modulePixels * Double.random(in: 4...12, using: &generator)
            )
        }
        let range = Double(Int(white) - Int(black))
        for y in 0..<height {
            let light = 1 - shadow * Double(y) / Double(max(1, height - 1))
            let rowBase = y * width
            for x in 0..<width {
                var value = Double(black) + Double(image.pixels[rowBase + x]) / 255 * range * light
                for spot in spots {
                    let dx = Double(x) - spot.x
                    let dy = Double(y) - spot.y
                    let distance = (dx * dx + dy * dy) / (spot.radius * spot.radius)
                    if distance < 9 { value += (255 - value) * glareStrength * exp(-distance) }
                }
                if noise > 0 { value += noise * generator.normal() }
                image.pixels[rowBase + x] = UInt8(min(255, max(0, value.rounded())))
            }
        }
        return image
    }

    /// Where a point of the paper, `dx, dy` photo pixels from the code's centre when seen flat and
    /// upright, lands in the frame: the plane turned by `perspective` about its axis and seen
    /// through a phone's lens, the far edge shortened by `tilt`, the whole turned by `degrees`.
    private func place(dx: Double, dy: Double, far: Bool, at target: (x: Double, y: Double)) -> (x: Double, y: Double) {
        var (x, y) = (far ? dx * (1 - tilt) : dx, dy)
        if perspective != 0 {
            // Into the axis's frame, turn the plane about the axis, project, and back.
            let axis = perspectiveAxis * Double.pi / 180
            let along = x * cos(axis) + y * sin(axis)
            let across = -x * sin(axis) + y * cos(axis)
            let turn = perspective * Double.pi / 180
            // A lens with about 65° across the frame's long side.
            let focal = Double(max(width, height)) * 0.78
            let depth = focal + across * sin(turn)
            let seenAlong = along * focal / depth
            let seenAcross = across * cos(turn) * focal / depth
            x = seenAlong * cos(axis) - seenAcross * sin(axis)
            y = seenAlong * sin(axis) + seenAcross * cos(axis)
        }
        let angle = degrees * Double.pi / 180
        return (target.x + x * cos(angle) - y * sin(angle), target.y + x * sin(angle) + y * cos(angle))
    }

    /// The paper with its ink lightened by `fade`, unevenly: a smooth field of a few waves decides
    /// how much in each place, as worn thermal paper fades in patches.
    private func faded(_ paper: GrayImage) -> GrayImage {
        var generator = SeededRandom(seed: seed &+ 13)
        let waves = (0..<4).map { _ in
            (
                fx: Double.random(in: 0.5...3, using: &generator) * 2 * Double.pi / Double(paper.width),
                fy: Double.random(in: 0.5...3, using: &generator) * 2 * Double.pi / Double(paper.height),
                phase: Double.random(in: 0..<(2 * Double.pi), using: &generator)
            )
        }
        var result = paper
        for y in 0..<paper.height {
            for x in 0..<paper.width {
                let value = Double(paper[x, y])
                guard value < 250 else { continue }
                let field = waves.reduce(0) { sum, wave in
                    sum + sin(wave.fx * Double(x) + wave.fy * Double(y) + wave.phase)
                }
                // 0…1: how much of the ink is gone here; never quite all of it.
                let gone = min(0.92, max(0, fade * (0.75 + 0.25 * field / 2)))
                result[x, y] = UInt8(value + (250 - value) * gone)
            }
        }
        return result
    }

    /// The paper warped into the frame with a bend: the homography gives where each pixel would
    /// fall on the flat paper, and the cylinder moves it along the paper's length to where the
    /// curled paper shows that place (arcsine of the seen distance from the bend's axis), shaded
    /// where the surface turns away.
    private func bent(_ paper: GrayImage, map: Homography, radius: Double, axisY: Double) -> GrayImage {
        var result = GrayImage(width: width, height: height, fill: 90)
        let maxX = Double(paper.width - 1)
        let maxY = Double(paper.height - 1)
        for y in 0..<height {
            for x in 0..<width {
                let (u, seen) = map.apply(Double(x), Double(y))
                let offset = (seen - axisY) / radius
                guard abs(offset) < 0.999 else { continue }
                let v = axisY + radius * asin(offset)
                guard u >= 0, v >= 0, u <= maxX, v <= maxY else { continue }
                let x0 = Int(u)
                let y0 = Int(v)
                let x1 = min(x0 + 1, paper.width - 1)
                let y1 = min(y0 + 1, paper.height - 1)
                let ax = u - Double(x0)
                let ay = v - Double(y0)
                let top = Double(paper[x0, y0]) * (1 - ax) + Double(paper[x1, y0]) * ax
                let bottom = Double(paper[x0, y1]) * (1 - ax) + Double(paper[x1, y1]) * ax
                // The surface faces the camera less towards the bend's edges: up to a third darker.
                let facing = (1 - offset * offset).squareRoot()
                result[x, y] = UInt8((top * (1 - ay) + bottom * ay) * (0.67 + 0.33 * facing) + 0.5)
            }
        }
        return result
    }

    /// The picture smeared along `motionDegrees` over `motionLength` pixels: the camera moved
    /// while the shutter was open.
    private func shaken(_ image: GrayImage) -> GrayImage {
        let steps = max(2, Int(motionLength.rounded()))
        let angle = motionDegrees * Double.pi / 180
        let offsets = (0..<steps).map { step -> (Int, Int) in
            let along = (Double(step) / Double(steps - 1) - 0.5) * motionLength
            return (Int((along * cos(angle)).rounded()), Int((along * sin(angle)).rounded()))
        }
        var result = image
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0
                for (dx, dy) in offsets {
                    sum += Int(image[min(width - 1, max(0, x + dx)), min(height - 1, max(0, y + dy))])
                }
                result[x, y] = UInt8(sum / steps)
            }
        }
        return result
    }
}
