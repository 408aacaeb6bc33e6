import Foundation

/// A picture of `Float` values, row by row from the top left: the working material of the blur
/// search (``BlurredCodeLocator``, ``Deconvolution``), where sums, gradients and spectra need more
/// than eight bits.
struct Plane: Sendable {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, fill: Float = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        values = Array(repeating: fill, count: self.width * self.height)
    }

    init(_ image: GrayImage) {
        width = image.width
        height = image.height
        values = image.pixels.map(Float.init)
    }

    subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The picture with each value clipped to 0…255 and rounded.
    var image: GrayImage {
        GrayImage(width: width, height: height, pixels: values.map { UInt8(min(max($0, 0), 255).rounded()) })
            ?? GrayImage(width: 0, height: 0)
    }

    /// Each `factor × factor` block averaged; the rows and columns left over are dropped.
    func blockMeans(_ factor: Int) -> Plane {
        guard factor > 1 else { return self }
        var result = Plane(width: width / factor, height: height / factor)
        let scale = 1 / Float(factor * factor)
        values.withUnsafeBufferPointer { input in
            result.values.withUnsafeMutableBufferPointer { output in
                for y in 0..<result.height {
                    for row in (y * factor)..<(y * factor + factor) {
                        let base = row * width
                        for x in 0..<result.width {
                            var sum: Float = 0
                            for column in (x * factor)..<(x * factor + factor) { sum += input[base + column] }
                            output[y * result.width + x] += sum
                        }
                    }
                    for x in 0..<result.width { output[y * result.width + x] *= scale }
                }
            }
        }
        return result
    }

    /// The mean over a `size × size` square around each value (`size` odd), the picture mirrored
    /// beyond its edges.
    func boxMeans(_ size: Int) -> Plane {
        separable(size) { window in window.reduce(0, +) / Float(window.count) }
    }

    /// The largest value in a `size × size` square around each.
    func maxima(_ size: Int) -> Plane { separable(size) { $0.max() ?? 0 } }

    /// The smallest value in a `size × size` square around each.
    func minima(_ size: Int) -> Plane { separable(size) { $0.min() ?? 0 } }

    /// A filter applied across, then down, to the `size` values around each, mirrored at the edges.
    private func separable(_ size: Int, _ reduce: ([Float]) -> Float) -> Plane {
        guard size > 1, width > 0, height > 0 else { return self }
        let radius = size / 2
        var across = Plane(width: width, height: height)
        var window = [Float](repeating: 0, count: 2 * radius + 1)
        for y in 0..<height {
            for x in 0..<width {
                for offset in -radius...radius { window[offset + radius] = self[Self.mirror(x + offset, width), y] }
                across[x, y] = reduce(window)
            }
        }
        var result = Plane(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                for offset in -radius...radius { window[offset + radius] = across[x, Self.mirror(y + offset, height)] }
                result[x, y] = reduce(window)
            }
        }
        return result
    }

    /// Central differences inside, one-sided at the edges: the change across and the change down at
    /// each value.
    func gradients() -> (across: Plane, down: Plane) {
        var across = Plane(width: width, height: height)
        var down = Plane(width: width, height: height)
        guard width > 1, height > 1 else { return (across, down) }
        for y in 0..<height {
            for x in 0..<width {
                let left = max(x - 1, 0)
                let right = min(x + 1, width - 1)
                across[x, y] = (self[right, y] - self[left, y]) / Float(right - left)
                let up = max(y - 1, 0)
                let below = min(y + 1, height - 1)
                down[x, y] = (self[x, below] - self[x, up]) / Float(below - up)
            }
        }
        return (across, down)
    }

    /// The rectangle `x, y, width, height`, clipped to the picture.
    func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> Plane {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(width, x + cropWidth)
        let bottom = min(height, y + cropHeight)
        guard right > left, bottom > top else { return Plane(width: 0, height: 0) }
        var result = Plane(width: right - left, height: bottom - top)
        for row in top..<bottom {
            let source = row * width + left
            let target = (row - top) * result.width
            result.values.replaceSubrange(target..<target + result.width, with: values[source..<source + result.width])
        }
        return result
    }

    /// Twice as large each way, by cubic convolution (Catmull–Rom), the edges repeated.
    func doubled() -> Plane {
        var result = Plane(width: width * 2, height: height * 2)
        guard width > 0, height > 0 else { return result }
        // A new pixel's centre lies a quarter pixel before or after an old one's: the same four weights
        // serve every pixel, mirrored.
        let near = Self.cubicWeights(0.75)
        let far = Self.cubicWeights(0.25)
        var across = Plane(width: width * 2, height: height)
        for y in 0..<height {
            for x in 0..<width {
                for (half, weights) in [(0, near), (1, far)] {
                    let first = x - 2 + half
                    var sum: Float = 0
                    for tap in 0..<4 { sum += weights[tap] * self[min(max(first + tap, 0), width - 1), y] }
                    across[2 * x + half, y] = sum
                }
            }
        }
        for y in 0..<height {
            for (half, weights) in [(0, near), (1, far)] {
                let first = y - 2 + half
                for x in 0..<width * 2 {
                    var sum: Float = 0
                    for tap in 0..<4 { sum += weights[tap] * across[x, min(max(first + tap, 0), height - 1)] }
                    result[x, 2 * y + half] = sum
                }
            }
        }
        return result
    }

    /// The Catmull–Rom weights of the four samples around a point `t` (0…1) past the second.
    private static func cubicWeights(_ t: Float) -> [Float] {
        let t2 = t * t
        let t3 = t2 * t
        return [
            (-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2,
        ]
    }

    /// The index `index` of a row or column of `count` values, mirrored back inside (`-1` is `1`).
    static func mirror(_ index: Int, _ count: Int) -> Int {
        guard count > 1 else { return 0 }
        let period = 2 * (count - 1)
        var folded = index % period
        if folded < 0 { folded += period }
        return folded < count ? folded : period - folded
    }
}
