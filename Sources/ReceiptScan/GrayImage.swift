/// An 8-bit grayscale picture, row by row from the top left: what every loader produces and what
/// the QR decoder reads.
public struct GrayImage: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height` bytes, 0 black … 255 white.
    public var pixels: [UInt8]

    /// The largest picture any loader accepts by default: 50 megapixels, well above a phone photo,
    /// well below what a decompression bomb claims.
    public static let defaultPixelLimit = 50_000_000

    /// An image of the given size filled with one shade.
    public init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: fill, count: self.width * self.height)
    }

    /// An image from its pixels; nil when their count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The shade at column `x`, row `y`, both counted from 0 at the top left; unchecked beyond the
    /// array's own bounds.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
