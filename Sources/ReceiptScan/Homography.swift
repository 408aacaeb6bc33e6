/// A plane-to-plane projective map, as a camera makes of a flat receipt: rotation, scale and
/// perspective tilt in one 3×3 matrix.
public struct Homography: Sendable, Equatable {
    /// Row-major 3×3 coefficients.
    public var m: [Double]

    /// The identity map.
    public static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The map with these coefficients; the identity when there are not nine.
    public init(m: [Double]) {
        self.m = m.count == 9 ? m : Homography.identity.m
    }

    /// The map that takes each of four points to its counterpart; nil when three of them are on a line.
    public init?(from source: [(x: Double, y: Double)], to target: [(x: Double, y: Double)]) {
        guard source.count == 4, target.count == 4 else { return nil }
        // Eight equations in h11…h32 (h33 = 1), solved by Gaussian elimination with pivoting.
        var rows: [[Double]] = []
        for (s, t) in zip(source, target) {
            rows.append([s.x, s.y, 1, 0, 0, 0, -t.x * s.x, -t.x * s.y, t.x])
            rows.append([0, 0, 0, s.x, s.y, 1, -t.y * s.x, -t.y * s.y, t.y])
        }
        for column in 0..<8 {
            guard let pivot = (column..<8).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                abs(rows[pivot][column]) > 1e-12
            else { return nil }
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = rows[row][column] / rows[column][column]
                if factor != 0 { for k in column..<9 { rows[row][k] -= factor * rows[column][k] } }
            }
        }
        m = (0..<8).map { rows[$0][8] / rows[$0][$0] } + [1]
    }

    /// Where the map takes a point.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }
}

extension GrayImage {
    /// A `width × height` picture whose pixel (x, y) is this one's at `map(x, y)`, read between
    /// pixels bilinearly; points that fall outside are `outside`.
    public func warped(width newWidth: Int, height newHeight: Int, map: Homography, outside: UInt8 = 255) -> GrayImage {
        var result = GrayImage(width: newWidth, height: newHeight, fill: outside)
        let m = map.m
        let maxX = Double(width - 1)
        let maxY = Double(height - 1)
        pixels.withUnsafeBufferPointer { input in
            result.pixels.withUnsafeMutableBufferPointer { output in
                for y in 0..<newHeight {
                    let fy = Double(y)
                    for x in 0..<newWidth {
                        let fx = Double(x)
                        let w = m[6] * fx + m[7] * fy + m[8]
                        let u = (m[0] * fx + m[1] * fy + m[2]) / w
                        let v = (m[3] * fx + m[4] * fy + m[5]) / w
                        guard u >= 0, v >= 0, u <= maxX, v <= maxY else { continue }
                        let x0 = Int(u)
                        let y0 = Int(v)
                        let x1 = min(x0 + 1, width - 1)
                        let y1 = min(y0 + 1, height - 1)
                        let ax = u - Double(x0)
                        let ay = v - Double(y0)
                        let top = Double(input[y0 * width + x0]) * (1 - ax) + Double(input[y0 * width + x1]) * ax
                        let bottom = Double(input[y1 * width + x0]) * (1 - ax) + Double(input[y1 * width + x1]) * ax
                        output[y * newWidth + x] = UInt8(top * (1 - ay) + bottom * ay + 0.5)
                    }
                }
            }
        }
        return result
    }
}
