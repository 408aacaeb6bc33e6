extension GrayImage {
    /// The picture turned upright from how a camera stored it.
    public func oriented(_ orientation: ExifOrientation) -> GrayImage {
        let (w, h) = (width, height)
        switch orientation {
        case .up: return self
        case .mirrored: return remapped(width: w, height: h) { x, y in (w - 1 - x, y) }
        case .upsideDown: return remapped(width: w, height: h) { x, y in (w - 1 - x, h - 1 - y) }
        case .upsideDownMirrored: return remapped(width: w, height: h) { x, y in (x, h - 1 - y) }
        case .leftMirrored: return remapped(width: h, height: w) { x, y in (y, x) }
        case .rotatedClockwise: return remapped(width: h, height: w) { x, y in (y, h - 1 - x) }
        case .rightMirrored: return remapped(width: h, height: w) { x, y in (w - 1 - y, h - 1 - x) }
        case .rotatedCounterclockwise: return remapped(width: h, height: w) { x, y in (w - 1 - y, x) }
        }
    }

    /// A new picture whose pixel (x, y) is this picture's pixel at `source(x, y)`.
    private func remapped(width newWidth: Int, height newHeight: Int, source: (Int, Int) -> (Int, Int)) -> GrayImage {
        var result = GrayImage(width: newWidth, height: newHeight)
        pixels.withUnsafeBufferPointer { input in
            result.pixels.withUnsafeMutableBufferPointer { output in
                for y in 0..<newHeight {
                    for x in 0..<newWidth {
                        let (sx, sy) = source(x, y)
                        output[y * newWidth + x] = input[sy * width + sx]
                    }
                }
            }
        }
        return result
    }
}
