import Foundation

/// Undoes a known blur of a code's crop (a Wiener filter): the crop's spectrum divided by the
/// blur's, damped where the blur left almost nothing (there the noise would only be amplified).
/// The spectrum is taken once; each blur tried then costs one product and one inverse transform.
///
/// Blurs are described, not drawn: a shaken hand as a straight line `length` pixels long at an
/// angle, a lens out of focus as a Gaussian; their spectra are known in closed form.
struct Deconvolution {
    /// How a picture was blurred, in pixels of the picture deconvolved.
    enum Blur: Equatable {
        /// A straight streak: `length` pixels at `degrees` counter-clockwise from the x axis.
        case line(length: Float, degrees: Float)
        /// Out of focus, about a Gaussian of `sigma` pixels.
        case gaussian(sigma: Float)
    }

    /// The picture's own size.
    let width: Int
    let height: Int
    /// The transform's size: powers of two, the picture mirrored out to them.
    private let columns: Int
    private let rows: Int
    private let left: Int
    private let top: Int
    private var real: [Float]
    private var imaginary: [Float]

    /// Ready to deconvolve `picture`: its spectrum, the picture mirrored by at least `margin` pixels
    /// on every side so that its edges do not ring.
    init(_ picture: Plane, margin: Int = 12) {
        width = picture.width
        height = picture.height
        columns = Self.powerOfTwo(atLeast: width + 2 * margin)
        rows = Self.powerOfTwo(atLeast: height + 2 * margin)
        left = (columns - width) / 2
        top = (rows - height) / 2
        real = [Float](repeating: 0, count: columns * rows)
        imaginary = [Float](repeating: 0, count: columns * rows)
        for y in 0..<rows {
            let sourceRow = Plane.mirror(y - top, height)
            for x in 0..<columns { real[y * columns + x] = picture[Plane.mirror(x - left, width), sourceRow] }
        }
        FFT.transform2D(&real, &imaginary, columns: columns, rows: rows, inverse: false)
    }

    /// The picture as it was before `blur`, by a Wiener filter with noise-to-signal `damping`.
    func restored(from blur: Blur, damping: Float = 0.03) -> Plane {
        var outReal = real
        var outImaginary = imaginary
        for v in 0..<rows {
            let fy = Float(v < rows / 2 ? v : v - rows) / Float(rows)
            for u in 0..<columns {
                let fx = Float(u < columns / 2 ? u : u - columns) / Float(columns)
                // Both blurs are symmetric: their spectra are real.
                let h = Self.response(of: blur, fx: fx, fy: fy)
                let gain = h / (h * h + damping)
                outReal[v * columns + u] *= gain
                outImaginary[v * columns + u] *= gain
            }
        }
        FFT.transform2D(&outReal, &outImaginary, columns: columns, rows: rows, inverse: true)
        var result = Plane(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { result[x, y] = outReal[(y + top) * columns + x + left] }
        }
        return result
    }

    /// The blur's frequency response at (`fx`, `fy`) cycles a pixel.
    static func response(of blur: Blur, fx: Float, fy: Float) -> Float {
        switch blur {
        case .gaussian(let sigma):
            return exp(-2 * Float.pi * Float.pi * sigma * sigma * (fx * fx + fy * fy))
        case .line(let length, let degrees):
            // A streak along (cos, −sin) in image coordinates (y grows downwards), drawn with
            // bilinear weights: its box along the streak, a pixel's tent across both axes.
            let angle = degrees * Float.pi / 180
            let along = fx * cos(angle) - fy * sin(angle)
            return sinc(length * along) * sinc(fx) * sinc(fx) * sinc(fy) * sinc(fy)
        }
    }

    private static func sinc(_ x: Float) -> Float {
        abs(x) < 1e-6 ? 1 : sin(Float.pi * x) / (Float.pi * x)
    }

    private static func powerOfTwo(atLeast value: Int) -> Int {
        var size = 1
        while size < value { size *= 2 }
        return size
    }

