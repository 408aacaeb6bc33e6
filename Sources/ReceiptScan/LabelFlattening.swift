import Foundation

/// A code on a crumpled or bent label against a darker ground, flattened: the label's four edges
/// are traced where its light meets the ground, and the picture is resampled so that those four
/// curves become the sides of a square (a Coons patch: each point a blend of the two edge curves
/// across and the two down, less the corners' share). The engines' own grid is one perspective for
/// the whole code; on wrinkled paper that moves modules by half a module and more, which the patch
/// takes out wherever the wrinkle reaches the label's edge. Only pixels are resampled: what is read
/// is still only what zbar or zxing-cpp decode.
extension GrayImage {
    /// The label around the middle of the picture flattened into a square as wide as the label, with
    /// a white margin of a tenth of that, its edges smoothed over `smoothing` of their 128 samples;
    /// nil when the picture does not show a light label on a darker ground filling much of it.
    func flattenedLabel(smoothing: Int) -> GrayImage? {
        guard width >= 16, height >= 16 else { return nil }
        let threshold = otsuThreshold()
        // The ground must be dark: much of the picture's border below the threshold.
        var border = 0
        var dark = 0
        for x in 0..<width {
            for y in [0, height - 1] {
                border += 1
                if self[x, y] <= threshold { dark += 1 }
            }
        }
        for y in 0..<height {
            for x in [0, width - 1] {
                border += 1
                if self[x, y] <= threshold { dark += 1 }
            }
        }
        guard dark * 10 >= border * 4 else { return nil }
        let label = largestLightRegion(above: threshold)
        // Its corners: the light pixels furthest along the two diagonals each way.
        var corners = [(0, 0), (0, 0), (0, 0), (0, 0)]  // top left, top right, bottom right, bottom left
        var best = [Int.max, Int.min, Int.min, Int.max]
        var count = 0
        for y in 0..<height {
            for x in 0..<width where label[y * width + x] {
                count += 1
                if x + y < best[0] { (best[0], corners[0]) = (x + y, (x, y)) }
                if x - y > best[1] { (best[1], corners[1]) = (x - y, (x, y)) }
                if x + y > best[2] { (best[2], corners[2]) = (x + y, (x, y)) }
                if x - y < best[3] { (best[3], corners[3]) = (x - y, (x, y)) }
            }
        }
        // A label fills a good part of the picture; a speck of light is no label.
        guard count * 5 > width * height else { return nil }
        let points = corners.map { (x: Double($0.0), y: Double($0.1)) }
        let centre = (
            x: points.map(\.x).reduce(0, +) / 4, y: points.map(\.y).reduce(0, +) / 4
        )
        let top = edge(points[0], points[1], centre: centre, label: label, smoothing: smoothing)
        let right = edge(points[1], points[2], centre: centre, label: label, smoothing: smoothing)
        let bottom = edge(points[3], points[2], centre: centre, label: label, smoothing: smoothing)
        let left = edge(points[0], points[3], centre: centre, label: label, smoothing: smoothing)
        let last = Self.edgeSamples - 1
        func along(_ curve: [(x: Double, y: Double)], _ t: Double) -> (x: Double, y: Double) {
            let position = t * Double(last)
            let index = min(last - 1, Int(position))
            let fraction = position - Double(index)
            return (
                curve[index].x * (1 - fraction) + curve[index + 1].x * fraction,
                curve[index].y * (1 - fraction) + curve[index + 1].y * fraction
            )
        }
        let (c00, c10, c11, c01) = (top[0], top[last], bottom[last], bottom[0])
        func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        let side = Int((distance(c00, c10) + distance(c10, c11) + distance(c11, c01) + distance(c01, c00)) / 4)
        guard side >= 21 else { return nil }
        let margin = max(4, side / 10)
        var result = GrayImage(width: side + 2 * margin, height: side + 2 * margin, fill: 255)
        let step = 1 / Double(max(1, side - 1))
        for row in 0..<side {
            let v = Double(row) * step
            let l = along(left, v)
            let r = along(right, v)
            for column in 0..<side {
                let u = Double(column) * step
                let t = along(top, u)
                let b = along(bottom, u)
                let x =
                    (1 - v) * t.x + v * b.x + (1 - u) * l.x + u * r.x
                    - ((1 - u) * (1 - v) * c00.x + u * (1 - v) * c10.x + u * v * c11.x + (1 - u) * v * c01.x)
                let y =
                    (1 - v) * t.y + v * b.y + (1 - u) * l.y + u * r.y
                    - ((1 - u) * (1 - v) * c00.y + u * (1 - v) * c10.y + u * v * c11.y + (1 - u) * v * c01.y)
                result[margin + column, margin + row] = UInt8(shade(atX: x, y: y) + 0.5)
            }
        }
        return result
    }

