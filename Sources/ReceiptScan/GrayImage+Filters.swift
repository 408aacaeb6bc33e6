import Foundation

extension GrayImage {
    /// The picture blurred by a box of `2 × radius + 1` pixels, once across and once down, with the
    /// edge pixels repeated; a few passes come close to a Gaussian blur.
    public func boxBlurred(radius: Int) -> GrayImage {
        guard radius > 0, width > 0, height > 0 else { return self }
        let span = 2 * radius + 1
        var across = [UInt16](repeating: 0, count: width * height)
        var result = GrayImage(width: width, height: height)
        pixels.withUnsafeBufferPointer { input in
            across.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    let row = y * width
                    var sum = 0
                    for offset in -radius...radius { sum += Int(input[row + min(max(offset, 0), width - 1)]) }
                    for x in 0..<width {
                        output[row + x] = UInt16(sum)
                        sum += Int(input[row + min(x + radius + 1, width - 1)]) - Int(input[row + max(x - radius, 0)])
                    }
                }
            }
        }
        across.withUnsafeBufferPointer { input in
            result.pixels.withUnsafeMutableBufferPointer { output in
                var sums = [Int](repeating: 0, count: width)
                sums.withUnsafeMutableBufferPointer { sums in
                    for offset in -radius...radius {
                        let row = min(max(offset, 0), height - 1) * width
                        for x in 0..<width { sums[x] += Int(input[row + x]) }
                    }
                    let area = span * span
                    for y in 0..<height {
                        let row = y * width
                        let entering = min(y + radius + 1, height - 1) * width
                        let leaving = max(y - radius, 0) * width
                        for x in 0..<width {
                            output[row + x] = UInt8((sums[x] + area / 2) / area)
                            sums[x] += Int(input[entering + x]) - Int(input[leaving + x])
                        }
                    }
                }
            }
        }
        return result
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

    /// Black and white against the local light: each pixel is compared with the mean of the blocks of
    /// `block` pixels around its own, so that uneven light and low contrast no longer hide the
    /// modules. Blocks with almost no contrast around them turn white rather than into noise.
    func binarized(block: Int = 8) -> GrayImage {
        guard width >= block, height >= block, block > 0 else { return self }
        let columns = (width + block - 1) / block
        let rows = (height + block - 1) / block
        var means = [Int](repeating: 0, count: columns * rows)
        var spreads = [Int](repeating: 0, count: columns * rows)
        pixels.withUnsafeBufferPointer { input in
            for row in 0..<rows {
                for column in 0..<columns {
                    var sum = 0
                    var low = 255
                    var high = 0
                    let yEnd = min(height, (row + 1) * block)
                    let xEnd = min(width, (column + 1) * block)
                    for y in (row * block)..<yEnd {
                        for x in (column * block)..<xEnd {
                            let value = Int(input[y * width + x])
                            sum += value
                            low = min(low, value)
                            high = max(high, value)
                        }
                    }
                    means[row * columns + column] = sum / ((yEnd - row * block) * (xEnd - column * block))
                    spreads[row * columns + column] = high - low
                }
            }
        }
        // Each block's threshold: the mean over the 5×5 blocks around it; -1 where all is flat.
        var thresholds = [Int](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum = 0
                var count = 0
                var spread = 0
                for r in max(0, row - 2)...min(rows - 1, row + 2) {
                    for c in max(0, column - 2)...min(columns - 1, column + 2) {
                        sum += means[r * columns + c]
                        spread = max(spread, spreads[r * columns + c])
                        count += 1
                    }
                }
                thresholds[row * columns + column] = spread < 16 ? -1 : sum / count
            }
        }
        var result = GrayImage(width: width, height: height)
        pixels.withUnsafeBufferPointer { input in
            result.pixels.withUnsafeMutableBufferPointer { output in
                thresholds.withUnsafeBufferPointer { thresholds in
                    for y in 0..<height {
                        let thresholdRow = (y / block) * columns
                        for column in 0..<columns {
                            let threshold = thresholds[thresholdRow + column]
                            let start = y * width + column * block
                            for index in start..<min(start + block, y * width + width) {
                                output[index] = Int(input[index]) < threshold ? 0 : 255
                            }
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
        pixels.withUnsafeBufferPointer { input in
            blurred.pixels.withUnsafeBufferPointer { soft in
                result.pixels.withUnsafeMutableBufferPointer { output in
                    for index in 0..<input.count {
                        let value = Int(input[index]) + amount * (Int(input[index]) - Int(soft[index]))
                        output[index] = UInt8(min(255, max(0, value)))
                    }
                }
            }
        }
        return result
    }

    /// The picture as its negative: a code printed light on dark becomes dark on light.
    func inverted() -> GrayImage {
        var result = self
        for index in result.pixels.indices { result.pixels[index] = 255 - result.pixels[index] }
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

    /// The shade between pixels, read bilinearly; the nearest edge pixel outside, white at no point
    /// (a coordinate that is not a number).
    func shade(atX x: Double, y: Double) -> Double {
        guard x.isFinite, y.isFinite else { return 255 }
        let u = min(max(x, 0), Double(width - 1))
        let v = min(max(y, 0), Double(height - 1))
        let x0 = Int(u)
        let y0 = Int(v)
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        let (ax, ay) = (u - Double(x0), v - Double(y0))
        let top = Double(self[x0, y0]) * (1 - ax) + Double(self[x1, y0]) * ax
        let bottom = Double(self[x0, y1]) * (1 - ax) + Double(self[x1, y1]) * ax
        return top * (1 - ay) + bottom * ay
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
