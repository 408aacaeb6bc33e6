import Foundation

extension GrayImage {
    /// The picture blurred by a box of `2 × radius + 1` pixels, once across and once down; a few
    /// passes come close to a Gaussian blur.
    public func boxBlurred(radius: Int) -> GrayImage {
        guard radius > 0, width > 0, height > 0 else { return self }
        var result = self
        var line = [Int](repeating: 0, count: max(width, height))
        result.pixels.withUnsafeMutableBufferPointer { image in
            for y in 0..<height {
                Self.blurLine(image, start: y * width, step: 1, count: width, radius: radius, line: &line)
            }
            for x in 0..<width {
                Self.blurLine(image, start: x, step: width, count: height, radius: radius, line: &line)
            }
        }
        return result
    }

    /// A running-sum box blur along one row or column, with the edge pixels repeated.
    private static func blurLine(
        _ image: UnsafeMutableBufferPointer<UInt8>, start: Int, step: Int, count: Int, radius: Int, line: inout [Int]
    ) {
        for index in 0..<count { line[index] = Int(image[start + index * step]) }
        let span = 2 * radius + 1
        var sum = 0
        for offset in -radius...radius { sum += line[min(max(offset, 0), count - 1)] }
        for index in 0..<count {
            image[start + index * step] = UInt8((sum + span / 2) / span)
            sum += line[min(index + radius + 1, count - 1)] - line[max(index - radius, 0)]
        }
    }

    /// The picture shrunk by a whole `factor`, each pixel the mean of a `factor × factor` block.
    func reduced(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let newWidth = width / factor
        let newHeight = height / factor
        guard newWidth > 0, newHeight > 0 else { return self }
        var result = GrayImage(width: newWidth, height: newHeight)
        let area = factor * factor
        pixels.withUnsafeBufferPointer { input in
            result.pixels.withUnsafeMutableBufferPointer { output in
                var sums = [Int](repeating: 0, count: newWidth)
                for y in 0..<newHeight {
                    for index in 0..<newWidth { sums[index] = 0 }
                    for row in (y * factor)..<(y * factor + factor) {
                        let base = row * width
                        for x in 0..<newWidth {
                            var sum = 0
                            for column in (x * factor)..<(x * factor + factor) { sum += Int(input[base + column]) }
                            sums[x] += sum
                        }
                    }
                    for x in 0..<newWidth { output[y * newWidth + x] = UInt8(sums[x] / area) }
                }
            }
        }
        return result
    }

    /// Black and white by comparing each pixel with the mean of the `2 × radius + 1` square around
    /// it: uneven light and low contrast no longer hide the modules.
    func binarized(radius: Int, offset: Int = 4) -> GrayImage {
        guard width > 0, height > 0 else { return self }
        let stride = width + 1
        var integral = [Int](repeating: 0, count: stride * (height + 1))
        var result = GrayImage(width: width, height: height)
        pixels.withUnsafeBufferPointer { input in
            integral.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    var rowSum = 0
                    for x in 0..<width {
                        rowSum += Int(input[y * width + x])
                        sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + rowSum
                    }
                }
            }
            integral.withUnsafeBufferPointer { sums in
                result.pixels.withUnsafeMutableBufferPointer { output in
                    for y in 0..<height {
                        let top = max(0, y - radius)
                        let bottom = min(height, y + radius + 1)
                        for x in 0..<width {
                            let left = max(0, x - radius)
                            let right = min(width, x + radius + 1)
                            let total =
                                sums[bottom * stride + right] - sums[top * stride + right] - sums[bottom * stride + left]
                                + sums[top * stride + left]
                            let count = (bottom - top) * (right - left)
                            output[y * width + x] = Int(input[y * width + x]) * count + offset * count < total ? 0 : 255
                        }
                    }
                }
            }
        }
        return result
    }

    /// Edges made steeper by an unsharp mask: the picture plus `amount` times its difference from a
    /// blurred copy.
    func sharpened(radius: Int = 1, amount: Int = 2) -> GrayImage {
        let blurred = boxBlurred(radius: radius)
        var result = self
        for index in pixels.indices {
            let value = Int(pixels[index]) + amount * (Int(pixels[index]) - Int(blurred.pixels[index]))
            result.pixels[index] = UInt8(min(255, max(0, value)))
        }
        return result
    }

    /// The rectangle `x, y, width, height` of the picture, clipped to it.
    func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> GrayImage {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(width, x + cropWidth)
        let bottom = min(height, y + cropHeight)
        guard right > left, bottom > top else { return GrayImage(width: 0, height: 0) }
        var result = GrayImage(width: right - left, height: bottom - top)
        for row in top..<bottom {
            let source = row * width + left
            let target = (row - top) * result.width
            result.pixels.replaceSubrange(target..<target + result.width, with: pixels[source..<source + result.width])
        }
        return result
    }

    /// The picture scaled by `factor` (bilinear), turned by `degrees` about its centre when asked.
    func resampled(scale factor: Double, degrees: Double = 0) -> GrayImage {
        let newWidth = max(1, Int(Double(width) * factor))
        let newHeight = max(1, Int(Double(height) * factor))
        let angle = degrees * Double.pi / 180
        let (c, s) = (cos(angle) / factor, sin(angle) / factor)
        let (cx, cy) = (Double(newWidth) / 2, Double(newHeight) / 2)
        let (sx, sy) = (Double(width) / 2, Double(height) / 2)
        // Output point p maps to the source centre + R(-angle)·(p - centre) / factor.
        let map = Homography(m: [c, s, sx - c * cx - s * cy, -s, c, sy + s * cx - c * cy, 0, 0, 1])
        return warped(width: newWidth, height: newHeight, map: map)
    }
}