    /// The direction a blur smeared the picture, from its structure tensor: the axis along which it
    /// changes least, in degrees counter-clockwise from the x axis (0…180); and how much more it
    /// changes across than along (about 1 for an even blur, several for a streak).
    static func smear(of picture: Plane) -> (degrees: Float, anisotropy: Float) {
        let (across, down) = picture.gradients()
        var (xx, xy, yy): (Double, Double, Double) = (0, 0, 0)
        for index in across.values.indices {
            let (gx, gy) = (Double(across.values[index]), Double(down.values[index]))
            xx += gx * gx
            xy += gx * gy
            yy += gy * gy
        }
        let mean = (xx + yy) / 2
        let spread = ((xx - yy) * (xx - yy) / 4 + xy * xy).squareRoot()
        let (smallest, largest) = (mean - spread, mean + spread)
        // The eigenvector of the smallest eigenvalue.
        let (vx, vy) = abs(xy) > 1e-9 ? (xy, smallest - xx) : (xx <= yy ? (1.0, 0.0) : (0.0, 1.0))
        var degrees = atan2(-vy, vx) * 180 / Double.pi
        if degrees < 0 { degrees += 180 }
        if degrees >= 180 { degrees -= 180 }
        return (Float(degrees), Float(largest / max(smallest, 1e-9)))
    }
}

/// The fast Fourier transform, radix 2, in place on separate real and imaginary parts.
enum FFT {
    /// Transforms `count` values (a power of two) `stride` apart from `offset`.
    static func transform(
        _ real: UnsafeMutablePointer<Float>, _ imaginary: UnsafeMutablePointer<Float>, count: Int, inverse: Bool
    ) {
        guard count > 1 else { return }
        var j = 0
        for i in 1..<count {
            var bit = count >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                swap(&real[i], &real[j])
                swap(&imaginary[i], &imaginary[j])
            }
        }
        var length = 2
        let sign: Float = inverse ? 1 : -1
        while length <= count {
            let angle = sign * 2 * Float.pi / Float(length)
            let (stepReal, stepImaginary) = (cos(angle), sin(angle))
            let half = length / 2
            var start = 0
            while start < count {
                var (wReal, wImaginary): (Float, Float) = (1, 0)
                for k in 0..<half {
                    let a = start + k
                    let b = a + half
                    let tReal = real[b] * wReal - imaginary[b] * wImaginary
                    let tImaginary = real[b] * wImaginary + imaginary[b] * wReal
                    real[b] = real[a] - tReal
                    imaginary[b] = imaginary[a] - tImaginary
                    real[a] += tReal
                    imaginary[a] += tImaginary
                    (wReal, wImaginary) = (
                        wReal * stepReal - wImaginary * stepImaginary, wReal * stepImaginary + wImaginary * stepReal
                    )
                }
                start += length
            }
            length *= 2
        }
        if inverse {
            let scale = 1 / Float(count)
            for index in 0..<count {
                real[index] *= scale
                imaginary[index] *= scale
            }
        }
    }

    /// Transforms a `columns × rows` array (both powers of two): every row, then every column.
    static func transform2D(_ real: inout [Float], _ imaginary: inout [Float], columns: Int, rows: Int, inverse: Bool) {
        real.withUnsafeMutableBufferPointer { real in
            imaginary.withUnsafeMutableBufferPointer { imaginary in
                guard let realBase = real.baseAddress, let imaginaryBase = imaginary.baseAddress else { return }
                for row in 0..<rows {
                    transform(realBase + row * columns, imaginaryBase + row * columns, count: columns, inverse: inverse)
                }
                var columnReal = [Float](repeating: 0, count: rows)
                var columnImaginary = [Float](repeating: 0, count: rows)
                columnReal.withUnsafeMutableBufferPointer { columnReal in
                    columnImaginary.withUnsafeMutableBufferPointer { columnImaginary in
                        guard let cr = columnReal.baseAddress, let ci = columnImaginary.baseAddress else { return }
                        for column in 0..<columns {
                            for row in 0..<rows {
                                cr[row] = realBase[row * columns + column]
                                ci[row] = imaginaryBase[row * columns + column]
                            }
                            transform(cr, ci, count: rows, inverse: inverse)
                            for row in 0..<rows {
                                realBase[row * columns + column] = cr[row]
                                imaginaryBase[row * columns + column] = ci[row]
                            }
                        }
                    }
                }
            }
        }
    }
}