    /// Samples along each traced edge.
    static let edgeSamples = 128

    /// The edge of the label between two of its corners: along the straight line between them, the
    /// first label pixel met walking inwards from up to 16 pixels outside; smoothed over `smoothing`
    /// samples.
    private func edge(
        _ start: (x: Double, y: Double), _ end: (x: Double, y: Double), centre: (x: Double, y: Double),
        label: [Bool], smoothing: Int
    ) -> [(x: Double, y: Double)] {
        let (dx, dy) = (end.x - start.x, end.y - start.y)
        let length = max(1e-9, (dx * dx + dy * dy).squareRoot())
        var normal = (x: dy / length, y: -dx / length)
        let middle = ((start.x + end.x) / 2, (start.y + end.y) / 2)
        if normal.x * (centre.x - middle.0) + normal.y * (centre.y - middle.1) < 0 { normal = (-normal.x, -normal.y) }
        var offsets: [Double] = []
        for index in 0..<Self.edgeSamples {
            let t = Double(index) / Double(Self.edgeSamples - 1)
            let base = (x: start.x + dx * t, y: start.y + dy * t)
            var found = 0.0
            for step in stride(from: -16.0, through: 16.0, by: 0.5) {
                let x = Int((base.x + normal.x * step).rounded())
                let y = Int((base.y + normal.y * step).rounded())
                if x >= 0, y >= 0, x < width, y < height, label[y * width + x] {
                    found = step
                    break
                }
            }
            offsets.append(found)
        }
        // The corners stay where they are; between them the offsets are smoothed.
        let half = max(0, smoothing / 2)
        var smoothed = offsets
        for index in offsets.indices {
            let low = max(0, index - half)
            let high = min(offsets.count - 1, index + half)
            smoothed[index] = offsets[low...high].reduce(0, +) / Double(high - low + 1)
        }
        return smoothed.enumerated().map { index, offset in
            let t = Double(index) / Double(Self.edgeSamples - 1)
            return (start.x + dx * t + normal.x * offset, start.y + dy * t + normal.y * offset)
        }
    }

    /// The largest region of connected light pixels (four neighbours), as a mask: the label, its
    /// light modules joined to it through the light between the code's dark ones.
    private func largestLightRegion(above threshold: UInt8) -> [Bool] {
        var region = [Int32](repeating: -1, count: width * height)
        var (largest, largestSize) = (Int32(-1), 0)
        var stack: [Int] = []
        var next: Int32 = 0
        for start in 0..<(width * height) where region[start] < 0 && pixels[start] > threshold {
            region[start] = next
            stack.append(start)
            var size = 0
            while let index = stack.popLast() {
                size += 1
                let (x, y) = (index % width, index / width)
                if x > 0, region[index - 1] < 0, pixels[index - 1] > threshold {
                    region[index - 1] = next
                    stack.append(index - 1)
                }
                if x + 1 < width, region[index + 1] < 0, pixels[index + 1] > threshold {
                    region[index + 1] = next
                    stack.append(index + 1)
                }
                if y > 0, region[index - width] < 0, pixels[index - width] > threshold {
                    region[index - width] = next
                    stack.append(index - width)
                }
                if y + 1 < height, region[index + width] < 0, pixels[index + width] > threshold {
                    region[index + width] = next
                    stack.append(index + width)
                }
            }
            if size > largestSize { (largest, largestSize) = (next, size) }
            next += 1
        }
        return region.map { $0 == largest }
    }

    /// The shade that best splits the picture into dark and light (Otsu's method: the largest
    /// variance between the two classes).
    func otsuThreshold() -> UInt8 {
        var histogram = [Double](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let total = Double(pixels.count)
        let sum = histogram.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
        var (weightBelow, sumBelow, best, threshold) = (0.0, 0.0, -1.0, 127)
        for level in 0..<256 {
            weightBelow += histogram[level]
            guard weightBelow > 0 else { continue }
            let weightAbove = total - weightBelow
            guard weightAbove > 0 else { break }
            sumBelow += Double(level) * histogram[level]
            let difference = sumBelow / weightBelow - (sum - sumBelow) / weightAbove
            let between = weightBelow * weightAbove * difference * difference
            if between > best { (best, threshold) = (between, level) }
        }
        return UInt8(threshold)
    }
}
